import type { SqlRunner } from '../../platform/database/sql-runner';

/** The `event_calendar_token` table and the dates calendar feeds list. */

export interface FeedRow {
  specific_id: string;
  event_id: string;
  random_id: string;
  local_date: string;
  starts_at: Date;
  ends_at: Date;
  title: string;
  description: string;
  location_id: string | null;
  cancelled: boolean;
  sequence: number;
  updated_at: Date;
}

const FEED_COLUMNS = `s.id AS specific_id, e.id AS event_id, e.random_id, s.local_date::text AS local_date,
  s.starts_at, s.ends_at, coalesce(s.title, t.title) AS title,
  coalesce(s.description, t.description) AS description,
  coalesce(s.location_id, t.location_id) AS location_id, s.cancelled, s.sequence,
  greatest(s.updated_at, t.updated_at) AS updated_at`;
const FEED_FROM = `event_specific s JOIN event e ON e.id = s.event_id
  JOIN event_template t ON t.event_id = e.id AND t.position = 0`;

/** Which dates a feed lists: one date, an event's, a page's public ones, a member's GOING ones. */
export type FeedScope =
  { specificId: string } | { eventId: string } | { pageId: string } | { goingUserId: string };

export async function feedDates(
  db: SqlRunner,
  scope: FeedScope,
  since: Date,
  limit: number,
): Promise<FeedRow[]> {
  let where: string;
  let key: string;
  if ('specificId' in scope) {
    where = 's.id = $1';
    key = scope.specificId;
  } else if ('eventId' in scope) {
    where = 'e.id = $1 AND s.ends_at > $2';
    key = scope.eventId;
  } else if ('pageId' in scope) {
    where = "e.page_id = $1 AND e.privacy = 'public' AND s.ends_at > $2";
    key = scope.pageId;
  } else {
    where = `s.ends_at > $2 AND s.id IN (SELECT specific_id FROM event_attendee
                                          WHERE user_id = $1 AND status = 'GOING')`;
    key = scope.goingUserId;
  }
  return (await db.query(
    `SELECT ${FEED_COLUMNS} FROM ${FEED_FROM}
      WHERE ${where} AND $2::timestamptz IS NOT NULL
      ORDER BY s.starts_at, s.id LIMIT $3`,
    [key, since.toISOString(), limit],
  )) as FeedRow[];
}

export async function userOfToken(db: SqlRunner, tokenHash: string): Promise<string | undefined> {
  const [row] = (await db.query('SELECT user_id FROM event_calendar_token WHERE token_hash = $1', [
    tokenHash,
  ])) as Array<{ user_id: string }>;
  return row?.user_id;
}

export async function saveToken(db: SqlRunner, userId: string, tokenHash: string): Promise<void> {
  await db.query(
    `INSERT INTO event_calendar_token (user_id, token_hash) VALUES ($1, $2)
     ON CONFLICT (user_id) DO UPDATE SET token_hash = EXCLUDED.token_hash, created_at = now()`,
    [userId, tokenHash],
  );
}

/** When the member's feed link was made, or undefined when they have none. */
export async function tokenMadeAt(db: SqlRunner, userId: string): Promise<Date | undefined> {
  const [row] = (await db.query('SELECT created_at FROM event_calendar_token WHERE user_id = $1', [
    userId,
  ])) as Array<{ created_at: Date }>;
  return row?.created_at;
}

export async function deleteToken(db: SqlRunner, userId: string): Promise<void> {
  await db.query('DELETE FROM event_calendar_token WHERE user_id = $1', [userId]);
}
