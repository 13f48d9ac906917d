import { Injectable } from '@nestjs/common';
import { JobProcessor, type JobHandler } from '../../../platform/queues/job-processor.decorator';
import type { ReactionCreatedPayload } from '../../../platform/queues/job-registry';
import { ContentService } from '../../content/content.service';
import { NotificationsService } from '../notifications.service';

/**
 * Tells the author of the post (or comment) someone reacted to. One notification per member per
 * target, even when they take the reaction back and react again or the job runs twice.
 */
@Injectable()
@JobProcessor('notifications', 'reaction-created')
export class ReactionCreatedJob implements JobHandler<ReactionCreatedPayload> {
  constructor(
    private readonly content: ContentService,
    private readonly notifications: NotificationsService,
  ) {}

  async handle(data: ReactionCreatedPayload): Promise<void> {
    // Gone already (taken back, or the post was deleted): nothing to tell.
    const context = await this.content.reactionContext(data.reactionId);
    if (!context || !this.notifications.shouldNotify(context, data.actorId)) return;
    const target = data.commentId ? `comment:${data.commentId}` : `post:${data.postId}`;
    await this.notifications.add({
      type: 'reaction',
      recipientId: context.recipientId,
      actorId: data.actorId,
      postId: data.postId,
      commentId: data.commentId,
      dedupeKey: `reaction:${target}:${data.actorId}`,
    });
  }
}
