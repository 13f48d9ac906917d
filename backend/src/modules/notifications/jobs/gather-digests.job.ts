import { Injectable } from '@nestjs/common';
import { JobProcessor, type JobHandler } from '../../../platform/queues/job-processor.decorator';
import type { NoPayload } from '../../../platform/queues/job-registry';
import { DIGEST_GATHER_EVERY_MS, MemberEmails } from '../member-emails.service';

/** The daily digests' hourly timer: starts the digest of each member whose local 07:00 it is. */
@Injectable()
@JobProcessor('email', 'gather-digests', { everyMs: DIGEST_GATHER_EVERY_MS })
export class GatherDigestsJob implements JobHandler<NoPayload> {
  constructor(private readonly emails: MemberEmails) {}

  async handle(): Promise<void> {
    await this.emails.gatherDigests();
  }
}
