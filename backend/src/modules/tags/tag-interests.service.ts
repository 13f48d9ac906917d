import { Injectable, type OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Member } from '../../platform/access/current-caller.decorator';
import type { SqlRunner } from '../../platform/database/sql-runner';
import { AccountDeletionService } from '../identity';
import type { InterestType } from './entities/user-tag-interest.entity';
import * as interests from './tag-interests.queries';
import { sortedUnique, type UserInterestView } from './tag-views';
import { TagsErrors } from './tags.errors';

/**
 * Members' interests in tags. Each interest row counts once in its tag's follower_count; the count
 * changes by a single-statement `± 1` in the transaction that inserts or deletes the row, and only
 * for rows that statement really inserted or deleted, so parallel and repeated calls keep it exact.
 * Tag rows are locked in id order first, so calls naming the same tags in any order never deadlock.
 */
@Injectable()
export class TagInterestsService implements OnModuleInit {
  constructor(
    private readonly dataSource: DataSource,
    private readonly accountDeletion: AccountDeletionService,
  ) {}

  onModuleInit() {
    // The rows would go with the account anyway (ON DELETE CASCADE); this keeps the counts right.
    this.accountDeletion.registerStep({
      name: 'tag-interests',
      phase: 'before-user',
      run: (manager, userId) => interests.deleteAllInterestsOf(manager, userId),
    });
  }

  /** A member's interests, tag by tag (own, or anyone's for admins). */
  async list(caller: Member, userId: string): Promise<UserInterestView[]> {
    if (caller.userId !== userId && !caller.admin) throw TagsErrors.NOT_YOUR_INTERESTS();
    return this.interestsOf(this.dataSource, userId);
  }

  /**
   * Adds interests of one type; rows that exist already are left as they are. A tag not listed to
   * the member is TAG_NOT_FOUND, like one that does not exist.
   */
  async add(
    member: Member,
    tagIds: readonly number[],
    interestType: InterestType,
  ): Promise<UserInterestView[]> {
    const ids = sortedUnique(tagIds);
    return this.dataSource.transaction(async (manager) => {
      const locked = await interests.lockListedTags(manager, ids, member);
      if (locked.length !== ids.length) {
        const found = new Set(locked);
        throw TagsErrors.TAG_NOT_FOUND({ missing: ids.filter((id) => !found.has(id)) });
      }
      await interests.insertInterests(manager, member.userId, ids, interestType);
      return this.interestsOf(manager, member.userId);
    });
  }

  /**
   * Removes interests of one type. `deleted`: tags whose row this call removed (a row that was not
   * there is not listed, so repeating the call lists nothing); `decremented`: tags whose
   * follower_count went down (the same ids unless a count had already reached 0).
   */
  async remove(
    member: Member,
    tagIds: readonly number[],
    interestType: InterestType,
  ): Promise<{ deleted: number[]; decremented: number[] }> {
    const ids = sortedUnique(tagIds);
    return this.dataSource.transaction(async (manager) => {
      await interests.lockTags(manager, ids);
      const deletedIds = sortedUnique(
        await interests.deleteInterests(manager, member.userId, interestType, ids),
      );
      if (!deletedIds.length) return { deleted: [], decremented: [] };
      return {
        deleted: deletedIds,
        decremented: sortedUnique(await interests.uncountFollowers(manager, deletedIds)),
      };
    });
  }

  /** Whether removing these tags (of this type, or of every type) would leave no interests. */
  async wouldBeLast(
    member: Member,
    tagIds: readonly number[],
    interestType?: InterestType,
  ): Promise<boolean> {
    return !(await interests.hasOtherInterests(
      this.dataSource,
      member.userId,
      sortedUnique(tagIds),
      interestType ?? null,
    ));
  }

  private async interestsOf(db: SqlRunner, userId: string): Promise<UserInterestView[]> {
    const rows = await interests.interestsOf(db, userId);
    return rows.map(({ interest_type, ...tag }) => ({ tag, interest_type }));
  }
}
