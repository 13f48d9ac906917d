import { Global, Module } from '@nestjs/common';
import { SendEmailJob } from './jobs/send-email.job';
import { MailService } from './mail.service';
import { MailerService } from './mailer.service';

@Global()
@Module({ providers: [MailerService, MailService, SendEmailJob], exports: [MailService] })
export class MailModule {}
