import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { Member } from '../../platform/access/current-caller.decorator';
import { AuditLogService } from '../../platform/audit/audit-log.service';
import { Sql } from '../../platform/database/sql';
import { PlatformErrors } from '../../platform/http/platform.errors';
import { isUuid } from '../../platform/ids/uuid';
import { type Cursor, encodeCursor } from '../../platform/paging/paging';
import { SiteSettingsService } from '../../platform/site-settings/site-settings.service';
import { EventDirectory } from '../events';
import { MembersService } from '../identity';
import { PagesService } from '../pages';
import type {
  AcceptedInviteDto,
  InviteDto,
  InvitePageDto,
  InviteStatus,
  InviteTargetDto,
  PublicInviteDto,
} from './dto/invites.dto';
import type { InviteType } from './entities/invite.entity';
import { InvitesErrors } from './invites.errors';
import * as invites from './invites.queries';
import type { InviteRow } from './invites.queries';

/** How long an invite works after it is made. */
export const INVITE_VALID_DAYS = 14;
/** Expired invites stay this long (their senders see them as expired), then the purge removes them. */
export const EXPIRED_INVITE_KEEP_DAYS = 30;
/** Sent invites per page of the list. */
export const SENT_INVITES_PAGE = 20;

export interface NewInviteInput {
  userId: string;
  inviteType: InviteType;
  targetId?: string | null;
  noteText?: string;
}

/**
 * Invites (spec: Invite) to the site, a page or an event.
 *
 * Who may invite to what: to the site, trusted members and admins (they are the ones the site
 * already vouches for; an invite-only site grows through them); to a page, its owner; to an
 * event, its creator (admins may do both, as they may manage any page or event). The inviter
 * (`userId`) must be the caller. An invite works for INVITE_VALID_DAYS, until its sender or an
 * admin switches it off (`is_valid`; an admin's switch is audited).
 *
 * A site invite is used once, by the sign-up that carries it on an invite-only site
 * (`consumeForSignUp`, inside the sign-up's transaction). A page or event invite is a link its
 * sender shares with a group: any number of members may accept it until it expires; accepting
 * records the member once (`invite_acceptance`, counted in `use_count`) and answers where the
 * page or event is. (Following a page does not exist yet; when it does, accepting a page invite
 * should follow it.)
 */
