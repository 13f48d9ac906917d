import { Injectable } from '@nestjs/common';
import { AuditLogService } from '../../platform/audit/audit-log.service';
import {
  FOREIGN_KEY_VIOLATION,
  isUniqueViolation,
  pgErrorCode,
} from '../../platform/database/db-errors';
import { Sql } from '../../platform/database/sql';
import { type Cursor, encodeCursor, type Page } from '../../platform/paging/paging';
import { JobQueue } from '../../platform/queues/job-queue.service';
import { RealtimePublisher } from '../../platform/realtime/realtime-publisher';
import { MembersService, type UserSummary } from '../identity';
import type { FanOutPayload, NotifyPayload } from './jobs/notifications.jobs';
import type { NotificationSource, Targets, TargetRefs, TriggerKind } from './notification-sources';
import { NotificationsErrors } from './notifications.errors';
import * as q from './notifications.queries';

/** The tally counts unseen rows up to this; the bell shows "99+" from here on. */
export const UNREAD_CAP = 100;
/**
 * Members per set-based insert of an announcement's fan-out. A receipt is a narrow row (see
 * AnnouncementReceipt), some 5 µs each to write, so a statement's own cost (a round trip, a plan)
 * is nothing beside 50,000 of them; the bound keeps one statement's parameter (the ids, ~2 MB) and
 * what a failed statement undoes in proportion. 102,000 members: two statements and a small one.
 */
export const ANNOUNCE_BATCH = 50_000;
/** Recipients per set-based insert of a fan-out to an audience (everyone who answered a date). */
export const FAN_OUT_BATCH = 500;

export interface UnreadTally {
  /** Unseen notifications, counted up to `UNREAD_CAP`. */
  count: number;
  /** True when there are at least `UNREAD_CAP` (show "99+"). */
  capped: boolean;
}

/** The live 'notification' event: a notification's id, or null for an announcement's batch. */
export interface LiveNotification {
  id: string | null;
  type: NotifyPayload['type'];
}

export interface NotificationItem {
  /** The newest notification of the group. */
  id: string;
  type: NotifyPayload['type'];
  subtype: string | null;
  created_at: string;
  /** True when every notification of the group was seen. */
  seen: boolean;
  /** The group's unseen notifications: what to send to mark-as-seen for this item. */
  notif_ids: string[];
  /** Notifications in the group. */
  count: number;
  /** Distinct people in the group, and the latest (at most three), newest first. */
  actor_count: number;
  actors: UserSummary[];
  /** Where the item leads: `/post/{randomId}`, `/event/{randomId}`, `/{handle}`, or null. */
  link: string | null;
  post_random_id: string | null;
  event_random_id: string | null;
  event_title: string | null;
  comment_excerpt: string | null;
  comment_is_reply: boolean;
  /** A site announcement's text (type immutable). */
  announcement: string | null;
}

/**
 * Notifications: writes what producers resolved (the `notify` job), reads a member's own, marks
 * them seen and fans site announcements out. Producers decide who hears of what; the modules whose
 * things they are about describe them for the list through a registered `NotificationSource`.
 */
@Injectable()
export class NotificationsService {
  private readonly sources: NotificationSource[] = [];

  constructor(
    private readonly sql: Sql,
    private readonly jobs: JobQueue,
    private readonly members: MembersService,
    private readonly live: RealtimePublisher,
    private readonly audit: AuditLogService,
  ) {}

  /** Call once at start-up (onModuleInit) from the module whose things it describes. */
  registerSource(source: NotificationSource): void {
    this.sources.push(source);
  }

  /**
   * Inserts the notification unless one with its dedupe key exists; returns whether it did. When its
   * cause (post, comment, member) was deleted after the producer decided, there is nothing to tell:
   * the row would be removed with its cause anyway, so the job succeeds instead of retrying.
   */
  async add(notification: NotifyPayload): Promise<boolean> {
    let id: string | null;
    try {
      id = await q.insertNotification(this.sql, notification);
    } catch (error) {
      if (pgErrorCode(error) === FOREIGN_KEY_VIOLATION) return false;
      throw error;
    }
    if (id) await this.tellLive(notification.recipientId, { id, type: notification.type });
    return id !== null;
  }

