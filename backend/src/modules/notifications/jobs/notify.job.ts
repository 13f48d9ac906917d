import { Injectable } from '@nestjs/common';
import { JobProcessor, type JobHandler } from '../../../platform/queues/job-processor.decorator';
import { NotificationsService } from '../notifications.service';
import type { NotifyPayload } from './notifications.jobs';

/** Writes a notification a producer has resolved; running twice leaves one row (dedupe key). */
@Injectable()
@JobProcessor('notifications', 'notify')
export class NotifyJob implements JobHandler<NotifyPayload> {
  constructor(private readonly notifications: NotificationsService) {}

  async handle(notice: NotifyPayload): Promise<void> {
    await this.notifications.add(notice);
  }
}
