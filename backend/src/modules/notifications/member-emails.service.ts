import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppConfig } from '../../platform/config/app-config';
import { Sql } from '../../platform/database/sql';
import { MailService } from '../../platform/mail/mail.service';
import { localClock } from '../../platform/time-zone/time-zone';
import {
  EMAIL_KINDS,
  type EmailKind,
  type EmailRecipient,
  MembersService,
  type UserSummary,
  UserSettingsService,
} from '../identity';
import type { NotificationType } from './entities/notification.entity';
import {
  MemberEmailContent,
  type TellableItem,
  type UnsubscribeScope,
} from './emails/member-emails.content';
import { UnsubscribeTokens } from './emails/unsubscribe-token';
import type { FanOutPayload } from './jobs/notifications.jobs';
import * as q from './member-emails.queries';
import { NotificationsService } from './notifications.service';

/** Digests go out in this hour of each member's own day (their time zone; UTC if unset). */
export const DIGEST_LOCAL_HOUR = 7;
/**
 * How often the gathering runs: hourly, so it meets every zone's local digest hour once (zones a
 * half or quarter hour off UTC too); a run that happens twice in an hour starts nothing new.
 */
export const DIGEST_GATHER_EVERY_MS = 60 * 60_000;
/** No second digest within this many hours, even on a new local date (after a zone change). */
const DIGEST_MIN_GAP_HOURS = 20;
/** Members handled per statement by the gathering. */
const DIGEST_GATHER_BATCH = 5_000;
/** The public one-click unsubscribe route (EmailUnsubscribeController), under the API. */
export const UNSUBSCRIBE_PATH = '/api/iam/notifications/email-unsubscribe';

/** What `notify` is told of: a cause unique per recipient, who did it, where it is. */
export interface EmailCause {
  /** Unique per recipient and cause, e.g. `message:{messageId}`: telling twice sends once. */
  key: string;
  /** Who did it (shown by name); null: nobody in particular. Never e-mails them of their own act. */
  actorId?: string | null;
  /** A path in the web app the e-mail links to, e.g. `/messages/ana`. */
  link?: string | null;
}

const KIND_OF_TYPE: Partial<Record<NotificationType, EmailKind>> = {
  reaction: 'comments',
  comment: 'comments',
  event: 'events',
};

const CAUSE_KEY_MAX = 200;
const LINK = /^\/[^\s\\]{0,500}$/;

const nameOf = (person: UserSummary | undefined) =>
  person ? person.display_name || person.username : 'Someone';

/**
 * E-mails about what happens to a member, as their settings say per kind (messages; comments and
 * reactions; events): never, one e-mail each ('immediately'), or one daily digest ('daily').
 *
 * `notify` records an item per recipient and cause (unique, so a repeat adds nothing) and, for
 * 'immediately', queues its `notification-email` job in the same statement. Jobs carry ids only:
 * the address, the text and the unsubscribe token are worked out when the e-mail is sent, and
 * an item is marked sent in the transaction that sends it, under its row lock, so it goes once.
 * Other modules call `notify` (messaging: `notify(recipientId, 'messages', { key:
 * `message:${id}`, actorId: senderId, link })`); notifications' own `notify` job calls
 * `notifyOfNotification` for comments, reactions and events.
 */
@Injectable()
export class MemberEmails {
  private readonly tokens: UnsubscribeTokens;

  constructor(
    private readonly sql: Sql,
    private readonly dataSource: DataSource,
    private readonly settings: UserSettingsService,
    private readonly members: MembersService,
    private readonly notifications: NotificationsService,
    private readonly mail: MailService,
    config: AppConfig,
  ) {
    this.tokens = new UnsubscribeTokens(config.jwtSecret);
  }

  /**
   * Tells a member of something by e-mail, as their settings for `kind` say; true when it was
   * recorded now (false: off, not e-mailable, their own act, or told already).
   */
  async notify(userId: string, kind: EmailKind, cause: EmailCause): Promise<boolean> {
    if (!EMAIL_KINDS.includes(kind)) throw new Error(`Unknown e-mail kind "${String(kind)}"`);
    if (!cause.key || cause.key.length > CAUSE_KEY_MAX || cause.key.includes('\0'))
      throw new Error('An e-mail cause needs a key of 1 to 200 characters');
    if (cause.link != null && !LINK.test(cause.link))
      throw new Error('An e-mail cause links to a path in the web app');
    if (cause.actorId && cause.actorId === userId) return false;
    const via = await this.modeOf(userId, kind);
    if (!via) return false;
    return q.insertItem(this.sql, {
      userId,
      kind,
      causeKey: `x:${cause.key}`,
      actorId: cause.actorId ?? null,
      link: cause.link ?? null,
      via,
    });
  }

