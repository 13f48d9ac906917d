import { Injectable, Logger } from '@nestjs/common';
import { JobProcessor, type JobHandler } from '../../../platform/queues/job-processor.decorator';
import type { NoPayload } from '../../../platform/queues/job-registry';
import { InvitesService } from '../invites.service';

const EVERY_SIX_HOURS_MS = 6 * 3600_000;

/**
 * Invites expired for over a month: removed (InvitesService.purgeExpired). Until then their
 * senders still see them, marked expired, in their list.
 */
@Injectable()
@JobProcessor('cleanup', 'purge-expired-invites', { everyMs: EVERY_SIX_HOURS_MS })
export class PurgeExpiredInvitesJob implements JobHandler<NoPayload> {
  private readonly logger = new Logger('PurgeExpiredInvites');

  constructor(private readonly invites: InvitesService) {}

  async handle(): Promise<void> {
    const removed = await this.invites.purgeExpired();
    if (removed) this.logger.log(`Removed ${removed} expired invites`);
  }
}
