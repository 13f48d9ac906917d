import { queryPrepared } from '../../platform/database/sql';
import type { SqlRunner } from '../../platform/database/sql-runner';
import { type Cursor, cursorTimeSql } from '../../platform/paging/paging';
import type { FanOutPayload, NotifyPayload } from './jobs/notifications.jobs';

/**
 * What groups a row with others in the list ("Ana and 3 others liked your post"): the same kind of
 * thing done to the same object. Null (mentions, announcements): the row is shown alone. The
 * migration back-filled rows written before with the same rule.
 */
const GROUP_KEY = `CASE $2::text
    WHEN 'reaction' THEN 'reaction:' || COALESCE($5::uuid, $4::uuid)::text
    WHEN 'comment' THEN 'comment:' || $4::uuid::text
    WHEN 'event' THEN 'event:' || COALESCE($9::text, '') || ':' || COALESCE($8::uuid, $7::uuid)::text
    ELSE NULL END`;

/** Inserts the notification unless one with its dedupe key exists; returns whether it did. */
export async function insertNotification(
  db: SqlRunner,
  notification: NotifyPayload,
): Promise<string | null> {
  const rows = (await db.query(
    `INSERT INTO notification (user_id, type, actor_id, post_id, comment_id, dedupe_key,
                               event_id, event_specific_id, subtype, group_key)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, ${GROUP_KEY})
     ON CONFLICT (dedupe_key) DO NOTHING RETURNING id`,
    [
      notification.recipientId,
      notification.type,
      notification.actorId,
      notification.postId,
      notification.commentId,
      notification.dedupeKey,
      notification.eventId ?? null,
      notification.eventSpecificId ?? null,
      notification.subtype ?? null,
    ],
  )) as Array<{ id: string }>;
  return rows[0]?.id ?? null;
}

/**
 * Unseen notifications and announcements of a member, counted up to `cap` (the partial index on
 * unseen rows, and the member's few announcement receipts; never more than `cap` of each).
 */
export async function countUnseen(db: SqlRunner, userId: string, cap: number): Promise<number> {
  // The bell asks for it every few seconds and every new notification tells it: prepared once per
  // connection (its parse and plan cost about what its run does).
  const [row] = (await queryPrepared(
    db,
    `SELECT LEAST($2::int,
       (SELECT count(*)::int FROM (
          SELECT 1 FROM notification WHERE user_id = $1 AND NOT seen LIMIT $2) unseen)
     + (SELECT count(*)::int FROM (
          SELECT 1 FROM announcement_receipt WHERE user_id = $1 AND NOT seen LIMIT $2) unread)) AS n`,
    [userId, cap],
  )) as Array<{ n: number }>;
  return row.n;
}

/**
 * Marks the member's own unseen notifications and announcements seen: the given ones (an
 * announcement by its id, as the list names it), or all (`ids` null); how many, in one statement.
 */
export async function markSeen(
  db: SqlRunner,
  userId: string,
  ids: readonly string[] | null,
): Promise<number> {
  const [row] = (await db.query(
    `WITH notices AS (
       UPDATE notification SET seen = true
        WHERE user_id = $1 AND NOT seen AND ($2::uuid[] IS NULL OR id = ANY($2::uuid[]))
        RETURNING 1),
     announcements AS (
       UPDATE announcement_receipt SET seen = true
        WHERE user_id = $1 AND NOT seen
          AND ($2::uuid[] IS NULL OR announcement_id = ANY($2::uuid[]))
        RETURNING 1)
     SELECT (SELECT count(*) FROM notices)::int + (SELECT count(*) FROM announcements)::int AS n`,
    [userId, ids],
  )) as Array<{ n: number }>;
  return row.n;
}

/** One item of the list: the newest row of its group, with what the group adds up to. */
export interface NotificationGroupRow {
  id: string;
  at: string;
  type: NotifyPayload['type'];
  subtype: string | null;
  actor_id: string | null;
  post_id: string | null;
  comment_id: string | null;
  event_id: string | null;
  announcement: string | null;
  /** Rows in the group. */
  total: number;
  /** Distinct people in the group, and the latest three of them, newest first. */
  actor_count: number;
  actor_ids: string[];
  /** The group's unseen rows (what marking the item seen marks). */
  unseen_ids: string[];
}