  /** Pushes a new notification and the recipient's tally to their open sockets (best effort). */
  private async tellLive(userId: string, notice: LiveNotification): Promise<void> {
    this.live.toMembers([userId], 'notification', notice);
    try {
      this.live.toMembers([userId], 'notifications-tally', await this.unreadTally(userId));
    } catch {
      // The row is written; the client's polling brings the tally.
    }
  }

  async unreadTally(userId: string): Promise<UnreadTally> {
    const count = await q.countUnseen(this.sql, userId, UNREAD_CAP);
    return { count, capped: count >= UNREAD_CAP };
  }

  /**
   * Marks the caller's own notifications seen — the given ones, or all when none are given — and
   * only when their unread tally is non-zero (spec §6); answers the tally after.
   */
  async markSeen(
    userId: string,
    ids: readonly string[] | null,
  ): Promise<UnreadTally & { marked: number }> {
    const before = await this.unreadTally(userId);
    if (before.count === 0) return { ...before, marked: 0 };
    const marked = await q.markSeen(this.sql, userId, ids && ids.length ? [...new Set(ids)] : null);
    const after = await this.unreadTally(userId);
    // The member's other tabs and devices.
    if (marked) this.live.toMembers([userId], 'notifications-tally', after);
    return { ...after, marked };
  }

  /** A page of the member's notifications, grouped, newest first. */
  async page(userId: string, after: Cursor | null, take: number): Promise<Page<NotificationItem>> {
    const rows = await q.groupsPage(this.sql, userId, after, take);
    const refs: TargetRefs = {
      postIds: unique(rows.map((row) => row.post_id)),
      commentIds: unique(rows.map((row) => row.comment_id)),
      eventIds: unique(rows.map((row) => row.event_id)),
    };
    const [targets, people] = await Promise.all([
      this.describe(refs),
      this.members.summariesByIds(rows.flatMap((row) => row.actor_ids)),
    ]);
    const byId = new Map(people.map((person) => [person.uuid, person]));
    const items = rows.map((row): NotificationItem => {
      const post = row.post_id ? targets.posts.get(row.post_id) : undefined;
      const comment = row.comment_id ? targets.comments.get(row.comment_id) : undefined;
      const event = row.event_id ? targets.events.get(row.event_id) : undefined;
      const actors = row.actor_ids.flatMap((id) => byId.get(id) ?? []);
      return {
        id: row.id,
        type: row.type,
        subtype: row.subtype,
        created_at: row.at,
        seen: row.unseen_ids.length === 0,
        notif_ids: row.unseen_ids,
        count: row.total,
        actor_count: row.actor_count,
        actors,
        link: post
          ? `/post/${post.random_id}`
          : event
            ? `/event/${event.random_id}`
            : actors[0]
              ? `/${actors[0].username}`
              : null,
        post_random_id: post?.random_id ?? null,
        event_random_id: event?.random_id ?? null,
        event_title: event?.title ?? null,
        comment_excerpt: comment?.excerpt ?? null,
        comment_is_reply: comment?.is_reply ?? false,
        announcement: row.announcement,
      };
    });
    const last = rows.at(-1);
    return {
      items,
      next_cursor:
        last && rows.length === take
          ? encodeCursor('created_at', { at: last.at, id: last.id })
          : null,
    };
  }

  /**
   * A trigger (POST new-*-notif): re-tells a cause the caller made through its module's own notify
   * path, which re-checks who may hear of it and writes at most one row (its dedupe key).
   */
  async retell(kind: TriggerKind, callerId: string, causeId: string): Promise<{ queued: true }> {
    for (const source of this.sources) {
      const retell = source.retell?.[kind];
      if (retell && (await retell(callerId, causeId))) return { queued: true };
    }
    throw NotificationsErrors.CAUSE_NOT_FOUND();
  }

  /** An admin's site announcement: stored, then fanned out to every member by the `announce` job. */
  async announce(adminId: string, body: string): Promise<{ id: string }> {
    const id = await q.insertAnnouncement(this.sql, adminId, body);
    await this.audit.record({
      actorId: adminId,
      action: 'announcement.create',
      targetType: 'announcement',
      targetId: id,
      after: { message: body },
    });
    await this.jobs.add(
      'notifications',
      'announce',
      { announcementId: id },
      { jobId: `announce.${id}` },
    );
    return { id };
  }

