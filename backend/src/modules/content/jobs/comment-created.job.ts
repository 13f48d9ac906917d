import { Injectable } from '@nestjs/common';
import { JobProcessor, type JobHandler } from '../../../platform/queues/job-processor.decorator';
import { MentionNotices } from '../mentions.service';
import { ContentNotices } from '../notices.service';
import type { CommentCreatedPayload } from './content.jobs';

/**
 * Tells the author of the comment replied to, or of the post commented on; never when one
 * replies to one's own post or comment (spec §6). Then the members the comment mentions.
 */
@Injectable()
@JobProcessor('notifications', 'comment-created')
export class CommentCreatedJob implements JobHandler<CommentCreatedPayload> {
  constructor(
    private readonly notices: ContentNotices,
    private readonly mentions: MentionNotices,
  ) {}

  async handle(data: CommentCreatedPayload): Promise<void> {
    await this.notices.tellOfComment(data);
    // The members it mentions (`@handle`); see MentionNotices.
    await this.mentions.tellOfCommentMentions(data);
  }
}
