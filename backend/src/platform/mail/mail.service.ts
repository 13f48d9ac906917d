import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { AppConfig } from '../config/app-config';
import { JobQueue } from '../queues/job-queue.service';
import { OutboxService } from '../queues/outbox.service';
import { type EmailContent, renderEmail } from './email-layout';
import { MailerService } from './mailer.service';

/**
 * What modules call to send an e-mail: renders it in the house style and queues it.
 * Pass the transaction's manager when the e-mail follows from a database change.
 */
@Injectable()
export class MailService {
  constructor(
    private readonly config: AppConfig,
    private readonly jobs: JobQueue,
    private readonly outbox: OutboxService,
    private readonly mailer: MailerService,
  ) {}

  /**
   * Queues an e-mail rendered now. Its text sits in the job data, on the dashboard, so it must
   * hold no secret: an e-mail with a link token is sent by its own job through `sendNow`.
   */
  async queue(to: string, content: EmailContent, manager?: EntityManager): Promise<void> {
    const rendered = renderEmail(content, this.config.publicUrl);
    const payload = { to, ...rendered };
    if (manager) await this.outbox.enqueue(manager, 'email', 'send-email', payload);
    else await this.jobs.add('email', 'send-email', payload);
  }

  /**
   * Renders and sends at once, for job processors only: they build an e-mail whose secret must
   * not travel in job data, and their job retries when sending fails.
   */
  async sendNow(
    to: string,
    content: EmailContent,
    options: { headers?: Record<string, string> } = {},
  ): Promise<void> {
    await this.mailer.send({
      to,
      ...renderEmail(content, this.config.publicUrl),
      ...(options.headers && { headers: options.headers }),
    });
  }

  /** An absolute link into the web app, for buttons in e-mails. */
  link(path: string): string {
    return new URL(path, `${this.config.publicUrl}/`).toString();
  }
}
