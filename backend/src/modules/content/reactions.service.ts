import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Sql } from '../../platform/database/sql';
import type { Member } from '../../platform/access/current-caller.decorator';
import { canSee, viewerOf } from '../../platform/access/viewer';
import { FOREIGN_KEY_VIOLATION, pgErrorCode } from '../../platform/database/db-errors';
import { postKeyQuery } from './content-items.service';
import { ContentErrors } from './content.errors';
import * as reactions from './reactions.queries';
import type { ReactionTarget } from './reactions.queries';

/**
 * One reaction per member per post or comment: the unique constraints decide, so 50 parallel
 * requests give exactly one row, and the target's reaction_count moves in the same statement.
 */
@Injectable()
export class ReactionsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly sql: Sql,
  ) {}

  /**
   * One statement, no transaction: the reaction, the target's count and its notification job
   * (outbox) are written together, and the target's row is locked only while it runs.
   */
  async create(
    member: Member,
    input: { postId?: string; commentId?: string },
  ): Promise<{ id: string; reaction_count: number }> {
    const viewer = viewerOf(member);
    const notFound = () =>
      input.commentId ? ContentErrors.COMMENT_NOT_FOUND() : ContentErrors.POST_NOT_FOUND();
    let key: reactions.ReactionKey;
    if (input.commentId) key = { kind: 'comment', commentId: input.commentId };
    else {
      const post = postKeyQuery(input.postId ?? '');
      if (!post) throw ContentErrors.POST_NOT_FOUND();
      key = { kind: 'post', post };
    }
    // A guest never gets here (the route is for members); a suspended member sees as a guest.
    if (viewer.kind !== 'member') throw notFound();
    let written: reactions.ReactionWritten | undefined;
    try {
      written = await reactions.react(this.sql, viewer, key);
    } catch (error) {
      // The post or comment went away between finding it and reacting.
      if (pgErrorCode(error) === FOREIGN_KEY_VIOLATION) throw notFound();
      throw error;
    }
    if (!written) throw notFound();
    if (written.id === null || written.reaction_count === null) {
      // A reaction made by a parallel request after this statement began is not in its snapshot.
      const existing =
        written.existing_id ??
        (await reactions.reactionOf(this.sql, member.userId, {
          kind: key.kind,
          id: key.kind === 'comment' ? key.commentId : written.post_id,
        }));
      throw ContentErrors.ALREADY_REACTED({ id: existing ?? null });
    }
    return { id: written.id, reaction_count: written.reaction_count };
  }

  /** Removes one's own reaction (nobody else's, admins included). */
  async remove(member: Member, reactionId: string): Promise<{ reaction_count: number }> {
    return this.dataSource.transaction(async (manager) => {
      const reaction = await reactions.reactionWithPost(manager, reactionId);
      if (!reaction) throw ContentErrors.REACTION_NOT_FOUND();
      if (reaction.user_id !== member.userId) throw ContentErrors.NOT_THE_AUTHOR();
      if (!canSee(viewerOf(member), { privacy: reaction.privacy, userId: reaction.author_id }))
        throw ContentErrors.POST_NOT_FOUND();
      // A parallel request removed it first: the count was decremented there.
      if (!(await reactions.deleteReaction(manager, reactionId, member.userId)))
        throw ContentErrors.REACTION_NOT_FOUND();
      const target: ReactionTarget = reaction.post_id
        ? { kind: 'post', id: reaction.post_id }
        : { kind: 'comment', id: reaction.comment_id as string };
      return { reaction_count: await reactions.addToReactionCount(manager, target, -1) };
    });
  }
}
