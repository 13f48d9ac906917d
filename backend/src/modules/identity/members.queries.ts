import type { SqlRunner } from '../../platform/database/sql-runner';
import { distanceToPublicPointSql } from '../../platform/geo/geo';
import { cursorTimeSql } from '../../platform/paging/paging';
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
 * Every registered, unsuspended member's id, by id, in one statement: the recipients of a fan-out
 * to every member (notifications' site announcements). The partial index on public members
 * (registered_at, id) answers it from the index alone (then a sort of bare ids), where walking the
 * key in batches fetched each member's row from the heap to check those two columns: some 10 µs a
 * member at 102,000 members, most of an announcement's fan-out.
 */
export async function registeredMemberIds(db: SqlRunner): Promise<string[]> {
  const rows = (await db.query(
    `SELECT id FROM user_account WHERE ${PUBLIC_MEMBER} ORDER BY id`,
  )) as Array<{ id: string }>;
  return rows.map((row) => row.id);
}

/** Of the given ids, those of members who are registered and not suspended (deleted: gone). */
export async function activeMemberIdsAmong(db: SqlRunner, ids: string[]): Promise<string[]> {
  const rows = (await db.query(
    `SELECT id FROM user_account WHERE id = ANY($1::uuid[]) AND ${PUBLIC_MEMBER}`,
    [ids],
  )) as Array<{ id: string }>;
  return rows.map((row) => row.id);
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

/** One row of the admins' member lists: everything an admin sees, plus the cursor's time. */
export interface AdminMemberRow {
  id: string;
  email: string;
  email_verified_at: Date | null;
  username: string | null;
  display_name: string | null;
  avatar: string | null;
  suburb_city: string | null;
  state: string | null;
  country: string | null;
  registered_at: Date | null;
  is_trusted: boolean;
  is_admin: boolean;
  is_ops: boolean;
  suspended_at: Date | null;
  created_at: Date;
  cursor_at: string;
}

/**
 * What the admins' search matches: username, display name and e-mail in one lower-cased text.
 * The trigram index `user_account_admin_search_trgm_idx` (migration AdminUserSearch) is on this
 * very expression; a query that spells it otherwise does not use the index.
 */
const ADMIN_SEARCH_TEXT = `lower(coalesce(username, '') || ' ' || coalesce(display_name, '') || ' ' || email)`;

/** `%` and `_` (and the escape itself) stand for themselves in a contains-search. */
function likeContaining(term: string): string {
  return `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * A page of members, newest first, keyset-paged on (created_at, id): the registered ones or those
 * who have not finished (no username and location yet), optionally only those whose username,
 * display name or e-mail contains `search` (already lower-cased). One row more than `take` says
 * whether another page follows. Served by the partial indexes `user_account_{registered,
 * incomplete}_list_idx`, or by the trigram index when searching.
 */
export async function adminMemberPage(
  db: SqlRunner,
  options: {
    registered: boolean;
    search: string | null;
    cursor: { at: string; id: string } | null;
    take: number;
  },
): Promise<AdminMemberRow[]> {
  const values: unknown[] = [];
  const where = [options.registered ? 'registered_at IS NOT NULL' : 'registered_at IS NULL'];
  if (options.search) {
    values.push(likeContaining(options.search));
    where.push(`${ADMIN_SEARCH_TEXT} LIKE $${values.length}`);
  }
  if (options.cursor) {
    values.push(options.cursor.at, options.cursor.id);
    where.push(`(created_at, id) < ($${values.length - 1}::timestamptz, $${values.length}::uuid)`);
  }
  values.push(options.take + 1);
  return (await db.query(
    `SELECT id, email, email_verified_at, username, display_name, avatar, suburb_city, state,
            country, registered_at, is_trusted, is_admin, is_ops, suspended_at, created_at,
            ${cursorTimeSql('created_at')} AS cursor_at
       FROM user_account
      WHERE ${where.join(' AND ')}
      ORDER BY created_at DESC, id DESC
      LIMIT $${values.length}`,
    values,
  )) as AdminMemberRow[];
}

/**
 * Accounts with no location yet (never registered one, or registered before locations were asked
 * for), newest first, by keyset on the partial index user_account_without_location_idx.
 */
export async function withoutLocationPage(
  db: SqlRunner,
  cursor: { at: string; id: string } | null,
  take: number,
): Promise<AdminMemberRow[]> {
  const values: unknown[] = [take + 1];
  let after = '';
  if (cursor) {
    values.push(cursor.at, cursor.id);
    after = 'AND (created_at, id) < ($2::timestamptz, $3::uuid)';
  }
  return (await db.query(
    `SELECT id, email, email_verified_at, username, display_name, avatar, suburb_city, state,
            country, registered_at, is_trusted, is_admin, is_ops, suspended_at, created_at,
            ${cursorTimeSql('created_at')} AS cursor_at
       FROM user_account
      WHERE latitude IS NULL ${after}
      ORDER BY created_at DESC, id DESC
      LIMIT $1`,
    values,
  )) as AdminMemberRow[];
}

/**
 * Serialises changes that could leave the site without an admin (suspending or deleting one), for
 * the rest of the caller's transaction: two admins suspending each other at once take turns.
 */
export async function lockAdminRoles(db: SqlRunner): Promise<void> {
  await db.query(`SELECT pg_advisory_xact_lock(hashtext('plantfolk:admin-roles'))`);
}

/** Whether an admin other than `userId` is active (not suspended). */
export async function anotherActiveAdminExists(db: SqlRunner, userId: string): Promise<boolean> {
  const rows = (await db.query(
    `SELECT 1 FROM user_account WHERE is_admin AND suspended_at IS NULL AND id <> $1 LIMIT 1`,
    [userId],
  )) as unknown[];
  return rows.length > 0;
}
