import type { SqlRunner } from '../../platform/database/sql-runner';
import type { UserSummary } from './profile';

/**
 * What anyone may see of members (spec: Responder / user summary), read as plain rows: the six
 * public columns and nothing else (no password hash, no e-mail), no entity hydrated.
 */

const SUMMARY_COLUMNS = `id AS uuid, COALESCE(username, '') AS username, avatar, suburb_city, state, country`;

/** Registered and not suspended: who has a public face. */
const PUBLIC_MEMBER = 'registered_at IS NOT NULL AND suspended_at IS NULL';

/** The summary of a registered, active member by id. */
export async function publicSummaryById(
  db: SqlRunner,
  userId: string,
): Promise<UserSummary | undefined> {
  const [row] = (await db.query(
    `SELECT ${SUMMARY_COLUMNS} FROM user_account WHERE id = $1 AND ${PUBLIC_MEMBER}`,
    [userId],
  )) as UserSummary[];
  return row;
}

/** The summary of a registered, active member by username (already lower-cased). */
export async function publicSummaryByUsername(
  db: SqlRunner,
  username: string,
): Promise<UserSummary | undefined> {
  const [row] = (await db.query(
    `SELECT ${SUMMARY_COLUMNS} FROM user_account WHERE username = $1 AND ${PUBLIC_MEMBER}`,
    [username],
  )) as UserSummary[];
  return row;
}

/** The summaries of the members with these ids (no duplicates asked), in no particular order. */
export async function summariesByIds(db: SqlRunner, ids: string[]): Promise<UserSummary[]> {
  return (await db.query(`SELECT ${SUMMARY_COLUMNS} FROM user_account WHERE id = ANY($1::uuid[])`, [
    ids,
  ])) as UserSummary[];
}
