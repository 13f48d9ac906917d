import { Injectable } from '@nestjs/common';
import { JobProcessor, type JobHandler } from '../../../platform/queues/job-processor.decorator';
import type { AccountEmailPayload } from './identity.jobs';
import { AccountEmailsService } from '../account-emails.service';

/** Sends a password-reset link, minted now, when the address has an account. The job carries only the address (see AccountEmailPayload). */
@Injectable()
@JobProcessor('email', 'password-reset-email')
export class PasswordResetEmailJob implements JobHandler<AccountEmailPayload> {
  constructor(private readonly emails: AccountEmailsService) {}

  async handle({ email }: AccountEmailPayload): Promise<void> {
    await this.emails.sendResetLink(email);
  }
}
