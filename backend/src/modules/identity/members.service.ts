import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, Repository } from 'typeorm';
import { Sql } from '../../platform/database/sql';
import { PlatformErrors } from '../../platform/http/platform.errors';
import { type Cursor, encodeCursor, type Page } from '../../platform/paging/paging';
import { decideAccess, type Caller } from '../../platform/access/access-policy';
import { publicDistanceKm } from '../../platform/geo/geo';
import * as members from './members.queries';
import { AuthSession } from './entities/auth-session.entity';
import { UserAccount } from './entities/user-account.entity';
import { IdentityErrors } from './identity.errors';
import { AuditLogService } from '../../platform/audit/audit-log.service';
import { MemberPlaces } from './member-places';
import { type PublicProfile, stageOf, toUserSummary, type UserSummary } from './profile';
import { SessionsService, toSummary, type SessionSummary } from './sessions.service';

export const PERMISSION_NAMES = [
  'trusted',
  'admin',
  'create-page',
  'create-event',
  'messaging',
] as const;
export type PermissionName = (typeof PERMISSION_NAMES)[number];

export interface AdminUserView extends UserSummary {
  email: string;
  stage: ReturnType<typeof stageOf>;
  trusted: boolean;
  admin: boolean;
  /** May watch the queues (read-only dashboard, metrics); sees no member's data by it. */
  ops: boolean;
  suspended: boolean;
  created_at: string;
}

/** The admins' two member lists (spec: complete and incomplete profiles). */
export const ADMIN_MEMBER_LISTS = ['registered', 'incomplete'] as const;
export type AdminMemberList = (typeof ADMIN_MEMBER_LISTS)[number];

/** Longest search text the admins' member lists take. */
export const ADMIN_SEARCH_MAX = 100;

export interface AdminSessionView extends SessionSummary {
  revoked_at: string | null;
  user: { uuid: string; email: string; username: string | null };
}

/** Looking members up, and what admins may change about them. */
@Injectable()
export class MembersService {
  constructor(
    private readonly sql: Sql,
    private readonly sessions: SessionsService,
    private readonly places: MemberPlaces,
    @InjectRepository(UserAccount) private readonly users: Repository<UserAccount>,
    @InjectRepository(AuthSession) private readonly authSessions: Repository<AuthSession>,
    private readonly audit: AuditLogService,
  ) {}

  /** The public summary of a registered, active member (spec: get-user-by-uuid). */
  async publicSummary(userId: string): Promise<UserSummary> {
    const summary = await members.publicSummaryById(this.sql, userId);
    if (!summary) throw IdentityErrors.USER_NOT_FOUND();
    return summary;
  }

  /** The public summary of a registered, active member by username (any case). */
  async publicSummaryByUsername(username: string): Promise<UserSummary> {
    const summary = await members.publicSummaryByUsername(this.sql, username.trim().toLowerCase());
    if (!summary) throw IdentityErrors.USER_NOT_FOUND();
    return summary;
  }

  /** A registered, active member's page by username (any case): summary and bio. */
  async publicProfileByUsername(username: string): Promise<PublicProfile> {
    const profile = await members.publicProfileByUsername(this.sql, username.trim().toLowerCase());
    if (!profile) throw IdentityErrors.USER_NOT_FOUND();
    return profile;
  }

  /**
   * Summaries of the given members in one query (the `responders` of a list), in no particular
   * order; ids without an account are left out.
   */
  async summariesByIds(ids: readonly string[]): Promise<UserSummary[]> {
    const unique = [...new Set(ids)];
    if (!unique.length) return [];
    return members.summariesByIds(this.sql, unique);
  }

  /** Every registered, unsuspended member's id, by id, as of now (one statement). */
  registeredMemberIds(): Promise<string[]> {
    return members.registeredMemberIds(this.sql);
  }

  /**
   * Of the given ids, those of members who may hear of things now (registered, not suspended; a
   * deleted member has no row): a fan-out checks its recipients with it when its job runs.
   */
  activeMemberIdsAmong(ids: readonly string[]): Promise<string[]> {
    if (!ids.length) return Promise.resolve([]);
    return members.activeMemberIdsAmong(this.sql, [...new Set(ids)]);
  }

  /** The addresses of the active admins, for e-mails about what admins look over (new pages). */
  async adminEmails(): Promise<string[]> {
    const admins = await this.users.find({
      where: { isAdmin: true, suspendedAt: IsNull() },
      select: { id: true, email: true },
      order: { createdAt: 'ASC' },
    });
    return admins.map((admin) => admin.email);
  }

