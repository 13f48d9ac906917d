import { Injectable, type OnModuleInit } from '@nestjs/common';
import { Sql } from '../../platform/database/sql';
import { NotificationsService, type TargetRefs, type Targets } from '../notifications';
import { commentContext } from './comments.queries';
import { ContentNotices } from './notices.service';
import { commentExcerpts, postRandomIds } from './notification-targets.queries';
import { reactionWithPost } from './reactions.queries';

/**
 * Content's part of the notifications list: posts' public ids (the links) and comments' excerpts;
 * and the triggers `new-reaction-notif` / `new-comment-notif`, which re-run the notify path the
 * reaction and comment jobs run (ContentNotices: who may hear of it, never of one's own doing; the
 * dedupe key keeps one row) for a reaction or comment of the caller's own.
 */
@Injectable()
export class ContentNotificationSource implements OnModuleInit {
  constructor(
    private readonly sql: Sql,
    private readonly notifications: NotificationsService,
    private readonly notices: ContentNotices,
  ) {}

  onModuleInit() {
    this.notifications.registerSource({
      describe: (refs) => this.describe(refs),
      retell: {
        reaction: (callerId, reactionId) => this.retellReaction(callerId, reactionId),
        comment: (callerId, commentId) => this.retellComment(callerId, commentId),
      },
    });
  }

  private async describe(refs: TargetRefs): Promise<Partial<Targets>> {
    const [posts, comments] = await Promise.all([
      refs.postIds.length ? postRandomIds(this.sql, refs.postIds) : [],
      refs.commentIds.length ? commentExcerpts(this.sql, refs.commentIds) : [],
    ]);
    return {
      posts: new Map(posts.map((post) => [post.id, { random_id: post.random_id }])),
      comments: new Map(comments.map((c) => [c.id, { excerpt: c.excerpt, is_reply: c.is_reply }])),
    };
  }

  private async retellReaction(callerId: string, reactionId: string): Promise<boolean> {
    const reaction = await reactionWithPost(this.sql, reactionId);
    if (!reaction || reaction.user_id !== callerId) return false;
    await this.notices.tellOfReaction({
      reactionId,
      actorId: callerId,
      postId: reaction.target_post_id,
      commentId: reaction.comment_id,
    });
    return true;
  }

  private async retellComment(callerId: string, commentId: string): Promise<boolean> {
    const comment = await commentContext(this.sql, commentId);
    if (!comment || comment.user_id !== callerId) return false;
    await this.notices.tellOfComment({
      commentId,
      actorId: callerId,
      postId: comment.post_id,
      parentId: null,
    });
    return true;
  }
}