@Injectable()
export class InvitesService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly sql: Sql,
    private readonly members: MembersService,
    private readonly pages: PagesService,
    private readonly events: EventDirectory,
    private readonly audit: AuditLogService,
    private readonly siteSettings: SiteSettingsService,
  ) {}

  async create(member: Member, input: NewInviteInput): Promise<InviteDto> {
    if (input.userId.toLowerCase() !== member.userId) throw InvitesErrors.INVITER_MUST_BE_CALLER();
    const targetId = input.targetId ? input.targetId.toLowerCase() : null;
    if (input.inviteType === 'site') {
      if (targetId) invalid('targetId', 'a site invite has no targetId');
      if (!member.trusted && !member.admin) throw InvitesErrors.MAY_NOT_INVITE_TO_SITE();
    } else {
      if (!targetId) invalid('targetId', `a ${input.inviteType} invite needs the targetId`);
      await this.assertMayInviteTo(member, input.inviteType, targetId);
    }
    const row = await invites.insertInvite(this.sql, {
      inviterId: member.userId,
      inviteType: input.inviteType,
      targetId,
      noteText: (input.noteText ?? '').trim(),
      validForDays: INVITE_VALID_DAYS,
    });
    return (await this.views([row]))[0];
  }

  /** Switches an invite off or on again: its sender, or an admin (audited). */
  async updateValidity(member: Member, uuid: string, isValid: boolean): Promise<InviteDto> {
    const id = inviteId(uuid);
    const row = await this.dataSource.transaction(async (manager) => {
      const before = await invites.inviteById(manager, id);
      if (!before) throw InvitesErrors.INVITE_NOT_FOUND();
      const own = before.inviter_id === member.userId;
      if (!own && !member.admin) throw InvitesErrors.NOT_YOUR_INVITE();
      const after = await invites.setValidity(manager, id, isValid);
      if (!after) throw InvitesErrors.INVITE_NOT_FOUND();
      if (!own) await this.auditAdminChange(manager, member, before, after);
      return after;
    });
    return (await this.views([row]))[0];
  }

  /** The invite as anyone holding its link sees it: no e-mail, no secrets. */
  async publicView(uuid: string): Promise<PublicInviteDto> {
    const row = await invites.inviteById(this.sql, inviteId(uuid));
    if (!row) throw InvitesErrors.INVITE_NOT_FOUND();
    const [[inviter], targets] = await Promise.all([
      this.members.summariesByIds([row.inviter_id]),
      this.targets([row]),
    ]);
    const view: PublicInviteDto = {
      uuid: row.id,
      inviteType: row.invite_type,
      status: statusOf(row),
      is_valid: row.is_valid,
      inviter: {
        username: inviter?.username ?? '',
        display_name: inviter?.display_name ?? null,
        avatar: inviter?.avatar ?? null,
      },
      target: row.target_id ? (targets.get(row.target_id) ?? null) : null,
      noteText: row.note_text,
      expires_at: row.expires_at.toISOString(),
    };
    if (row.invite_type === 'site') view.registration = await this.registrationMode();
    return view;
  }

  /** The caller's sent invites, newest first, with each one's status. */
  async sent(member: Member, after: Cursor | null): Promise<InvitePageDto> {
    const rows = await invites.invitesByInviter(
      this.sql,
      member.userId,
      after,
      SENT_INVITES_PAGE + 1,
    );
    const page = rows.slice(0, SENT_INVITES_PAGE);
    const last = page[page.length - 1];
    return {
      items: await this.views(page),
      next_cursor:
        rows.length > SENT_INVITES_PAGE && last
          ? encodeCursor('created_at', { at: last.cursor_at, id: last.id })
          : null,
    };
  }

  /** A member accepts a page or event invite: recorded once, and where to go now. */
  async accept(member: Member, uuid: string): Promise<AcceptedInviteDto> {
    const id = inviteId(uuid);
    const row = await invites.inviteById(this.sql, id);
    if (!row) throw InvitesErrors.INVITE_NOT_FOUND();
    if (row.invite_type === 'site') throw InvitesErrors.SITE_INVITE_IS_FOR_SIGN_UP();
    const target = row.target_id ? (await this.targets([row])).get(row.target_id) : undefined;
    // An invite to a page or event that is gone has nothing left to accept.
    if (!target) throw InvitesErrors.INVITE_NO_LONGER_VALID();
    const { accepted, firstTime } = await invites.acceptInvite(this.sql, id, member.userId);
    if (!accepted) throw InvitesErrors.INVITE_NO_LONGER_VALID();
    return { uuid: row.id, inviteType: row.invite_type, link: target.link, first_time: firstTime };
  }

  /**
   * Uses a site invite for a sign-up, in the sign-up's transaction (so a sign-up that fails
   * leaves the invite unused). True when the invite was valid, unexpired and unused, and is now
   * used; false otherwise (and for an id that is not a uuid).
   */
  async consumeForSignUp(uuid: string, manager: EntityManager): Promise<boolean> {
    if (typeof uuid !== 'string' || !isUuid(uuid)) return false;
    return invites.consumeSiteInvite(manager, uuid.toLowerCase());
  }

  /** Removes invites expired for over EXPIRED_INVITE_KEEP_DAYS, in batches; how many went. */
  async purgeExpired(batch = 1000): Promise<number> {
    let total = 0;
    for (;;) {
      const removed = await invites.purgeExpired(this.sql, EXPIRED_INVITE_KEEP_DAYS, batch);
      total += removed;
      if (removed < batch) return total;
    }
  }

  // ---- helpers ----

  private async assertMayInviteTo(member: Member, type: 'page' | 'event', targetId: string) {
    if (type === 'page') {
      const [page] = await this.pages.pagesByIds([targetId]);
      if (!page) throw InvitesErrors.TARGET_NOT_FOUND();
      if (page.ownerId !== member.userId && !member.admin)
        throw InvitesErrors.MAY_NOT_INVITE_TO_PAGE();
    } else {
      const [event] = await this.events.summaries([targetId]);
      if (!event) throw InvitesErrors.TARGET_NOT_FOUND();
      if (event.creatorId !== member.userId && !member.admin)
        throw InvitesErrors.MAY_NOT_INVITE_TO_EVENT();
    }
  }

  /** The pages and events these invites point at, by id, in at most two queries. */
  private async targets(rows: readonly InviteRow[]): Promise<Map<string, InviteTargetDto>> {
    const pageIds = rows.filter((row) => row.invite_type === 'page').map((row) => row.target_id!);
    const eventIds = rows.filter((row) => row.invite_type === 'event').map((row) => row.target_id!);
    const [pages, events] = await Promise.all([
      pageIds.length ? this.pages.pagesByIds(pageIds) : [],
      eventIds.length ? this.events.summaries(eventIds) : [],
    ]);
    const targets = new Map<string, InviteTargetDto>();
    for (const page of pages)
      targets.set(page.id, { id: page.id, title: page.name, link: `/${page.handle}` });
    for (const event of events)
      targets.set(event.id, { id: event.id, title: event.title, link: `/event/${event.randomId}` });
    return targets;
  }

  private async views(rows: readonly InviteRow[]): Promise<InviteDto[]> {
    const targets = await this.targets(rows);
    return rows.map((row) => ({
      uuid: row.id,
      is_valid: row.is_valid,
      inviteType: row.invite_type,
      targetId: row.target_id,
      noteText: row.note_text,
      status: statusOf(row),
      target: row.target_id ? (targets.get(row.target_id) ?? null) : null,
      link: `/invites/${row.id}`,
      use_count: row.use_count,
      expires_at: row.expires_at.toISOString(),
      created_at: row.created_at.toISOString(),
      used_at: row.used_at ? row.used_at.toISOString() : null,
    }));
  }

  private registrationMode(): Promise<'open' | 'invite-only'> {
    return this.siteSettings.get('registration_mode');
  }

  /** An admin switched someone else's invite: recorded in the admin's transaction. */
  private auditAdminChange(
    manager: EntityManager,
    admin: Member,
    before: InviteRow,
    after: InviteRow,
  ): Promise<void> {
    return this.audit.record(
      {
        actorId: admin.userId,
        action: 'invite.update-validity',
        targetType: 'invite',
        targetId: after.id,
        before: { is_valid: before.is_valid },
        after: { is_valid: after.is_valid },
      },
      manager,
    );
  }
}

function statusOf(row: InviteRow): InviteStatus {
  if (!row.is_valid) return 'revoked';
  if (row.invite_type === 'site' && row.use_count > 0) return 'used';
  if (row.expired) return 'expired';
  return 'valid';
}

function inviteId(uuid: string): string {
  if (!isUuid(uuid)) throw InvitesErrors.INVITE_NOT_FOUND();
  return uuid.toLowerCase();
}

function invalid(field: string, message: string): never {
  throw PlatformErrors.VALIDATION_FAILED([{ field, messages: [message] }]);
}
