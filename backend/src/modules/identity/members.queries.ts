import type { SqlRunner } from '../../platform/database/sql-runner';
import { distanceToPublicPointSql } from '../../platform/geo/geo';
import type { PublicProfile, UserSummary } from './profile';

/**
 * What anyone may see of members (spec: Responder / user summary, plus the display name), read as
 * plain rows: the public columns and nothing else (no password hash, no e-mail), no entity hydrated.
 */

const SUMMARY_COLUMNS = `id AS uuid, COALESCE(username, '') AS username, display_name, avatar, suburb_city, state, country`;

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

/** A registered, active member's page (summary and bio) by username (already lower-cased). */
export async function publicProfileByUsername(
  db: SqlRunner,
  username: string,
): Promise<PublicProfile | undefined> {
  const [row] = (await db.query(
    `SELECT ${SUMMARY_COLUMNS}, bio FROM user_account WHERE username = $1 AND ${PUBLIC_MEMBER}`,
    [username],
  )) as PublicProfile[];
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

/**
 * From one member's own point to each other member's public point (platform/geo), in metres;
 * members without a location (either side) and the member themselves are left out.
 */
export async function distancesFromMember(
  db: SqlRunner,
  fromId: string,
  toIds: string[],
): Promise<Array<{ id: string; metres: number }>> {
  const distance = distanceToPublicPointSql(
    { latitude: 'me.latitude', longitude: 'me.longitude' },
    'them.latitude',
    'them.longitude',
  );
  const rows = (await db.query(
    `SELECT them.id, ${distance} AS metres
       FROM user_account me
       JOIN user_account them ON them.id = ANY($2::uuid[]) AND them.id <> me.id
      WHERE me.id = $1
        AND me.latitude IS NOT NULL AND me.longitude IS NOT NULL
        AND them.latitude IS NOT NULL AND them.longitude IS NOT NULL`,
    [fromId, toIds],
  )) as Array<{ id: string; metres: number | string }>;
  return rows.map((row) => ({ id: row.id, metres: Number(row.metres) }));
}
