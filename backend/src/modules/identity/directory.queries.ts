import type { SqlRunner } from '../../platform/database/sql-runner';
import { type LatLng, nearestWithin, type NearbyRow } from '../../platform/geo/geo';
import { cursorTimeSql } from '../../platform/paging/paging';
import type { PublicProfile, UserSummary } from './profile';

/**
 * The people directory and nearby people: who is listed, read as plain rows of public columns.
 * Listed means registered and not suspended, as everywhere members are shown.
 */

/** Registered and not suspended: the condition of the directory's partial indexes, word for word. */
const LISTED = 'registered_at IS NOT NULL AND suspended_at IS NULL';

const PROFILE_COLUMNS = `id AS uuid, COALESCE(username, '') AS username, display_name, avatar, suburb_city, state, country, bio`;

export type DirectoryOrder = 'newest' | 'name';

/** A directory row: the member's public profile and the sort key of its order. */
export interface DirectoryRow extends PublicProfile {
  /** newest: registered_at as a cursor's text (UTC, microseconds); name: the username. */
  sort_key: string;
}

/**
 * One page of listed members: newest registrations first on (registered_at, id), or by username
 * (unique) in the database's order. `after` is the sort key (and id) of the last row of the page
 * before. One row more than `take` says whether another page follows. Each order reads its partial
 * index (PeopleNearby migration) from the cursor on, so a page costs the same however deep it is.
 */
export async function directoryPage(
  db: SqlRunner,
  order: DirectoryOrder,
  after: { key: string; id: string } | null,
  take: number,
): Promise<DirectoryRow[]> {
  if (order === 'newest') {
    const values: unknown[] = [take + 1];
    let from = '';
    if (after) {
      values.push(after.key, after.id);
      from = 'AND (registered_at, id) < ($2::timestamptz, $3::uuid)';
    }
    return (await db.query(
      `SELECT ${PROFILE_COLUMNS}, ${cursorTimeSql('registered_at')} AS sort_key
         FROM user_account
        WHERE ${LISTED} ${from}
        ORDER BY registered_at DESC, id DESC
        LIMIT $1`,
      values,
    )) as DirectoryRow[];
  }
  // Qualified: a bare `username` in ORDER BY would be the output column (COALESCE(...)), which no
  // index serves.
  const values: unknown[] = [take + 1];
  if (after) values.push(after.key);
  return (await db.query(
    `SELECT ${PROFILE_COLUMNS}, username AS sort_key
       FROM user_account
      WHERE ${LISTED} ${after ? 'AND user_account.username > $2' : ''}
      ORDER BY user_account.username
      LIMIT $1`,
    values,
  )) as DirectoryRow[];
}

/**
 * Listed members who let others see them nearby (user settings' show_in_nearby; no settings row
 * is the default, shown), nearest public point first: platform/geo's one nearby query, on the GiST
 * index over the public point. The setting is a per-row subquery on its primary key, so the index
 * is still read in distance order and the scan stops after `limit` rows.
 */
export function nearestShownMembers(
  db: SqlRunner,
  point: LatLng,
  radiusKm: number,
  limit: number,
): Promise<NearbyRow[]> {
  return nearestWithin(
    db,
    {
      table: 'user_account',
      id: 'id',
      latitude: 'latitude',
      longitude: 'longitude',
      where: `${LISTED} AND COALESCE((SELECT s.show_in_nearby FROM user_settings s WHERE s.user_id = user_account.id), TRUE)`,
    },
    point,
    radiusKm,
    limit,
  );
}

/** A member's summary and stored point (the caller rounds it before anyone sees it). */
export interface LocatedSummary extends UserSummary {
  latitude: number;
  longitude: number;
}

/** Summaries and stored points of the given listed members, in no particular order. */
export async function locatedSummariesByIds(
  db: SqlRunner,
  ids: string[],
): Promise<LocatedSummary[]> {
  return (await db.query(
    `SELECT id AS uuid, COALESCE(username, '') AS username, display_name, avatar, suburb_city,
            state, country, latitude, longitude
       FROM user_account
      WHERE id = ANY($1::uuid[]) AND ${LISTED}
        AND latitude IS NOT NULL AND longitude IS NOT NULL`,
    [ids],
  )) as LocatedSummary[];
}
