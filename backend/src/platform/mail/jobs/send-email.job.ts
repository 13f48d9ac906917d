import { Injectable } from '@nestjs/common';
import { UnrecoverableError } from 'bullmq';
import { JobProcessor, type JobHandler } from '../../queues/job-processor.decorator';
import { isSingleAddress, MailerService } from '../mailer.service';

/**
 * A rendered e-mail to one recipient. Rendering happens where the e-mail is decided. Job data is
 * readable on the queue dashboard and kept for a day after the job completes, so this e-mail may
 * never carry a secret (a link token, a code): an e-mail with one is its own job that carries a
 * reference and builds the secret when it runs (see identity's AccountEmailPayload).
 */
export interface SendEmailPayload {
  to: string;
  subject: string;
  html: string;
  text: string;
  replyTo?: string;
  /** Extra headers (sendNow's List-Unsubscribe); names and values are the sender's, never input. */
  headers?: Record<string, string>;
}

@Injectable()
@JobProcessor('email', 'send-email')
export class SendEmailJob implements JobHandler<SendEmailPayload> {
  constructor(private readonly mailer: MailerService) {}

  async handle(message: SendEmailPayload): Promise<void> {
    // A bad address will not get better with retries.
    if (!isSingleAddress(message.to))
      throw new UnrecoverableError('An e-mail goes to exactly one valid address');
    await this.mailer.send(message);
  }
}
