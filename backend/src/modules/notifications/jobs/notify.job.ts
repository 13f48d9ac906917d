import { Injectable } from '@nestjs/common';
import { JobProcessor, type JobHandler } from '../../../platform/queues/job-processor.decorator';
import { MemberEmails } from '../member-emails.service';
import { NotificationsService } from '../notifications.service';
import type { NotifyPayload } from './notifications.jobs';

/**
 * Writes a notification a producer has resolved, then its recipient's e-mail about it as their
 * settings say; running twice leaves one row and one e-mail (dedupe key, the item's unique key).
 * The e-mail step runs on every attempt, so a retry after a failure between the two still sends.
 */
@Injectable()
@JobProcessor('notifications', 'notify')
export class NotifyJob implements JobHandler<NotifyPayload> {
  constructor(
    private readonly notifications: NotificationsService,
    private readonly emails: MemberEmails,
  ) {}

  async handle(notice: NotifyPayload): Promise<void> {
    await this.notifications.add(notice);
    await this.emails.notifyOfNotification(notice);
  }
}