/**
 * A page of the member's notifications, newest first, one item per group. An item sits where its
 * group's newest row is, so keyset paging on (created_at, id) of that row is exact: a row is a
 * head when no newer row of its group exists (the group index answers that), and the walk down the
 * (user_id, created_at) index stops after `take` heads. Announcements come from the member's
 * receipts, each alone, named by the announcement's id, merged in by the same order.
 */
export async function groupsPage(
  db: SqlRunner,
  userId: string,
  after: Cursor | null,
  take: number,
): Promise<NotificationGroupRow[]> {
  return (await db.query(
    `WITH heads AS (
       (SELECT n.id, n.created_at, n.type, n.subtype, n.actor_id, n.post_id, n.comment_id,
               n.event_id, n.group_key, NULL::uuid AS announcement_id, NULL::boolean AS read
          FROM notification n
         WHERE n.user_id = $1
           AND ($2::timestamptz IS NULL OR (n.created_at, n.id) < ($2::timestamptz, $3::uuid))
           AND (n.group_key IS NULL OR NOT EXISTS (
                 SELECT 1 FROM notification newer
                  WHERE newer.user_id = n.user_id AND newer.group_key = n.group_key
                    AND (newer.created_at, newer.id) > (n.created_at, n.id)))
         ORDER BY n.created_at DESC, n.id DESC
         LIMIT $4)
       UNION ALL
       (SELECT r.announcement_id, r.created_at, 'immutable', NULL, NULL, NULL, NULL, NULL, NULL,
               r.announcement_id, r.seen
          FROM announcement_receipt r
         WHERE r.user_id = $1
           AND ($2::timestamptz IS NULL
                OR (r.created_at, r.announcement_id) < ($2::timestamptz, $3::uuid))
         ORDER BY r.created_at DESC, r.announcement_id DESC
         LIMIT $4)
       ORDER BY created_at DESC, id DESC
       LIMIT $4)
     SELECT h.id, ${cursorTimeSql('h.created_at')} AS at, h.type, h.subtype, h.actor_id,
            h.post_id, h.comment_id, h.event_id, a.body AS announcement,
            CASE WHEN h.announcement_id IS NULL THEN grp.total ELSE 1 END AS total,
            grp.actor_count,
            CASE WHEN h.announcement_id IS NULL THEN grp.unseen_ids
                 WHEN h.read THEN '{}'::uuid[] ELSE ARRAY[h.id] END AS unseen_ids,
            COALESCE(latest.actor_ids, '{}') AS actor_ids
       FROM heads h
       LEFT JOIN announcement a ON a.id = h.announcement_id
      CROSS JOIN LATERAL (
            SELECT count(*)::int AS total, count(DISTINCT g.actor_id)::int AS actor_count,
                   COALESCE(array_agg(g.id) FILTER (WHERE NOT g.seen), '{}') AS unseen_ids
              FROM notification g
             WHERE h.announcement_id IS NULL AND g.user_id = $1
               AND ((h.group_key IS NULL AND g.id = h.id) OR g.group_key = h.group_key)) grp
      CROSS JOIN LATERAL (
            SELECT array_agg(x.actor_id ORDER BY x.last_at DESC) AS actor_ids
              FROM (SELECT g.actor_id, max(g.created_at) AS last_at
                      FROM notification g
                     WHERE h.announcement_id IS NULL AND g.user_id = $1 AND g.actor_id IS NOT NULL
                       AND ((h.group_key IS NULL AND g.id = h.id) OR g.group_key = h.group_key)
                     GROUP BY g.actor_id ORDER BY last_at DESC LIMIT 3) x) latest
      ORDER BY h.created_at DESC, h.id DESC`,
    [userId, after?.at ?? null, after?.id ?? null, take],
  )) as NotificationGroupRow[];
}

