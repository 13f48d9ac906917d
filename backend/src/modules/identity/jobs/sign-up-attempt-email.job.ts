import { Injectable } from '@nestjs/common';
import { JobProcessor, type JobHandler } from '../../../platform/queues/job-processor.decorator';
import type { AccountEmailPayload } from './identity.jobs';
import { AccountEmailsService } from '../account-emails.service';

/** Tells the owner of a taken address that someone tried to sign up with it. The job carries only the address (see AccountEmailPayload). */
@Injectable()
@JobProcessor('email', 'sign-up-attempt-email')
export class SignUpAttemptEmailJob implements JobHandler<AccountEmailPayload> {
  constructor(private readonly emails: AccountEmailsService) {}

  async handle({ email }: AccountEmailPayload): Promise<void> {
    await this.emails.sendSignUpAttemptNotice(email);
  }
}
