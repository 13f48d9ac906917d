import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { Member } from '../../platform/access/current-caller.decorator';
import { canSee, viewerOf } from '../../platform/access/viewer';
import { FOREIGN_KEY_VIOLATION, pgErrorCode } from '../../platform/database/db-errors';
import { OutboxService } from '../../platform/queues/outbox.service';
import { postKeyQuery } from './content-items.service';
import { ContentErrors } from './content.errors';
import { findPost } from './posts.queries';
import * as reactions from './reactions.queries';
import type { ReactionTarget } from './reactions.queries';

interface Target extends ReactionTarget {
  postId: string;
  authorId: string;
}

/**
 * One reaction per member per post or comment: the unique constraints decide, so 50 parallel
 * requests give exactly one row, and the target's reaction_count moves in the same transaction.
 */
@Injectable()
export class ReactionsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: OutboxService,
  ) {}

  async create(
    member: Member,
    input: { postId?: string; commentId?: string },
  ): Promise<{ id: string; reaction_count: number }> {
    try {
      return await this.dataSource.transaction(async (manager) => {
        const target = await this.findTarget(manager, member, input);
        const created = await reactions.insertReaction(manager, member.userId, target);
        if (!created) {
          const existing = await reactions.reactionOf(manager, member.userId, target);
          throw ContentErrors.ALREADY_REACTED({ id: existing ?? null });
        }
        const count = await reactions.addToReactionCount(manager, target, 1);
        if (target.authorId !== member.userId)
          await this.outbox.enqueue(
            manager,
            'notifications',
            'reaction-created',
            {
              reactionId: created,
              actorId: member.userId,
              postId: target.postId,
              commentId: target.kind === 'comment' ? target.id : null,
            },
            { jobId: `reaction-created.${created}` },
          );
        return { id: created, reaction_count: count };
      });
    } catch (error) {
      // The post or comment went away between finding it and reacting.
      if (pgErrorCode(error) === FOREIGN_KEY_VIOLATION)
        throw input.commentId ? ContentErrors.COMMENT_NOT_FOUND() : ContentErrors.POST_NOT_FOUND();
      throw error;
    }
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

  /** The post or comment reacted to, if the member may see it (404 otherwise, never 403). */
  private async findTarget(
    manager: EntityManager,
    member: Member,
    input: { postId?: string; commentId?: string },
  ): Promise<Target> {
    const viewer = viewerOf(member);
    if (input.commentId) {
      const comment = await reactions.commentWithPost(manager, input.commentId);
      if (!comment || !canSee(viewer, { privacy: comment.privacy, userId: comment.post_author }))
        throw ContentErrors.COMMENT_NOT_FOUND();
      return {
        kind: 'comment',
        id: comment.id,
        postId: comment.post_id,
        authorId: comment.user_id,
      };
    }
    const query = postKeyQuery(input.postId ?? '');
    if (!query) throw ContentErrors.POST_NOT_FOUND();
    const post = await findPost(manager, query);
    if (!post || !canSee(viewer, { privacy: post.privacy, userId: post.user_id }))
      throw ContentErrors.POST_NOT_FOUND();
    return { kind: 'post', id: post.id, postId: post.id, authorId: post.user_id };
  }
}