export async function insertAnnouncement(
  db: SqlRunner,
  authorId: string,
  body: string,
): Promise<string> {
  const [row] = (await db.query(
    `INSERT INTO announcement (author_id, body) VALUES ($1, $2) RETURNING id`,
    [authorId, body],
  )) as Array<{ id: string }>;
  return row.id;
}

/**
 * One batch of an announcement's fan-out, set-based: one statement writes the given members'
 * receipts; an announcement deleted midway gets none more (no foreign key says so). Returns how
 * many were added.
 *
 * The first run of an announcement (it has no receipts yet: one probe of the key, once per
 * statement) inserts plainly. `ON CONFLICT DO NOTHING` would cost each row a speculative insertion
 * (a check of the key, the insert, then a confirmation record in the WAL), about a third of a
 * narrow row's cost, for conflicts a first run cannot have. A repeated run (a retry after a crash
 * midway) leaves out, row by row, the members who have it (the key again); two runs at once both
 * find none, and the key refuses the second's rows: a unique violation, after which the caller
 * writes the batch with `insertAnnouncementBatchOnConflict`. Either way one receipt per member.
 */
export async function insertAnnouncementBatch(
  db: SqlRunner,
  announcementId: string,
  recipientIds: readonly string[],
): Promise<number> {
  const [row] = (await db.query(
    `WITH added AS (
       INSERT INTO announcement_receipt (announcement_id, user_id)
       SELECT $1::uuid, r.id FROM unnest($2::uuid[]) AS r(id)
        WHERE EXISTS (SELECT 1 FROM announcement WHERE id = $1::uuid)
          AND (NOT EXISTS (SELECT 1 FROM announcement_receipt WHERE announcement_id = $1::uuid)
               OR NOT EXISTS (SELECT 1 FROM announcement_receipt x
                               WHERE x.announcement_id = $1::uuid AND x.user_id = r.id))
       RETURNING 1)
     SELECT count(*)::int AS n FROM added`,
    [announcementId, recipientIds],
  )) as Array<{ n: number }>;
  return row.n;
}

/**
 * insertAnnouncementBatch for a batch another run is writing at the same time: each member who
 * has the receipt keeps their one (the key decides, waiting for the other run's rows).
 */
export async function insertAnnouncementBatchOnConflict(
  db: SqlRunner,
  announcementId: string,
  recipientIds: readonly string[],
): Promise<number> {
  const [row] = (await db.query(
    `WITH added AS (
       INSERT INTO announcement_receipt (announcement_id, user_id)
       SELECT $1::uuid, r.id FROM unnest($2::uuid[]) AS r(id)
        WHERE EXISTS (SELECT 1 FROM announcement WHERE id = $1::uuid)
       ON CONFLICT DO NOTHING RETURNING 1)
     SELECT count(*)::int AS n FROM added`,
    [announcementId, recipientIds],
  )) as Array<{ n: number }>;
  return row.n;
}

/**
 * One batch of a fan-out (FanOutPayload), set-based: one statement for all the given recipients;
 * a recipient who has it already (a job that ran twice) keeps their one row (the dedupe key).
 * Event rows group as `insertNotification`'s do (type, subtype and date).
 */
export async function insertFanOutBatch(
  db: SqlRunner,
  cause: FanOutPayload,
  recipientIds: readonly string[],
): Promise<string[]> {
  const rows = (await db.query(
    `INSERT INTO notification (user_id, type, actor_id, event_id, event_specific_id, subtype,
                               dedupe_key, group_key)
     SELECT r.id, $1, $2, $3, $4, $5, $6::text || ':' || r.id::text,
            CASE WHEN $1::text = 'event'
                 THEN 'event:' || COALESCE($5::text, '') || ':' || COALESCE($4::uuid, $3::uuid)::text
                 ELSE NULL END
       FROM unnest($7::uuid[]) AS r(id)
     ON CONFLICT (dedupe_key) DO NOTHING RETURNING user_id`,
    [
      cause.type,
      cause.actorId,
      cause.eventId,
      cause.eventSpecificId,
      cause.subtype,
      cause.causeKey,
      recipientIds,
    ],
  )) as Array<{ user_id: string }>;
  return rows.map((row) => row.user_id);
}
