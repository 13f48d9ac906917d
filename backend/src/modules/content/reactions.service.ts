import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { Member } from '../../platform/access/current-caller.decorator';
import { OutboxService } from '../../platform/queues/outbox.service';
import { postKeyQuery } from './content-items.service';
import { ContentErrors } from './content.errors';
import { FOREIGN_KEY_VIOLATION, pgErrorCode } from './db-errors';
import type { PostPrivacy } from './entities/post.entity';
import { canSee, viewerOf } from './visibility';

interface Target {
  kind: 'post' | 'comment';
  id: string;
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
        const [created]: Array<{ id: string }> = await manager.query(
          `INSERT INTO reaction (user_id, post_id, comment_id) VALUES ($1, $2, $3)
           ON CONFLICT DO NOTHING RETURNING id`,
          [
            member.userId,
            target.kind === 'post' ? target.id : null,
            target.kind === 'comment' ? target.id : null,
          ],
        );
        if (!created) {
          const [existing] = await manager.query(
            `SELECT id FROM reaction WHERE user_id = $1 AND ${target.kind}_id = $2`,
            [member.userId, target.id],
          );
          throw ContentErrors.ALREADY_REACTED({ id: existing?.id ?? null });
        }
        const [[counted]]: [[{ reaction_count: number }]] = await manager.query(
          `UPDATE ${target.kind} SET reaction_count = reaction_count + 1 WHERE id = $1
           RETURNING reaction_count`,
          [target.id],
        );
        if (target.authorId !== member.userId)
          await this.outbox.enqueue(
            manager,
            'notifications',
            'reaction-created',
            {
              reactionId: created.id,
              actorId: member.userId,
              postId: target.postId,
              commentId: target.kind === 'comment' ? target.id : null,
            },
            { jobId: `reaction-created.${created.id}` },
          );
        return { id: created.id, reaction_count: counted.reaction_count };
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
      const [reaction]: Array<{
        user_id: string;
        post_id: string | null;
        comment_id: string | null;
        privacy: PostPrivacy;
        author_id: string;
      }> = await manager.query(
        `SELECT r.user_id, r.post_id, r.comment_id, p.privacy, p.user_id AS author_id
           FROM reaction r
           LEFT JOIN comment c ON c.id = r.comment_id
           JOIN post p ON p.id = COALESCE(r.post_id, c.post_id)
          WHERE r.id = $1`,
        [reactionId],
      );
      if (!reaction) throw ContentErrors.REACTION_NOT_FOUND();
      if (reaction.user_id !== member.userId) throw ContentErrors.NOT_THE_AUTHOR();
      if (!canSee(viewerOf(member), { privacy: reaction.privacy, userId: reaction.author_id }))
        throw ContentErrors.POST_NOT_FOUND();
      const [deleted]: [unknown[], number] = await manager.query(
        'DELETE FROM reaction WHERE id = $1 AND user_id = $2 RETURNING id',
        [reactionId, member.userId],
      );
      // A parallel request removed it first: the count was decremented there.
      if (!deleted.length) throw ContentErrors.REACTION_NOT_FOUND();
      const table = reaction.post_id ? 'post' : 'comment';
      const [[counted]]: [[{ reaction_count: number }]] = await manager.query(
        `UPDATE ${table} SET reaction_count = reaction_count - 1 WHERE id = $1 RETURNING reaction_count`,
        [reaction.post_id ?? reaction.comment_id],
      );
      return { reaction_count: counted.reaction_count };
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
      const [comment]: Array<{
        id: string;
        user_id: string;
        post_id: string;
        privacy: PostPrivacy;
        post_author: string;
      }> = await manager.query(
        `SELECT c.id, c.user_id, c.post_id, p.privacy, p.user_id AS post_author
           FROM comment c JOIN post p ON p.id = c.post_id WHERE c.id = $1`,
        [input.commentId],
      );
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
    const [post]: Array<{ id: string; user_id: string; privacy: PostPrivacy }> =
      await manager.query(
        `SELECT id, user_id, privacy FROM post WHERE ${query.randomId !== undefined ? 'random_id' : 'id'} = $1`,
        [query.randomId ?? query.postId],
      );
    if (!post || !canSee(viewer, { privacy: post.privacy, userId: post.user_id }))
      throw ContentErrors.POST_NOT_FOUND();
    return { kind: 'post', id: post.id, postId: post.id, authorId: post.user_id };
  }
}
