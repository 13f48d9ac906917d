import { Injectable } from '@nestjs/common';
import { JobProcessor, type JobHandler } from '../../../platform/queues/job-processor.decorator';
import { NotificationsService } from '../notifications.service';
import type { AnnouncePayload } from './notifications.jobs';

/**
 * Fans a site announcement out to every member, a batch of members per set-based insert; a run
 * that repeats (a retry after a crash midway) leaves one row per member (the dedupe key).
 */
@Injectable()
@JobProcessor('notifications', 'announce')
export class AnnounceJob implements JobHandler<AnnouncePayload> {
  constructor(private readonly notifications: NotificationsService) {}

  async handle(data: AnnouncePayload): Promise<void> {
    await this.notifications.fanOutAnnouncement(data.announcementId);
  }
}
