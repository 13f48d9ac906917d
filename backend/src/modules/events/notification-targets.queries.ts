import type { SqlRunner } from '../../platform/database/sql-runner';

/** Events' public ids and titles (the first template's), for the links of notifications. */
export async function eventLinks(
  db: SqlRunner,
  ids: string[],
): Promise<Array<{ id: string; random_id: string; title: string }>> {
  return (await db.query(
    `SELECT e.id, e.random_id, t.title
       FROM event e JOIN event_template t ON t.event_id = e.id AND t.position = 0
      WHERE e.id = ANY($1::uuid[])`,
    [ids],
  )) as Array<{ id: string; random_id: string; title: string }>;
}

/** An attendance answer with what its notification names: the date, the event and its creator. */
export async function attendanceForNotice(
  db: SqlRunner,
  attendanceId: string,
): Promise<
  | {
      user_id: string;
      status: string;
      specific_id: string;
      event_id: string;
      creator_id: string;
      cancelled: boolean;
    }
  | undefined
> {
  const [row] = (await db.query(
    `SELECT a.user_id, a.status, a.specific_id, s.event_id, e.creator_id, s.cancelled
       FROM event_attendee a
       JOIN event_specific s ON s.id = a.specific_id
       JOIN event e ON e.id = s.event_id
      WHERE a.id = $1`,
    [attendanceId],
  )) as Array<{
    user_id: string;
    status: string;
    specific_id: string;
    event_id: string;
    creator_id: string;
    cancelled: boolean;
  }>;
  return row;
}

/**
 * A page of who answered a date, as it is now (a fan-out's audience, checked when its job runs):
 * their answer, the date and its event are still there and, with `cancelledOnly`, the date is
 * still cancelled; by member id after `after`, leaving out `excludeId` (who made the change).
 * The answers' unique key (date, member) serves the walk.
 */
export async function dateAnswerers(
  db: SqlRunner,
  specificId: string,
  options: {
    cancelledOnly: boolean;
    excludeId: string | null;
    after: string | null;
    limit: number;
  },
): Promise<string[]> {
  const rows = (await db.query(
    `SELECT a.user_id FROM event_attendee a
       JOIN event_specific s ON s.id = a.specific_id
      WHERE a.specific_id = $1 AND (NOT $2::boolean OR s.cancelled)
        AND ($3::uuid IS NULL OR a.user_id <> $3::uuid)
        AND ($4::uuid IS NULL OR a.user_id > $4::uuid)
      ORDER BY a.user_id LIMIT $5`,
    [specificId, options.cancelledOnly, options.excludeId, options.after, options.limit],
  )) as Array<{ user_id: string }>;
  return rows.map((row) => row.user_id);
}
