import { Injectable } from '@nestjs/common';
import { JobProcessor, type JobHandler } from '../../../platform/queues/job-processor.decorator';
import { MemberEmails } from '../member-emails.service';
import { NotificationsService } from '../notifications.service';
import type { FanOutPayload } from './notifications.jobs';

/**
 * Tells one cause to everyone in its audience (e.g. everyone who answered a date that changed), a
 * batch of recipients per set-based insert, who may hear of it checked as the job runs; a run that
 * repeats (a retry after a crash midway) leaves one row per recipient (the dedupe key). After each
 * batch, its recipients' e-mails as their settings say (one item per recipient and cause: once).
 */
@Injectable()
@JobProcessor('notifications', 'fan-out')
export class FanOutJob implements JobHandler<FanOutPayload> {
  constructor(
    private readonly notifications: NotificationsService,
    private readonly emails: MemberEmails,
  ) {}

  async handle(data: FanOutPayload): Promise<void> {
    await this.notifications.fanOut(data, (recipientIds) =>
      this.emails.notifyOfFanOut(data, recipientIds),
    );
  }
}
