import { Injectable, Logger } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { AuditLogService } from '../../platform/audit/audit-log.service';
import { MailService } from '../../platform/mail/mail.service';
import { RealtimeSessions } from '../../platform/realtime/realtime-sessions';
import { StorageService } from '../../platform/storage/storage.service';
import { IdentityEmails } from './emails/identity-emails';
import { deleteHandlesOf } from './handles.queries';
import { anotherActiveAdminExists, lockAdminRoles } from './members.queries';
import { UserAccount } from './entities/user-account.entity';
import { AppError } from '../../platform/http/app-error';
import { IdentityErrors } from './identity.errors';

/**
 * Work another module must do when an account goes. `before-user` steps run before the account row
 * is deleted (the spec: conversations first), `after-user` steps after it (removing the member from
 * lists). All run in the deletion's transaction, so any failure leaves the account intact.
 */
export interface UserDeletionStep {
  name: string;
  phase: 'before-user' | 'after-user';
  run(manager: EntityManager, userId: string): Promise<void>;
}

@Injectable()
export class AccountDeletionService {
  private readonly logger = new Logger('AccountDeletion');
  private readonly steps: UserDeletionStep[] = [];

  constructor(
    private readonly dataSource: DataSource,
    private readonly storage: StorageService,
    private readonly mail: MailService,
    private readonly live: RealtimeSessions,
    private readonly audit: AuditLogService,
  ) {}

  /** Modules register their steps when they start (in registration order within a phase). */
  registerStep(step: UserDeletionStep): void {
    this.steps.push(step);
  }

  /**
   * Deletes the account and everything of it; the last active admin's account stays. `byAdminId`:
   * an admin deletes it, which the audit log records in the same transaction.
   */
  async deleteAccount(userId: string, byAdminId?: string): Promise<void> {
    try {
      await this.dataSource.transaction(async (manager) => {
        // An admin's deletion takes the admin-roles lock first (the order updateRoles takes it in).
        const admin = await manager.findOne(UserAccount, {
          where: { id: userId, isAdmin: true },
          select: { id: true },
        });
        if (admin) await lockAdminRoles(manager);
        const user = await manager.findOne(UserAccount, {
          where: { id: userId },
          lock: { mode: 'pessimistic_write' },
        });
        if (!user) throw IdentityErrors.USER_NOT_FOUND();
        if (
          user.isAdmin &&
          !user.suspendedAt &&
          !(await anotherActiveAdminExists(manager, user.id))
        )
          throw IdentityErrors.LAST_ADMIN();
        for (const step of this.steps.filter((candidate) => candidate.phase === 'before-user')) {
          await step.run(manager, userId);
        }
        // Sessions, tokens, settings and the handle go with the row (ON DELETE CASCADE / below).
        await deleteHandlesOf(manager, 'user', userId);
        await manager.delete(UserAccount, { id: userId });
        for (const step of this.steps.filter((candidate) => candidate.phase === 'after-user')) {
          await step.run(manager, userId);
        }
        // Files go last and only after commit: the cleanup job is part of this transaction.
        await this.storage.scheduleRemoval(
          [user.avatar, ...user.avatarVariants].filter((ref): ref is string => Boolean(ref)),
          manager,
        );
        await this.mail.queue(user.email, IdentityEmails.accountDeleted(), manager);
        if (byAdminId)
          await this.audit.record(
            {
              actorId: byAdminId,
              action: 'user.delete',
              targetType: 'user',
              targetId: userId,
              before: {
                username: user.username,
                trusted: user.isTrusted,
                admin: user.isAdmin,
                suspended: user.suspendedAt !== null,
              },
              after: null,
            },
            manager,
          );
      });
      // The member's open sockets close with the account.
      this.live.endFor(userId);
    } catch (error) {
      if (error instanceof AppError) throw error;
      this.logger.error({ err: error, userId }, 'Conversations or the user could not be deleted');
      throw IdentityErrors.DELETION_FAILED();
    }
  }
}