  /**
   * How far each of the given members is from `fromId`'s own point, as others may learn it: to
   * their public point, in whole km (platform/geo). Members without a location, on either side,
   * and `fromId` themselves are not in the map.
   */
  async distancesKmFrom(fromId: string, userIds: readonly string[]): Promise<Map<string, number>> {
    const unique = [...new Set(userIds)];
    if (!unique.length) return new Map();
    const rows = await members.distancesFromMember(this.sql, fromId, unique);
    return new Map(rows.map((row) => [row.id, publicDistanceKm(row.metres)]));
  }

  /** Whether a member may do something; a member may ask about themselves, an admin about anyone. */
  async permission(
    asker: Extract<Caller, { kind: 'user' }>,
    userId: string,
    name: PermissionName,
  ): Promise<boolean> {
    if (asker.userId !== userId && !asker.admin) throw IdentityErrors.NOT_YOUR_ACCOUNT();
    const user = await this.users.findOne({ where: { id: userId } });
    if (!user) throw IdentityErrors.USER_NOT_FOUND();
    const subject: Caller = {
      kind: 'user',
      userId: user.id,
      sessionId: '',
      csrfToken: '',
      stage: stageOf(user),
      trusted: user.isTrusted,
      admin: user.isAdmin,
      suspended: Boolean(user.suspendedAt),
    };
    switch (name) {
      case 'trusted':
        return user.isTrusted || user.isAdmin;
      case 'admin':
        return user.isAdmin;
      case 'create-page':
      case 'create-event':
      case 'messaging':
        return decideAccess('trusted-only', subject) === 'admit';
    }
  }

  /**
   * A page of the registered members, or of those who have not finished registering, newest
   * first; `search` keeps those whose username, display name or e-mail contains it (any case).
   */
  async adminList(
    list: string,
    search: unknown,
    cursor: Cursor | null,
    take: number,
  ): Promise<Page<AdminUserView>> {
    if (!(ADMIN_MEMBER_LISTS as readonly string[]).includes(list))
      throw PlatformErrors.VALIDATION_FAILED([
        { field: 'x', messages: [`x must be one of: ${ADMIN_MEMBER_LISTS.join(', ')}`] },
      ]);
    const term = adminSearchTerm(search);
    const rows = await members.adminMemberPage(this.sql, {
      registered: list === 'registered',
      search: term,
      cursor,
      take,
    });
    const items = rows.slice(0, take);
    const last = items.at(-1);
    return {
      items: items.map(rowToAdminView),
      next_cursor:
        rows.length > take && last
          ? encodeCursor('created_at', { at: last.cursor_at, id: last.id })
          : null,
    };
  }

  /** Accounts without a location, newest first (GET admin/users-without-location). */
  async withoutLocation(cursor: Cursor | null, take: number): Promise<Page<AdminUserView>> {
    const rows = await members.withoutLocationPage(this.sql, cursor, take);
    const items = rows.slice(0, take);
    const last = items.at(-1);
    return {
      items: items.map(rowToAdminView),
      next_cursor:
        rows.length > take && last
          ? encodeCursor('created_at', { at: last.cursor_at, id: last.id })
          : null,
    };
  }

  /**
   * Grants or withdraws trust, suspends or reinstates. Admins cannot suspend themselves, and the
   * last active admin cannot be suspended.
   */
  async updateRoles(
    adminId: string,
    userId: string,
    changes: { trusted?: boolean; suspended?: boolean; admin?: boolean; ops?: boolean },
  ): Promise<AdminUserView> {
    if (adminId === userId && (changes.suspended || changes.admin === false))
      throw IdentityErrors.CANNOT_CHANGE_SELF();
    // Suspending or demoting may take away an active admin.
    const removesAnAdmin = changes.suspended === true || changes.admin === false;
    const view = await this.users.manager.transaction(async (manager) => {
      // Two admins demoting each other at once take turns here, so the second sees the first's change.
      if (removesAnAdmin) await members.lockAdminRoles(manager);
      const user = await manager.findOne(UserAccount, {
        where: { id: userId },
        lock: { mode: 'pessimistic_write' },
      });
      if (!user) throw IdentityErrors.USER_NOT_FOUND();
      if (
        removesAnAdmin &&
        user.isAdmin &&
        !user.suspendedAt &&
        !(await members.anotherActiveAdminExists(manager, user.id))
      )
        throw IdentityErrors.LAST_ADMIN();
      const before = rolesOf(user);
      if (changes.admin !== undefined) user.isAdmin = changes.admin;
      if (changes.ops !== undefined) user.isOps = changes.ops;
      if (changes.trusted !== undefined) user.isTrusted = changes.trusted;
      if (changes.suspended !== undefined)
        user.suspendedAt = changes.suspended ? (user.suspendedAt ?? new Date()) : null;
      const saved = await manager.save(user);
      // A suspended member's listings leave nearby lists with them (and come back with them).
      if (changes.suspended !== undefined) await this.places.changed(manager, saved);
      await this.audit.record(
        {
          actorId: adminId,
          action: 'user.update',
          targetType: 'user',
          targetId: user.id,
          before,
          after: rolesOf(saved),
        },
        manager,
      );
      return toAdminView(saved);
    });
    // A suspended member's open sockets close with the suspension.
    if (view.suspended) this.sessions.closeSocketsOf(userId);
    // What only admins hear (cleanup progress) follows the role at once.
    else if (changes.admin !== undefined) this.sessions.adminRoleChanged(userId, changes.admin);
    return view;
  }

