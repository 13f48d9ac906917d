import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import type { Member } from '../../platform/access/current-caller.decorator';
import { AuditLogService } from '../../platform/audit/audit-log.service';
import { MailService } from '../../platform/mail/mail.service';
import { AdminEmails } from './emails/admin-emails';
import { IdentityEmails } from './emails/identity-emails';
import { UserAccount } from './entities/user-account.entity';
import { IdentityErrors } from './identity.errors';
import { MembersService } from './members.service';

/**
 * The e-mails admins send about members, each an `email/send-email` job rendered now (HTML and
 * text) with no secret in it, and each recorded in the audit log.
 *
 * - new-verified-user: the admins hear of a member who verified their address (to welcome or
 *   check them); the member must be verified. Verifying sends it by itself (accounts.service);
 *   this is an admin's way to send it again, e.g. to admins made since.
 * - account-deletion: the member hears that their account is being deleted; an admin sends it
 *   before deleting the account (DELETE users/{uuid}), while the address is still known.
 */
@Injectable()
export class AdminEmailsService {
  constructor(
    @InjectRepository(UserAccount) private readonly users: Repository<UserAccount>,
    private readonly members: MembersService,
    private readonly mail: MailService,
    private readonly audit: AuditLogService,
  ) {}

  async newVerifiedUser(admin: Member, userId: string): Promise<{ queued: number }> {
    const member = await this.member(userId);
    if (!member.emailVerifiedAt) throw IdentityErrors.MEMBER_NOT_VERIFIED();
    const content = IdentityEmails.newVerifiedUser(
      member.email,
      this.mail.link('/admin/users/incomplete'),
    );
    const admins = await this.members.adminEmails();
    for (const email of admins) await this.mail.queue(email, content);
    await this.audit.record({
      actorId: admin.userId,
      action: 'email.new-verified-user',
      targetType: 'user',
      targetId: member.id,
      after: { recipients: admins.length },
    });
    return { queued: admins.length };
  }

  async accountDeletion(admin: Member, userId: string): Promise<{ queued: number }> {
    const member = await this.member(userId);
    await this.mail.queue(member.email, AdminEmails.accountDeletion(member));
    await this.audit.record({
      actorId: admin.userId,
      action: 'email.account-deletion',
      targetType: 'user',
      targetId: member.id,
    });
    return { queued: 1 };
  }

  private async member(userId: string): Promise<UserAccount> {
    const member = await this.users.findOne({
      where: { id: userId.toLowerCase() },
      select: { id: true, email: true, username: true, displayName: true, emailVerifiedAt: true },
    });
    if (!member) throw IdentityErrors.USER_NOT_FOUND();
    return member;
  }
}
