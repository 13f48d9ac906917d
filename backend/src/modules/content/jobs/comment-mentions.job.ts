import { Injectable } from '@nestjs/common';
import { JobProcessor, type JobHandler } from '../../../platform/queues/job-processor.decorator';
import { MentionNotices } from '../mentions.service';
import type { CommentMentionsPayload } from './content.jobs';

/**
 * Tells the members an edited comment newly mentions, each once per comment (the same notices as
 * for a new comment: see MentionNotices).
 */
@Injectable()
@JobProcessor('notifications', 'comment-mentions')
export class CommentMentionsJob implements JobHandler<CommentMentionsPayload> {
  constructor(private readonly mentions: MentionNotices) {}

  async handle(data: CommentMentionsPayload): Promise<void> {
    await this.mentions.tellOfCommentMentions(data);
  }
}
