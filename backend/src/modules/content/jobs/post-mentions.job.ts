import { Injectable } from '@nestjs/common';
import { JobProcessor, type JobHandler } from '../../../platform/queues/job-processor.decorator';
import { MentionNotices } from '../mentions.service';
import type { PostMentionsPayload } from './content.jobs';

/** Tells the members a post's text mentions, each once per post (see MentionNotices). */
@Injectable()
@JobProcessor('notifications', 'post-mentions')
export class PostMentionsJob implements JobHandler<PostMentionsPayload> {
  constructor(private readonly mentions: MentionNotices) {}

  async handle(data: PostMentionsPayload): Promise<void> {
    await this.mentions.tellOfPostMentions(data);
  }
}
