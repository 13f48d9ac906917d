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
