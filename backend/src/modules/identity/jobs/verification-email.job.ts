import { Injectable } from '@nestjs/common';
import { JobProcessor, type JobHandler } from '../../../platform/queues/job-processor.decorator';
import type { AccountEmailPayload } from './identity.jobs';
import { AccountEmailsService } from '../account-emails.service';

/** Sends the verification link, minted now (sign-up, resend). The job carries only the address (see AccountEmailPayload). */
@Injectable()
@JobProcessor('email', 'verification-email')
export class VerificationEmailJob implements JobHandler<AccountEmailPayload> {
  constructor(private readonly emails: AccountEmailsService) {}

  async handle({ email }: AccountEmailPayload): Promise<void> {
    await this.emails.sendVerificationLink(email);
  }
}
