import { Injectable } from '@nestjs/common';
import { JobProcessor, type JobHandler } from '../../../platform/queues/job-processor.decorator';
import { MemberEmails } from '../member-emails.service';
import type { DigestEmailPayload } from './notifications.jobs';

/** Sends a member's digest of the day; a second run finds it sent and sends nothing. */
@Injectable()
@JobProcessor('email', 'digest-email')
export class DigestEmailJob implements JobHandler<DigestEmailPayload> {
  constructor(private readonly emails: MemberEmails) {}

  async handle(data: DigestEmailPayload): Promise<void> {
    await this.emails.sendDigest(data.userId, data.day);
  }
}
