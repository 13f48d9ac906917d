import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, Repository } from 'typeorm';
import { MailService } from '../../platform/mail/mail.service';
import { normalizeEmail } from './accounts.service';
import { IdentityEmails } from './emails/identity-emails';
import { EmailTokensService } from './email-tokens.service';
import type { EmailTokenPurpose } from './entities/email-token.entity';
import { UserAccount } from './entities/user-account.entity';
import { EMAIL_VERIFICATION_TTL_HOURS, PASSWORD_RESET_TTL_MINUTES } from './identity.constants';

/**
 * The account e-mails, sent by their jobs (jobs/). A request only queues `{email}`, the same for
 * an address with or without an account, so neither its answer nor its timing tells them apart;
 * the account is looked up here. A link token is minted as the e-mail goes out: job data, job
 * results and the outbox never hold one, and each attempt of a retried job spends the previous
 * attempt's token (EmailTokensService.issue), so at most the last one sent works.
 */
@Injectable()
export class AccountEmailsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly mail: MailService,
    private readonly emailTokens: EmailTokensService,
    @InjectRepository(UserAccount) private readonly users: Repository<UserAccount>,
  ) {}

  /** The link that verifies the address (and signs the member in); none once verified. */
  async sendVerificationLink(email: string): Promise<void> {
    const user = await this.accountOf(email);
    if (!user || user.emailVerifiedAt) return;
    const token = await this.mint(user.id, 'verify-email', EMAIL_VERIFICATION_TTL_HOURS * 3600_000);
    await this.mail.sendNow(
      user.email,
      IdentityEmails.verifyEmail(
        this.mail.link(`/auth/verifyemail?token=${encodeURIComponent(token)}`),
      ),
    );
  }

  /** A password-reset link, when the address has an account. */
  async sendResetLink(email: string): Promise<void> {
    const user = await this.accountOf(email);
    if (!user) return;
    const token = await this.mint(user.id, 'reset-password', PASSWORD_RESET_TTL_MINUTES * 60_000);
    await this.mail.sendNow(
      user.email,
      IdentityEmails.resetPassword(
        this.mail.link(`/auth/reset?token=${encodeURIComponent(token)}`),
      ),
    );
  }

  /** Tells the owner of a taken address that someone tried to sign up with it. */
  async sendSignUpAttemptNotice(email: string): Promise<void> {
    const user = await this.accountOf(email);
    if (!user) return;
    await this.mail.sendNow(
      user.email,
      IdentityEmails.signUpAttempt(this.mail.link('/auth/login'), this.mail.link('/auth/reset')),
    );
  }

  private accountOf(email: string): Promise<UserAccount | null> {
    return this.users.findOne({ where: { email: normalizeEmail(email) } });
  }

  /** Committed before the e-mail goes out, so the link in a delivered e-mail always works. */
  private mint(userId: string, purpose: EmailTokenPurpose, ttlMs: number): Promise<string> {
    return this.dataSource.transaction((manager) =>
      this.emailTokens.issue(manager, userId, purpose, ttlMs),
    );
  }
}