  /** A notification was written (the `notify` job): its recipient's e-mail about it, if any. */
  async notifyOfNotification(notice: {
    recipientId: string;
    type: NotificationType;
    actorId: string | null;
    dedupeKey: string;
  }): Promise<boolean> {
    const kind = KIND_OF_TYPE[notice.type];
    if (!kind || notice.actorId === notice.recipientId) return false;
    const via = await this.modeOf(notice.recipientId, kind);
    if (!via) return false;
    return q.insertNotificationItem(this.sql, notice.dedupeKey, kind, via);
  }

  /**
   * A batch of a fan-out was written (the `fan-out` job): each recipient's e-mail about their row,
   * as their settings for the cause's kind say, in one statement; a recipient with an item for it
   * already gets nothing more. Returns how many items were added.
   */
  async notifyOfFanOut(
    cause: Pick<FanOutPayload, 'type' | 'causeKey' | 'actorId'>,
    recipientIds: readonly string[],
  ): Promise<number> {
    const kind = KIND_OF_TYPE[cause.type];
    if (!kind || !recipientIds.length) return 0;
    const recipients = await this.settings.emailRecipients(recipientIds);
    const wanted = recipients.flatMap((recipient) => {
      const via = recipient.modes[kind];
      return via === 'off' || recipient.userId === cause.actorId
        ? []
        : [{ dedupeKey: `${cause.causeKey}:${recipient.userId}`, via }];
    });
    return q.insertNotificationItems(this.sql, kind, wanted);
  }

