import type { SqlRunner } from '../../platform/database/sql-runner';

/**
 * The location cleanups' statements (`event_location` and the two tables that point at it:
 * `event_template.location_id`, `event_specific.location_id`). Nothing else references a place:
 * members and pages keep their own coordinates in their rows.
 */

/** A name or address as people type it: any case, spaces trimmed and collapsed. */
const norm = (column: string) => `lower(regexp_replace(btrim(${column}), '\\s+', ' ', 'g'))`;

/**
 * The key two rows of the same place share: its name and state when it has a name (the rule
 * writes follow, event-locations.service.ts), else its address, suburb or city and state.
 */
const DUPLICATE_KEY = `CASE WHEN l.name IS NOT NULL
    THEN 'n|' || ${norm('l.name')} || '|' || ${norm("coalesce(l.state, '')")}
    ELSE 'a|' || ${norm('l.address')} || '|' || ${norm("coalesce(l.suburb_city, '')")} || '|' || ${norm("coalesce(l.state, '')")}
  END`;

const REFERENCED = (alias: string) => `(
  EXISTS (SELECT 1 FROM event_template t WHERE t.location_id = ${alias}.id)
  OR EXISTS (SELECT 1 FROM event_specific s WHERE s.location_id = ${alias}.id))`;

/** How many groups of duplicates there are now (the job's progress total). */
export async function countDuplicateGroups(db: SqlRunner): Promise<number> {
  const [row] = (await db.query(
    `SELECT count(*)::int AS groups FROM (
       SELECT 1 FROM event_location l GROUP BY ${DUPLICATE_KEY} HAVING count(*) > 1) g`,
  )) as Array<{ groups: number }>;
  return row.groups;
}

/** Up to `limit` groups of duplicates after the key `after`, each its rows' ids. */
export async function duplicateGroups(
  db: SqlRunner,
  after: string,
  limit: number,
): Promise<Array<{ key: string; ids: string[] }>> {
  return (await db.query(
    `SELECT k.key, array_agg(k.id) AS ids
       FROM (SELECT l.id, ${DUPLICATE_KEY} AS key FROM event_location l) k
      WHERE k.key > $1
      GROUP BY k.key
     HAVING count(*) > 1
      ORDER BY k.key
      LIMIT $2`,
    [after, limit],
  )) as Array<{ key: string; ids: string[] }>;
}

/**
 * Locks the group's rows still there, oldest first (the one kept): a reference being written to
 * one of them waits for the merge, and a second run of the merge waits for the first.
 */
export async function lockLocations(db: SqlRunner, ids: string[]): Promise<string[]> {
  const rows = (await db.query(
    `SELECT id FROM event_location WHERE id = ANY($1::uuid[])
      ORDER BY created_at, id FOR UPDATE`,
    [ids],
  )) as Array<{ id: string }>;
  return rows.map((row) => row.id);
}

/** Points every reference to `from` places at `to`; returns how many rows moved. */
export async function repointLocations(db: SqlRunner, from: string[], to: string): Promise<number> {
  const [, templates] = (await db.query(
    `UPDATE event_template SET location_id = $2 WHERE location_id = ANY($1::uuid[])`,
    [from, to],
  )) as [unknown, number];
  const [, dates] = (await db.query(
    `UPDATE event_specific SET location_id = $2 WHERE location_id = ANY($1::uuid[])`,
    [from, to],
  )) as [unknown, number];
  return templates + dates;
}

/**
 * Deletes those of `ids` nothing references, checked in the statement itself (the foreign keys
 * would set a reference to NULL, losing it, so a row still referenced is left alone).
 */
export async function deleteUnreferencedLocations(db: SqlRunner, ids: string[]): Promise<number> {
  const [, deleted] = (await db.query(
    `DELETE FROM event_location l WHERE l.id = ANY($1::uuid[]) AND NOT ${REFERENCED('l')}`,
    [ids],
  )) as [unknown, number];
  return deleted;
}

/** How many places nothing references, made before `graceHours` ago (the progress total). */
export async function countOrphanedLocations(db: SqlRunner, graceHours: number): Promise<number> {
  const [row] = (await db.query(
    `SELECT count(*)::int AS orphans FROM event_location l
      WHERE l.created_at < now() - make_interval(hours => $1) AND NOT ${REFERENCED('l')}`,
    [graceHours],
  )) as Array<{ orphans: number }>;
  return row.orphans;
}

/** Up to `limit` places nothing references, by id after `after`, older than the grace period. */
export async function orphanedLocations(
  db: SqlRunner,
  graceHours: number,
  after: string,
  limit: number,
): Promise<string[]> {
  const rows = (await db.query(
    `SELECT l.id FROM event_location l
      WHERE l.id > $2 AND l.created_at < now() - make_interval(hours => $1) AND NOT ${REFERENCED('l')}
      ORDER BY l.id LIMIT $3`,
    [graceHours, after, limit],
  )) as Array<{ id: string }>;
  return rows.map((row) => row.id);
}