  async listSessions(): Promise<AdminSessionView[]> {
    const rows = await this.authSessions.find({
      relations: { user: true },
      order: { createdAt: 'DESC' },
      take: 500,
    });
    return rows.map((session) => ({
      ...toSummary(session),
      revoked_at: session.revokedAt?.toISOString() ?? null,
      user: {
        uuid: session.userId,
        email: session.user?.email ?? '',
        username: session.user?.username ?? null,
      },
    }));
  }

  async revokeSession(sessionId: string, reason: string): Promise<void> {
    if (!(await this.sessions.revoke(sessionId, reason))) throw IdentityErrors.SESSION_NOT_FOUND();
  }

  /** An admin ends a session; recorded in the audit log (the session is gone either way). */
  async adminRevokeSession(adminId: string, sessionId: string): Promise<void> {
    await this.revokeSession(sessionId, 'revoked by an admin');
    await this.audit.record({
      actorId: adminId,
      action: 'session.revoke',
      targetType: 'session',
      targetId: sessionId,
    });
  }

  /** An admin removes ended sessions; recorded with how many went. */
  async adminPurgeEndedSessions(adminId: string): Promise<number> {
    const deleted = await this.purgeEndedSessions();
    await this.audit.record({
      actorId: adminId,
      action: 'session.purge-ended',
      targetType: 'session',
      after: { deleted },
    });
    return deleted;
  }

  async revokeOwnSession(userId: string, sessionId: string): Promise<void> {
    const session = await this.authSessions.findOne({ where: { id: sessionId, userId } });
    if (!session) throw IdentityErrors.SESSION_NOT_FOUND();
    await this.sessions.revoke(sessionId, 'ended by the member');
  }

  purgeEndedSessions(): Promise<number> {
    return this.sessions.purgeEnded();
  }
}

export function toAdminView(user: UserAccount): AdminUserView {
  return {
    ...toUserSummary(user),
    email: user.email,
    stage: stageOf(user),
    trusted: user.isTrusted,
    admin: user.isAdmin,
    ops: user.isOps,
    suspended: Boolean(user.suspendedAt),
    created_at: user.createdAt.toISOString(),
  };
}

function rowToAdminView(row: members.AdminMemberRow): AdminUserView {
  return {
    uuid: row.id,
    username: row.username ?? '',
    display_name: row.display_name,
    avatar: row.avatar,
    suburb_city: row.suburb_city,
    state: row.state,
    country: row.country,
    email: row.email,
    stage: stageOf({ emailVerifiedAt: row.email_verified_at, registeredAt: row.registered_at }),
    trusted: row.is_trusted,
    admin: row.is_admin,
    ops: row.is_ops,
    suspended: Boolean(row.suspended_at),
    created_at: new Date(row.created_at).toISOString(),
  };
}

/** The search text of the admins' lists: trimmed and lower-cased; blank is no search. */
function adminSearchTerm(raw: unknown): string | null {
  if (raw === undefined || raw === null) return null;
  if (typeof raw !== 'string' || raw.length > ADMIN_SEARCH_MAX * 4)
    throw PlatformErrors.VALIDATION_FAILED([
      { field: 'q', messages: [`q must be text of at most ${ADMIN_SEARCH_MAX} characters`] },
    ]);
  const term = raw.trim().replace(/\s+/g, ' ').toLowerCase();
  if ([...term].length > ADMIN_SEARCH_MAX)
    throw PlatformErrors.VALIDATION_FAILED([
      { field: 'q', messages: [`q must be text of at most ${ADMIN_SEARCH_MAX} characters`] },
    ]);
  return term || null;
}

/** What an admin may change of an account, as the audit log records it before and after. */
function rolesOf(user: UserAccount): {
  trusted: boolean;
  suspended: boolean;
  admin: boolean;
  ops: boolean;
} {
  return {
    trusted: user.isTrusted,
    suspended: user.suspendedAt !== null,
    admin: user.isAdmin,
    ops: user.isOps,
  };
}
