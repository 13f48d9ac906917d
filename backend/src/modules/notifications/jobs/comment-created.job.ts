import { Injectable } from '@nestjs/common';
import { JobProcessor, type JobHandler } from '../../../platform/queues/job-processor.decorator';
import type { CommentCreatedPayload } from '../../../platform/queues/job-registry';
import { ContentService } from '../../content/content.service';
import { NotificationsService } from '../notifications.service';

/**
 * Tells the author of the comment replied to, or of the post commented on; never when one
 * replies to one's own post or comment (spec §6).
 */
@Injectable()
@JobProcessor('notifications', 'comment-created')
export class CommentCreatedJob implements JobHandler<CommentCreatedPayload> {
  constructor(
    private readonly content: ContentService,
    private readonly notifications: NotificationsService,
  ) {}

  async handle(data: CommentCreatedPayload): Promise<void> {
    const context = await this.content.commentContext(data.commentId);
    if (!context || !this.notifications.shouldNotify(context, data.actorId)) return;
    await this.notifications.add({
      type: 'comment',
      recipientId: context.recipientId,
      actorId: data.actorId,
      postId: data.postId,
      commentId: data.commentId,
      dedupeKey: `comment:${data.commentId}`,
    });
  }
}
