import { Injectable } from '@nestjs/common';
import { JobProcessor, type JobHandler } from '../../../platform/queues/job-processor.decorator';
import { ContentNotices } from '../notices.service';
import type { ReactionCreatedPayload } from './content.jobs';

/**
 * Tells the author of the post (or comment) someone reacted to. One notification per member per
 * target, even when they take the reaction back and react again or the job runs twice.
 */
@Injectable()
@JobProcessor('notifications', 'reaction-created')
export class ReactionCreatedJob implements JobHandler<ReactionCreatedPayload> {
  constructor(private readonly notices: ContentNotices) {}

  async handle(data: ReactionCreatedPayload): Promise<void> {
    await this.notices.tellOfReaction(data);
  }
}
