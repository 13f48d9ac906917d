import type { SqlRunner } from '../../platform/database/sql-runner';
import { outboxInsertSql } from '../../platform/queues/outbox.service';
import type { EmailKind, EmailMode } from '../identity';
import type { NotificationType } from './entities/notification.entity';

type Via = Exclude<EmailMode, 'off'>;

/**
 * The tail of both item inserts: an immediate item's `notification-email` job goes into the
 * outbox in the same statement (a data-modifying CTE), so the item and its job commit together;
 * the job id is the item's, so a re-relayed row queues nothing new.
 */
const QUEUE_IMMEDIATE = outboxInsertSql('email', 'notification-email', {
  from: 'item',
  payload: { itemId: 'item.id' },
  jobId: `'notification-email.' || item.id::text`,
  where: `item.via = 'immediately'`,
});

/** Adds an item unless the member has one for the cause; true when it was added. */
export async function insertItem(
  db: SqlRunner,
  item: {
    userId: string;
    kind: EmailKind;
    causeKey: string;
    actorId: string | null;
    link: string | null;
    via: Via;
  },
): Promise<boolean> {
  const rows = (await db.query(
    `WITH item AS (
       INSERT INTO email_item (user_id, kind, cause_key, actor_id, link, via)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (user_id, cause_key) DO NOTHING RETURNING id, via),
     queued AS (${QUEUE_IMMEDIATE})
     SELECT id FROM item`,
    [item.userId, item.kind, item.causeKey, item.actorId, item.link, item.via],
  )) as unknown[];
  return rows.length > 0;
}

/**
 * Adds the item of a notification (by its dedupe key) unless the member has it; false when it was
 * there already or the notification is gone.
 */
export async function insertNotificationItem(
  db: SqlRunner,
  dedupeKey: string,
  kind: EmailKind,
  via: Via,
): Promise<boolean> {
  const rows = (await db.query(
    `WITH item AS (
       INSERT INTO email_item (user_id, kind, cause_key, notification_id, actor_id, via)
       SELECT n.user_id, $2, 'n:' || n.dedupe_key, n.id, n.actor_id, $3
         FROM notification n WHERE n.dedupe_key = $1
       ON CONFLICT (user_id, cause_key) DO NOTHING RETURNING id, via),
     queued AS (${QUEUE_IMMEDIATE})
     SELECT id FROM item`,
    [dedupeKey, kind, via],
  )) as unknown[];
  return rows.length > 0;
}

/**
 * `insertNotificationItem` for many notifications at once (a fan-out's batch): one statement,
 * each by its dedupe key with its recipient's mode; those told already or gone are left out.
 */
export async function insertNotificationItems(
  db: SqlRunner,
  kind: EmailKind,
  items: ReadonlyArray<{ dedupeKey: string; via: Via }>,
): Promise<number> {
  if (!items.length) return 0;
  const rows = (await db.query(
    `WITH item AS (
       INSERT INTO email_item (user_id, kind, cause_key, notification_id, actor_id, via)
       SELECT n.user_id, $1, 'n:' || n.dedupe_key, n.id, n.actor_id, w.via
         FROM unnest($2::text[], $3::text[]) AS w(dedupe_key, via)
         JOIN notification n ON n.dedupe_key = w.dedupe_key
       ON CONFLICT (user_id, cause_key) DO NOTHING RETURNING id, via),
     queued AS (${QUEUE_IMMEDIATE})
     SELECT id FROM item`,
    [kind, items.map((item) => item.dedupeKey), items.map((item) => item.via)],
  )) as unknown[];
  return rows.length;
}

export interface EmailItemRow {
  id: string;
  user_id: string;
  kind: EmailKind;
  notification_id: string | null;
  actor_id: string | null;
  link: string | null;
  sent_at: Date | null;
}

const ITEM_COLUMNS = 'id, user_id, kind, notification_id, actor_id, link, sent_at';

/** The item, locked until the caller's transaction ends (a second run waits, then sees sent_at). */
export async function lockItem(db: SqlRunner, itemId: string): Promise<EmailItemRow | undefined> {
  const rows = (await db.query(`SELECT ${ITEM_COLUMNS} FROM email_item WHERE id = $1 FOR UPDATE`, [
    itemId,
  ])) as EmailItemRow[];
  return rows[0];
}