  /** The `notification-email` job: sends one item's e-mail unless it went (or is no more). */
  async sendItem(itemId: string): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      const item = await q.lockItem(manager, itemId);
      if (!item || item.sent_at) return false;
      const [recipient] = await this.settings.emailRecipients([item.user_id]);
      const [told] =
        recipient && recipient.modes[item.kind] !== 'off' ? await this.describe([item]) : [];
      if (recipient && told) {
        await this.send(
          recipient,
          MemberEmailContent.single(
            told,
            { scope: item.kind, url: this.unsubscribeUrl(recipient.userId, item.kind) },
            this.mail.link('/settings#email-notifications'),
          ),
          item.kind,
        );
      }
      // Sent, or dropped for good (turned off, no longer e-mailable, its cause gone).
      await q.markItemsSent(manager, [item.id]);
      return Boolean(recipient && told);
    });
  }

  /**
   * The `gather-digests` timer (hourly): creates the digest of each member with unsent digest
   * items whose local hour at `now` is DIGEST_LOCAL_HOUR, for their local date, with its
   * `digest-email` job; a member gets at most one per local date (the digest's key) and none
   * within DIGEST_MIN_GAP_HOURS of the last. Zones are judged by Intl (platform/time-zone), as
   * the API checked them, not by the database's own zone list. Returns how many it started.
   */
  async gatherDigests(now: Date = new Date()): Promise<number> {
    const pending = await q.membersWithPendingDigest(this.sql, now);
    let started = 0;
    for (let from = 0; from < pending.length; from += DIGEST_GATHER_BATCH) {
      const batch = pending.slice(from, from + DIGEST_GATHER_BATCH);
      const zones = await this.settings.timeZonesOf(batch);
      const due = batch.flatMap((userId) => {
        const local = localClock(now, zones.get(userId) ?? 'UTC');
        return local.hour === DIGEST_LOCAL_HOUR ? [{ userId, day: local.date }] : [];
      });
      started += await q.startDigests(this.sql, due, now, DIGEST_MIN_GAP_HOURS);
    }
    return started;
  }

  /** The `digest-email` job: one e-mail of everything unsent since the member's last digest. */
  async sendDigest(userId: string, day: string): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      const digest = await q.lockDigest(manager, userId, day);
      if (!digest || digest.sent_at) return false;
      const items = await q.lockPendingDigestItems(manager, userId);
      const [recipient] = await this.settings.emailRecipients([userId]);
      const wanted = recipient ? items.filter((item) => recipient.modes[item.kind] !== 'off') : [];
      const told = await this.describe(wanted);
      if (recipient && told.length) {
        await this.send(
          recipient,
          MemberEmailContent.digest(
            told,
            { scope: 'digest', url: this.unsubscribeUrl(userId, 'digest') },
            this.mail.link('/settings#email-notifications'),
            this.mail.link('/'),
          ),
          'digest',
        );
      }
      await q.markItemsSent(
        manager,
        items.map((item) => item.id),
      );
      await q.markDigestSent(manager, userId, day, told.length);
      return told.length > 0;
    });
  }

  /** What a token would unsubscribe from (null: not one of ours); changes nothing. */
  unsubscribeScopeOf(token: unknown): UnsubscribeScope | null {
    return this.tokens.verify(token)?.scope ?? null;
  }

  /**
   * The one-click unsubscribe: turns off the token's kind (a digest's: every kind set to
   * 'daily'). Null when the token is not one of ours; repeating it changes nothing more.
   */
  async unsubscribe(token: unknown): Promise<{ scope: UnsubscribeScope } | null> {
    const named = this.tokens.verify(token);
    if (!named) return null;
    const { userId, scope } = named;
    if (scope === 'digest') {
      const [recipient] = await this.settings.emailRecipients([userId]);
      for (const kind of EMAIL_KINDS) {
        if (recipient?.modes[kind] === 'daily')
          await this.settings.setEmailMode(userId, kind, 'off');
      }
    } else {
      await this.settings.setEmailMode(userId, scope, 'off');
    }
    return { scope };
  }

  private unsubscribeUrl(userId: string, scope: UnsubscribeScope): string {
    return this.mail.link(
      `${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(this.tokens.mint(userId, scope))}`,
    );
  }

  /** Sends with RFC 2369 / RFC 8058 one-click unsubscribe headers. */
  private async send(
    recipient: EmailRecipient,
    content: ReturnType<typeof MemberEmailContent.single>,
    scope: UnsubscribeScope,
  ): Promise<void> {
    await this.mail.sendNow(recipient.email, content, {
      headers: {
        'List-Unsubscribe': `<${this.unsubscribeUrl(recipient.userId, scope)}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    });
  }

  private async modeOf(userId: string, kind: EmailKind) {
    const [recipient] = await this.settings.emailRecipients([userId]);
    const mode = recipient?.modes[kind];
    return mode && mode !== 'off' ? mode : null;
  }

  /** The items as sentences with links, in order; an item whose cause is gone is left out. */
  private async describe(items: readonly q.EmailItemRow[]): Promise<TellableItem[]> {
    if (!items.length) return [];
    const notifications = await q.notificationsByIds(
      this.sql,
      items.flatMap((item) => item.notification_id ?? []),
    );
    const byId = new Map(notifications.map((row) => [row.id, row]));
    const ids = (pick: (row: q.EmailNotificationRow) => string | null) => [
      ...new Set(notifications.flatMap((row) => pick(row) ?? [])),
    ];
    const [targets, people] = await Promise.all([
      this.notifications.describe({
        postIds: ids((row) => row.post_id),
        commentIds: ids((row) => row.comment_id),
        eventIds: ids((row) => row.event_id),
      }),
      this.members.summariesByIds(
        items.flatMap((item) => item.actor_id ?? []).concat(ids((row) => row.actor_id)),
      ),
    ]);
    const person = new Map(people.map((summary) => [summary.uuid, summary]));
    return items.flatMap((item): TellableItem[] => {
      if (!item.notification_id) {
        const actor = item.actor_id ? person.get(item.actor_id) : undefined;
        return [
          {
            kind: item.kind,
            sentence:
              item.kind === 'messages'
                ? `${nameOf(actor)} sent you a message`
                : `${nameOf(actor)} has news for you`,
            url: this.mail.link(item.link ?? '/'),
          },
        ];
      }
      const row = byId.get(item.notification_id);
      if (!row) return [];
      const who = nameOf(row.actor_id ? person.get(row.actor_id) : undefined);
      const post = row.post_id ? targets.posts.get(row.post_id) : undefined;
      const comment = row.comment_id ? targets.comments.get(row.comment_id) : undefined;
      const event = row.event_id ? targets.events.get(row.event_id) : undefined;
      let sentence: string;
      switch (row.type) {
        case 'reaction':
          sentence = `${who} liked your ${row.comment_id ? 'comment' : 'post'}`;
          break;
        case 'comment':
          sentence = comment?.is_reply
            ? `${who} replied to your comment`
            : `${who} commented on your post`;
          break;
        default: {
          const title = event ? ` “${event.title}”` : '';
          sentence =
            row.subtype === 'EVENT_ATTENDANCE'
              ? `${who} answered your event${title}`
              : `News about the event${title}`;
        }
      }
      const path = post ? `/post/${post.random_id}` : event ? `/event/${event.random_id}` : '/';
      return [{ kind: item.kind, sentence, url: this.mail.link(path) }];
    });
  }
}
