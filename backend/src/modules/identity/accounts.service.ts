import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, type EntityManager, Repository } from 'typeorm';
import { AppConfig } from '../../platform/config/app-config';
import { insertAccountUnlessTaken, setPasswordFromResetLink } from './accounts.queries';
import { MailService } from '../../platform/mail/mail.service';
import { OutboxService } from '../../platform/queues/outbox.service';
import {
  REGISTRATION_INVITE_CHECK,
  type RegistrationInviteCheck,
} from '../../platform/site-settings/registration-gate';
import { SiteSettingsService } from '../../platform/site-settings/site-settings.service';
import { IdentityEmails } from './emails/identity-emails';
import { EmailTokensService } from './email-tokens.service';
import { UserAccount } from './entities/user-account.entity';
import { HandlesService } from './handles.service';
import { MemberPlaces } from './member-places';
import { IdentityErrors } from './identity.errors';
import { assertStrongPassword } from './password-strength';
import { dummyPasswordHash, hashPassword, verifyPassword } from './passwords';
import { stageOf } from './profile';
import { normaliseBio, normaliseDisplayName } from './profile-text';
import { SessionsService } from './sessions.service';

export interface LocationInput {
  suburb_city: string;
  state: string;
  country: string;
  latitude: number;
  longitude: number;
}

export interface ProfileChanges extends Partial<LocationInput> {
  username?: string;
  /** null or blank clears it. */
  display_name?: string | null;
  /** null or blank clears it. */
  bio?: string | null;
}

export interface PasswordChange {
  currentPassword: string;
  newPassword: string;
  endOtherSessions: boolean;
}

