import { Injectable } from '@nestjs/common';
import { JobProcessor, type JobHandler } from '../../../platform/queues/job-processor.decorator';
import { MemberEmails } from '../member-emails.service';
import type { NotificationEmailPayload } from './notifications.jobs';

/** Sends one item's e-mail ('immediately'); a second run finds it sent and sends nothing. */
@Injectable()
@JobProcessor('email', 'notification-email')
export class NotificationEmailJob implements JobHandler<NotificationEmailPayload> {
  constructor(private readonly emails: MemberEmails) {}

  async handle(data: NotificationEmailPayload): Promise<void> {
    await this.emails.sendItem(data.itemId);
  }
}
