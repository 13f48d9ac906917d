import { Injectable, type OnModuleInit } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { Member } from '../../platform/access/current-caller.decorator';
import { AccountDeletionService } from '../identity/account-deletion.service';
import type { InterestType } from './entities/user-tag-interest.entity';
import { TAG_COLUMNS, type UserInterestView } from './tag-views';
import { listedTagSql } from './tag-visibility';
import { TagsErrors } from './tags.errors';

interface InterestRow {
  interest_type: InterestType;
  id: number;
  name: string;
  is_parent: boolean;
  parent_id: number | null;
  group_id: number | null;
  description: string | null;
  follower_count: number;
  post_count: number;
}

function sortedUnique(ids: readonly number[]): number[] {
  return [...new Set(ids)].sort((a, b) => a - b);
}

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
      run: (manager, userId) => this.removeAllOf(manager, userId),
    });
  }

  /** A member's interests, tag by tag (own, or anyone's for admins). */
  async list(caller: Member, userId: string): Promise<UserInterestView[]> {
    if (caller.userId !== userId && !caller.admin) throw TagsErrors.NOT_YOUR_INTERESTS();
    return this.interestsOf(this.dataSource.manager, userId);
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
      const params: unknown[] = [ids];
      const locked: Array<{ id: number }> = await manager.query(
        `SELECT t.id FROM tag t
         WHERE t.id = ANY($1::int[]) AND ${listedTagSql('t', member, params)}
         ORDER BY t.id FOR NO KEY UPDATE`,
        params,
      );
      if (locked.length !== ids.length) {
        const found = new Set(locked.map((row) => row.id));
        throw TagsErrors.TAG_NOT_FOUND({ missing: ids.filter((id) => !found.has(id)) });
      }
      await manager.query(
        `WITH added AS (
           INSERT INTO user_tag_interest (user_id, tag_id, interest_type)
           SELECT $1, unnest($2::int[]), $3
           ON CONFLICT DO NOTHING
           RETURNING tag_id
         )
         UPDATE tag SET follower_count = follower_count + 1
         WHERE id IN (SELECT tag_id FROM added)`,
        [member.userId, ids, interestType],
      );
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
      await manager.query(
        'SELECT id FROM tag WHERE id = ANY($1::int[]) ORDER BY id FOR NO KEY UPDATE',
        [ids],
      );
      // TypeORM answers an UPDATE or DELETE with [rows, affected count].
      const [deleted]: [Array<{ tag_id: number }>, number] = await manager.query(
        `DELETE FROM user_tag_interest
         WHERE user_id = $1 AND interest_type = $2 AND tag_id = ANY($3::int[])
         RETURNING tag_id`,
        [member.userId, interestType, ids],
      );
      const deletedIds = sortedUnique(deleted.map((row) => row.tag_id));
      if (!deletedIds.length) return { deleted: [], decremented: [] };
      const [decremented]: [Array<{ id: number }>, number] = await manager.query(
        `UPDATE tag SET follower_count = follower_count - 1
         WHERE id = ANY($1::int[]) AND follower_count > 0
         RETURNING id`,
        [deletedIds],
      );
      return {
        deleted: deletedIds,
        decremented: sortedUnique(decremented.map((row) => row.id)),
      };
    });
  }

  /** Whether removing these tags (of this type, or of every type) would leave no interests. */
  async wouldBeLast(
    member: Member,
    tagIds: readonly number[],
    interestType?: InterestType,
  ): Promise<boolean> {
    const [{ remaining }]: Array<{ remaining: boolean }> = await this.dataSource.query(
      `SELECT EXISTS (
         SELECT 1 FROM user_tag_interest
         WHERE user_id = $1
           AND NOT (tag_id = ANY($2::int[]) AND ($3::text IS NULL OR interest_type = $3::text))
       ) AS remaining`,
      [member.userId, sortedUnique(tagIds), interestType ?? null],
    );
    return !remaining;
  }

  private async interestsOf(manager: EntityManager, userId: string): Promise<UserInterestView[]> {
    const rows: InterestRow[] = await manager.query(
      `SELECT i.interest_type, ${TAG_COLUMNS}
       FROM user_tag_interest i JOIN tag t ON t.id = i.tag_id
       WHERE i.user_id = $1
       ORDER BY t.name, i.interest_type`,
      [userId],
    );
    return rows.map(({ interest_type, ...tag }) => ({ tag, interest_type }));
  }

  private async removeAllOf(manager: EntityManager, userId: string): Promise<void> {
    await manager.query(
      `SELECT id FROM tag
       WHERE id IN (SELECT tag_id FROM user_tag_interest WHERE user_id = $1)
       ORDER BY id FOR NO KEY UPDATE`,
      [userId],
    );
    await manager.query(
      `WITH removed AS (
         DELETE FROM user_tag_interest WHERE user_id = $1 RETURNING tag_id
       )
       UPDATE tag SET follower_count = GREATEST(follower_count - counted.rows, 0)
       FROM (SELECT tag_id, count(*)::int AS rows FROM removed GROUP BY tag_id) counted
       WHERE tag.id = counted.tag_id`,
      [userId],
    );
  }
}
