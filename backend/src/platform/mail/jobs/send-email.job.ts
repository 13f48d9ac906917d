import { Injectable } from '@nestjs/common';
import { UnrecoverableError } from 'bullmq';
import { JobProcessor, type JobHandler } from '../../queues/job-processor.decorator';
import type { SendEmailPayload } from '../../queues/job-registry';
import { isSingleAddress, MailerService } from '../mailer.service';

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