/** Thrown inside sign-up's transaction to roll back an invite's use when the address is taken. */
const ADDRESS_TAKEN = Symbol('address taken');

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The rules of an account's life: sign up, verify, register, change, reset. */
@Injectable()
export class AccountsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly config: AppConfig,
    private readonly mail: MailService,
    private readonly outbox: OutboxService,
    private readonly emailTokens: EmailTokensService,
    private readonly handles: HandlesService,
    private readonly sessions: SessionsService,
    private readonly places: MemberPlaces,
    @InjectRepository(UserAccount) private readonly users: Repository<UserAccount>,
    private readonly siteSettings: SiteSettingsService,
    @Inject(REGISTRATION_INVITE_CHECK) private readonly inviteCheck: RegistrationInviteCheck,
  ) {}

  async findById(userId: string): Promise<UserAccount> {
    const user = await this.users.findOne({ where: { id: userId } });
    if (!user) throw IdentityErrors.USER_NOT_FOUND();
    return user;
  }

  /**
   * Creates the account and queues its verification e-mail, both or neither. For an address that
   * already has an account it creates nothing and queues a "someone tried to sign up" e-mail to
   * it instead. Both cases do the same work (a hash, one INSERT that may hit the unique address,
   * one outbox row) and the caller answers both alike, so sign-up does not reveal who has an
   * account.
   */
  async signUp(email: string, password: string, inviteId?: string): Promise<void> {
    const address = normalizeEmail(email);
    await assertStrongPassword(password, 'password', [address]);
    // The deployment's own admins (ADMIN_EMAILS) may always sign up, so an invite-only site
    // cannot lock out the people who run it.
    const needsInvite =
      (await this.siteSettings.get('registration_mode')) === 'invite-only' &&
      !this.config.adminEmails.has(address);
    if (needsInvite && !inviteId) throw IdentityErrors.INVITE_REQUIRED();
    const passwordHash = await hashPassword(password);
    const created = await this.dataSource
      .transaction(async (manager) => {
        if (needsInvite && !(await this.inviteCheck.consume(inviteId as string, manager)))
          throw IdentityErrors.INVITE_REQUIRED();
        const inserted = await insertAccountUnlessTaken(manager, address, passwordHash);
        // Taken: roll the invite's use back (it let no one in); the e-mail goes below.
        if (!inserted && needsInvite) throw ADDRESS_TAKEN;
        await this.outbox.enqueue(
          manager,
          'email',
          inserted ? 'verification-email' : 'sign-up-attempt-email',
          { email: address },
        );
        return inserted;
      })
      .catch((error: unknown) => {
        if (error === ADDRESS_TAKEN) return false;
        throw error;
      });
    if (!created && needsInvite)
      await this.dataSource.transaction((manager) =>
        this.outbox.enqueue(manager, 'email', 'sign-up-attempt-email', { email: address }),
      );
  }

  /** The account for these credentials, or INVALID_CREDENTIALS (same answer and cost for unknown e-mails). */
  async checkCredentials(email: string, password: string): Promise<UserAccount> {
    const user = await this.users.findOne({ where: { email: normalizeEmail(email) } });
    const valid = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), password);
    if (!user || !valid) throw IdentityErrors.INVALID_CREDENTIALS();
    return this.applyConfiguredAdmin(user);
  }

  /**
   * Re-sends the verification link. Only queues the address: the job looks the account up, so
   * neither the answer nor the time taken says whether it exists or is verified already.
   */
  async resendVerification(email: string): Promise<void> {
    await this.dataSource.transaction((manager) =>
      this.outbox.enqueue(manager, 'email', 'verification-email', {
        email: normalizeEmail(email),
      }),
    );
  }

  /** Spends a verification link and marks the address verified; returns whose it was. */
  async verifyEmail(token: string): Promise<string> {
    return this.dataSource.transaction(async (manager) => {
      const userId = await this.emailTokens.consume(manager, token, 'verify-email');
      if (!userId) throw IdentityErrors.INVALID_TOKEN();
      const user = await manager.findOneOrFail(UserAccount, { where: { id: userId } });
      if (user.emailVerifiedAt) return userId;
      user.emailVerifiedAt = new Date();
      user.isAdmin ||= this.config.adminEmails.has(user.email);
      await manager.save(user);
      await this.notifyAdminsOfNewMember(manager, user);
      return userId;
    });
  }

  /**
   * E-mails a reset link when the account exists. Only queues the address (the job looks the
   * account up and mints the link), so a known and an unknown address cost the same here.
   */
  async requestPasswordReset(email: string): Promise<void> {
    await this.dataSource.transaction((manager) =>
      this.outbox.enqueue(manager, 'email', 'password-reset-email', {
        email: normalizeEmail(email),
      }),
    );
  }

  isResetTokenValid(token: string): Promise<boolean> {
    return this.emailTokens.isValid(this.dataSource.manager, token, 'reset-password');
  }

  /** Sets a new password from a reset link and ends every session: whoever had the old one is out. */
  async resetPassword(token: string, password: string): Promise<void> {
    const passwordHash = await hashPassword(password);
    const userId = await this.dataSource.transaction(async (manager) => {
      const userId = await this.emailTokens.consume(manager, token, 'reset-password');
      if (!userId) throw IdentityErrors.INVALID_TOKEN();
      const { email } = await manager.findOneOrFail(UserAccount, {
        where: { id: userId },
        select: { id: true, email: true },
      });
      // Thrown inside the transaction: the link is not spent by a refused password.
      await assertStrongPassword(password, 'password', [email]);
      // Following the link proves the address, too.
      await setPasswordFromResetLink(manager, userId, passwordHash);
      await this.sessions.revokeAllForUser(userId, 'password reset', { manager });
      return userId;
    });
    this.sessions.closeSocketsOf(userId);
  }

  /** Chooses the username and location: the step from verified to registered. */
  async register(userId: string, username: string, location: LocationInput): Promise<UserAccount> {
    return this.dataSource.transaction(async (manager) => {
      const user = await manager.findOneOrFail(UserAccount, {
        where: { id: userId },
        lock: { mode: 'pessimistic_write' },
      });
      if (stageOf(user) === 'registered') throw IdentityErrors.ALREADY_REGISTERED();
      user.username = await this.handles.claim(manager, username, 'user', user.id);
      applyLocation(user, location);
      user.registeredAt = new Date();
      // No MemberPlaces call: only registered members list anything that keeps a copy of the place.
      return manager.save(user);
    });
  }

  async updateProfile(userId: string, changes: ProfileChanges): Promise<UserAccount> {
    // Checked before anything is written: a refused text changes nothing.
    const displayName =
      changes.display_name === undefined ? undefined : normaliseDisplayName(changes.display_name);
    const bio = changes.bio === undefined ? undefined : normaliseBio(changes.bio);
    return this.dataSource.transaction(async (manager) => {
      const user = await manager.findOneOrFail(UserAccount, {
        where: { id: userId },
        lock: { mode: 'pessimistic_write' },
      });
      const touchesProfile =
        changes.username !== undefined ||
        changes.display_name !== undefined ||
        changes.bio !== undefined ||
        hasLocation(changes);
      if (touchesProfile && stageOf(user) !== 'registered') throw IdentityErrors.NOT_REGISTERED();
      if (
        changes.username !== undefined &&
        changes.username.trim().toLowerCase() !== user.username
      ) {
        const previous = user.username;
        user.username = await this.handles.claim(manager, changes.username, 'user', user.id);
        if (previous) await this.handles.release(manager, previous, user.id);
      }
      const moved = movesPoint(user, changes);
      applyLocation(user, changes);
      if (displayName !== undefined) user.displayName = displayName;
      if (bio !== undefined) user.bio = bio;
      const saved = await manager.save(user);
      // Copies of the place (where the member's listings are found nearby) move with it.
      if (moved) await this.places.changed(manager, saved);
      return saved;
    });
  }

  async changePassword(
    userId: string,
    currentSessionId: string,
    change: PasswordChange,
  ): Promise<void> {
    const user = await this.findById(userId);
    if (!(await verifyPassword(user.passwordHash, change.currentPassword)))
      throw IdentityErrors.WRONG_PASSWORD();
    await assertStrongPassword(change.newPassword, 'new_password', [
      user.email,
      user.username ?? '',
    ]);
    const passwordHash = await hashPassword(change.newPassword);
    await this.dataSource.transaction(async (manager) => {
      await manager.update(UserAccount, { id: userId }, { passwordHash });
      if (change.endOtherSessions) {
        await this.sessions.revokeAllForUser(userId, 'password changed', {
          except: currentSessionId,
          manager,
        });
      }
    });
    if (change.endOtherSessions) this.sessions.closeSocketsOf(userId, currentSessionId);
  }

  async confirmPassword(userId: string, password: string): Promise<void> {
    const user = await this.findById(userId);
    if (!(await verifyPassword(user.passwordHash, password))) throw IdentityErrors.WRONG_PASSWORD();
  }

  private async notifyAdminsOfNewMember(
    manager: EntityManager,
    member: UserAccount,
  ): Promise<void> {
    const admins = await manager.find(UserAccount, {
      where: { isAdmin: true },
      select: { id: true, email: true },
    });
    const content = IdentityEmails.newVerifiedUser(
      member.email,
      this.mail.link('/admin/users/incomplete'),
    );
    for (const admin of admins) {
      if (admin.id !== member.id) await this.mail.queue(admin.email, content, manager);
    }
  }

  /** ADMIN_EMAILS names the deployment's admins; their verified accounts get the role on login. */
  private async applyConfiguredAdmin(user: UserAccount): Promise<UserAccount> {
    if (!user.isAdmin && user.emailVerifiedAt && this.config.adminEmails.has(user.email)) {
      await this.users.update({ id: user.id }, { isAdmin: true });
      user.isAdmin = true;
    }
    return user;
  }
}

function hasLocation(changes: Partial<LocationInput>): boolean {
  return ['suburb_city', 'state', 'country', 'latitude', 'longitude'].some(
    (key) => changes[key as keyof LocationInput] !== undefined,
  );
}

/** Whether the changes put the member's point somewhere else. */
function movesPoint(user: UserAccount, changes: Partial<LocationInput>): boolean {
  return (
    (changes.latitude !== undefined && changes.latitude !== user.latitude) ||
    (changes.longitude !== undefined && changes.longitude !== user.longitude)
  );
}

function applyLocation(user: UserAccount, location: Partial<LocationInput>): void {
  if (location.suburb_city !== undefined) user.suburbCity = location.suburb_city.trim();
  if (location.state !== undefined) user.state = location.state.trim();
  if (location.country !== undefined) user.country = location.country.trim();
  if (location.latitude !== undefined) user.latitude = location.latitude;
  if (location.longitude !== undefined) user.longitude = location.longitude;
}