/** A member's unsent digest items, oldest first, locked until the caller's transaction ends. */
export async function lockPendingDigestItems(
  db: SqlRunner,
  userId: string,
): Promise<EmailItemRow[]> {
  return (await db.query(
    `SELECT ${ITEM_COLUMNS} FROM email_item
      WHERE user_id = $1 AND sent_at IS NULL AND via = 'daily'
      ORDER BY created_at, id FOR UPDATE`,
    [userId],
  )) as EmailItemRow[];
}

export async function markItemsSent(db: SqlRunner, ids: readonly string[]): Promise<void> {
  if (!ids.length) return;
  await db.query(`UPDATE email_item SET sent_at = now() WHERE id = ANY($1::uuid[])`, [ids]);
}

/** Members with unsent digest items from before `before` (the digest items' partial index). */
export async function membersWithPendingDigest(db: SqlRunner, before: Date): Promise<string[]> {
  const rows = (await db.query(
    `SELECT DISTINCT user_id FROM email_item
      WHERE sent_at IS NULL AND via = 'daily' AND created_at < $1`,
    [before],
  )) as Array<{ user_id: string }>;
  return rows.map((row) => row.user_id);
}

/**
 * Creates each given member's digest of their local `day`, unless they have one for that day or
 * had one in the last `minGapHours` (a member who moved to a zone behind theirs does not get a
 * second one the same day), and queues each one's `digest-email` job with it: one statement for
 * all (set-based), the digest rows and their jobs committed together. Returns how many.
 */
export async function startDigests(
  db: SqlRunner,
  due: ReadonlyArray<{ userId: string; day: string }>,
  at: Date,
  minGapHours: number,
): Promise<number> {
  if (!due.length) return 0;
  const rows = (await db.query(
    `WITH due AS (
       INSERT INTO email_digest (user_id, day, created_at)
       SELECT w.user_id, w.day, $3 FROM unnest($1::uuid[], $2::date[]) AS w(user_id, day)
        WHERE NOT EXISTS (
          SELECT 1 FROM email_digest d
           WHERE d.user_id = w.user_id AND d.created_at > $3::timestamptz - make_interval(hours => $4))
       ON CONFLICT (user_id, day) DO NOTHING
       RETURNING user_id, to_char(day, 'YYYY-MM-DD') AS day)
     ${outboxInsertSql('email', 'digest-email', {
       from: 'due',
       payload: { userId: 'due.user_id', day: 'due.day' },
       jobId: `'digest-email.' || due.user_id::text || '.' || due.day`,
     })}
     RETURNING 1`,
    [due.map((one) => one.userId), due.map((one) => one.day), at, minGapHours],
  )) as unknown[];
  return rows.length;
}

/** The day's digest, locked until the caller's transaction ends. */
export async function lockDigest(
  db: SqlRunner,
  userId: string,
  day: string,
): Promise<{ sent_at: Date | null } | undefined> {
  const rows = (await db.query(
    `SELECT sent_at FROM email_digest WHERE user_id = $1 AND day = $2::date FOR UPDATE`,
    [userId, day],
  )) as Array<{ sent_at: Date | null }>;
  return rows[0];
}

export async function markDigestSent(
  db: SqlRunner,
  userId: string,
  day: string,
  itemCount: number,
): Promise<void> {
  await db.query(
    `UPDATE email_digest SET sent_at = now(), item_count = $3 WHERE user_id = $1 AND day = $2::date`,
    [userId, day, itemCount],
  );
}

export interface EmailNotificationRow {
  id: string;
  type: NotificationType;
  subtype: string | null;
  actor_id: string | null;
  post_id: string | null;
  comment_id: string | null;
  event_id: string | null;
}

/** The notifications items tell of, as the e-mails describe them. */
export async function notificationsByIds(
  db: SqlRunner,
  ids: readonly string[],
): Promise<EmailNotificationRow[]> {
  if (!ids.length) return [];
  return (await db.query(
    `SELECT id, type, subtype, actor_id, post_id, comment_id, event_id
       FROM notification WHERE id = ANY($1::uuid[])`,
    [ids],
  )) as EmailNotificationRow[];
}
