import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { AppConfig } from '../config/app-config';
import { JobQueue } from '../queues/job-queue.service';
import { OutboxService } from '../queues/outbox.service';
import { type EmailContent, renderEmail } from './email-layout';

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
  ) {}

  async queue(to: string, content: EmailContent, manager?: EntityManager): Promise<void> {
    const rendered = renderEmail(content, this.config.publicUrl);
    const payload = { to, ...rendered };
    if (manager) await this.outbox.enqueue(manager, 'email', 'send-email', payload);
    else await this.jobs.add('email', 'send-email', payload);
  }

  /** An absolute link into the web app, for buttons in e-mails. */
  link(path: string): string {
    return new URL(path, `${this.config.publicUrl}/`).toString();
  }
}
