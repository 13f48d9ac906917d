import { Injectable } from '@nestjs/common';
import { Sql } from '../../platform/database/sql';
import { JobQueue } from '../../platform/queues/job-queue.service';
import type { NotifyPayload } from '../notifications';
import { commentContext } from './comments.queries';
import type { PostPrivacy } from './entities/post.entity';
import type { CommentCreatedPayload, ReactionCreatedPayload } from './jobs/content.jobs';
import { reactionWithPost } from './reactions.queries';

/** Who would hear of a reaction or comment (the author of what it answers), and its post. */
interface Notice {
  target_author_id: string;
  /** The post's author. */
  author_id: string;
  privacy: PostPrivacy;
}

/**
 * Who hears about reactions and comments (spec §6), decided here, where the posts are: the author
 * of what was reacted to or replied to; never of their own doing, never of a post they may no
 * longer see. What was taken back or deleted before the job ran tells nobody. The notice goes to
 * the notifications module as a self-contained `notify` job.
 */
@Injectable()
export class ContentNotices {
  constructor(
    private readonly sql: Sql,
    private readonly jobs: JobQueue,
  ) {}

  /** One notification per member per target, even when they take it back and react again. */
  async tellOfReaction(data: ReactionCreatedPayload): Promise<void> {
    const reaction = await reactionWithPost(this.sql, data.reactionId);
    if (!reaction || !shouldTell(reaction, data.actorId)) return;
    const target = data.commentId ? `comment:${data.commentId}` : `post:${data.postId}`;
    await this.tell({
      type: 'reaction',
      recipientId: reaction.target_author_id,
      actorId: data.actorId,
      postId: data.postId,
      commentId: data.commentId,
      dedupeKey: `reaction:${target}:${data.actorId}`,
    });
  }

  async tellOfComment(data: CommentCreatedPayload): Promise<void> {
    const comment = await commentContext(this.sql, data.commentId);
    if (!comment || !shouldTell(comment, data.actorId)) return;
    await this.tell({
      type: 'comment',
      recipientId: comment.target_author_id,
      actorId: data.actorId,
      postId: data.postId,
      commentId: data.commentId,
      dedupeKey: `comment:${data.commentId}`,
    });
  }

  private async tell(notice: NotifyPayload): Promise<void> {
    await this.jobs.add('notifications', 'notify', notice);
  }
}

/** Never one's own doing; a private post's activity only to its author. */
function shouldTell(notice: Notice, actorId: string): boolean {
  if (notice.target_author_id === actorId) return false;
  return notice.privacy !== 'private' || notice.target_author_id === notice.author_id;
}