  /**
   * The fan-out: every registered, unsuspended member as the job runs (one read of their ids, so
   * who is suspended by then hears nothing of it), then one set-based insert of receipts per
   * `ANNOUNCE_BATCH` of them; a run that repeats (a retry after a crash midway) or runs beside
   * another adds only what is missing: one receipt per member (the key). Members who register later
   * do not get it (it was news when it was sent; their list starts with their account).
   *
   * The batches go in id order, one after the other, so a member has it only once everyone before
   * them by id has it. Then one live event to every connected member, not a room per recipient: the
   * clients only refetch their tally (id null: not one row), and it is everyone anyway.
   */
  async fanOutAnnouncement(announcementId: string): Promise<number> {
    const ids = await this.members.registeredMemberIds();
    let written = 0;
    let concurrent = false;
    for (let at = 0; at < ids.length; at += ANNOUNCE_BATCH) {
      const batch = ids.slice(at, at + ANNOUNCE_BATCH);
      if (!concurrent) {
        try {
          written += await q.insertAnnouncementBatch(this.sql, announcementId, batch);
          continue;
        } catch (error) {
          // Another run of the same announcement wrote some of these meanwhile (see the query).
          if (!isUniqueViolation(error)) throw error;
          concurrent = true;
        }
      }
      written += await q.insertAnnouncementBatchOnConflict(this.sql, announcementId, batch);
    }
    if (written) this.live.toAllMembers('notification', { id: null, type: 'immutable' });
    return written;
  }

  /**
   * A fan-out (the `fan-out` job): the audience a module registered, resolved and checked now, in
   * batches of `FAN_OUT_BATCH`, one set-based insert per batch; a run that repeats (a retry after a
   * crash midway, a re-relayed outbox row) adds only what is missing. `afterBatch` is told each
   * batch's recipients once their rows are written (their e-mails). Returns the rows written.
   */
  async fanOut(
    cause: FanOutPayload,
    afterBatch?: (recipientIds: readonly string[]) => Promise<unknown>,
  ): Promise<number> {
    const audience = this.sources.find((source) => source.audiences?.[cause.audience])?.audiences?.[
      cause.audience
    ];
    if (!audience) throw new Error(`No notification audience "${cause.audience}" is registered`);
    let written = 0;
    let after: string | null = null;
    for (;;) {
      const ids = await audience(cause.subjectId, cause.actorId, after, FAN_OUT_BATCH);
      if (!ids.length) return written;
      try {
        // Who is suspended (or deleted) by the time the job runs hears nothing of it.
        const recipients = await this.members.activeMemberIdsAmong(ids);
        if (recipients.length) {
          written += await this.writeFanOutBatch(cause, recipients);
          // Every recipient of the batch, not only the new rows: a retry after a failure between
          // the two still reaches the step (which itself acts once per recipient and cause).
          await afterBatch?.(recipients);
        }
      } catch (error) {
        // The cause (the event, the date, the actor) was deleted midway: nothing more to tell.
        if (pgErrorCode(error) === FOREIGN_KEY_VIOLATION) return written;
        throw error;
      }
      after = ids[ids.length - 1];
    }
  }

  /** One batch of a fan-out: one statement, then one live event for those who got a new row. */
  async writeFanOutBatch(cause: FanOutPayload, recipientIds: readonly string[]): Promise<number> {
    const added = await q.insertFanOutBatch(this.sql, cause, recipientIds);
    // One live event per batch; the clients refetch their tally (id null: not one row).
    if (added.length) this.live.toMembers(added, 'notification', { id: null, type: cause.type });
    return added.length;
  }

  /** Describes the things notifications are about (the list, and the e-mails of MemberEmails). */
  async describe(refs: TargetRefs): Promise<Targets> {
    const targets: Targets = { posts: new Map(), comments: new Map(), events: new Map() };
    if (!refs.postIds.length && !refs.commentIds.length && !refs.eventIds.length) return targets;
    const parts = await Promise.all(this.sources.map((source) => source.describe?.(refs)));
    for (const part of parts) {
      for (const [id, post] of part?.posts ?? []) targets.posts.set(id, post);
      for (const [id, comment] of part?.comments ?? []) targets.comments.set(id, comment);
      for (const [id, event] of part?.events ?? []) targets.events.set(id, event);
    }
    return targets;
  }
}

function unique(ids: Array<string | null>): string[] {
  return [...new Set(ids.filter((id): id is string => id !== null))];
}
