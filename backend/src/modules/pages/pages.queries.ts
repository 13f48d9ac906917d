import type { SqlRunner } from '../../platform/database/sql-runner';
import type { SearchContext, SearchSource } from '../../platform/search/search-provider';
import { cursorTimeSql } from '../../platform/paging/paging';
import { type LatLng, nearestWithin } from '../../platform/geo/geo';

/** The `page`, `page_settings` and `page_tag` tables. */

export interface PageRow {
  id: string;
  handle: string;
  name: string;
  about: string;
  owner_id: string;
  avatar: string | null;
  avatar_variants: string[];
  suburb_city: string | null;
  state: string | null;
  country: string | null;
  latitude: number | null;
  longitude: number | null;
  created_at: Date;
  updated_at: Date;
}

const PAGE_COLUMNS = `p.id, p.handle, p.name, p.about, p.owner_id, p.avatar, p.avatar_variants,
  p.suburb_city, p.state, p.country, p.latitude, p.longitude, p.created_at, p.updated_at`;

export async function pageById(db: SqlRunner, id: string): Promise<PageRow | undefined> {
  const [row] = (await db.query(`SELECT ${PAGE_COLUMNS} FROM page p WHERE p.id = $1`, [
    id,
  ])) as PageRow[];
  return row;
}

export async function pageByHandle(db: SqlRunner, handle: string): Promise<PageRow | undefined> {
  const [row] = (await db.query(`SELECT ${PAGE_COLUMNS} FROM page p WHERE p.handle = $1`, [
    handle,
  ])) as PageRow[];
  return row;
}

export interface PageSettingsRow {
  page_id: string;
  allow_messages: boolean;
  show_upcoming_events: boolean;
  show_location: boolean;
}

export interface PageColumns {
  handle?: string;
  name?: string;
  about?: string;
  suburb_city?: string | null;
  state?: string | null;
  country?: string | null;
  latitude?: number | null;
  longitude?: number | null;
}

const WRITABLE = [
  'handle',
  'name',
  'about',
  'suburb_city',
  'state',
  'country',
  'latitude',
  'longitude',
] as const;

/** For nearby lists: the page shows its place (no settings row: the default, shown). */
export const SHOWS_LOCATION_SQL =
  'NOT EXISTS (SELECT 1 FROM page_settings s WHERE s.page_id = page.id AND NOT s.show_location)';

/**
 * Pages that show their place, nearest the point first (platform/geo's nearest query over the
 * GiST index on the page's public point), at most `take`: the statement PagesService.nearby and
 * the nearby benchmark send.
 */
export function nearestShownPages(db: SqlRunner, point: LatLng, radiusKm: number, take: number) {
  return nearestWithin(
    db,
    {
      table: 'page',
      id: 'id',
      latitude: 'latitude',
      longitude: 'longitude',
      where: SHOWS_LOCATION_SQL,
    },
    point,
    radiusKm,
    take,
  );
}

export async function insertPage(
  db: SqlRunner,
  page: Required<PageColumns> & { id: string; ownerId: string },
): Promise<PageRow> {
  const [row] = (await db.query(
    `INSERT INTO page AS p (handle, name, about, owner_id, suburb_city, state, country, latitude, longitude, id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
     RETURNING ${PAGE_COLUMNS}`,
    [
      page.handle,
      page.name,
      page.about,
      page.ownerId,
      page.suburb_city,
      page.state,
      page.country,
      page.latitude,
      page.longitude,
      page.id,
    ],
  )) as PageRow[];
  return row;
}

/** The page, locked for a change (FOR NO KEY UPDATE), or undefined. */
export async function lockPage(db: SqlRunner, id: string): Promise<PageRow | undefined> {
  const [row] = (await db.query(
    `SELECT ${PAGE_COLUMNS} FROM page p WHERE p.id = $1 FOR NO KEY UPDATE`,
    [id],
  )) as PageRow[];
  return row;
}

/** Sets the given columns (and updated_at); answers the page as it is now. */
export async function updatePage(
  db: SqlRunner,
  id: string,
  changes: PageColumns,
): Promise<PageRow> {
  const sets: string[] = ['updated_at = now()'];
  const values: unknown[] = [id];
  for (const column of WRITABLE) {
    if (changes[column] === undefined) continue;
    values.push(changes[column]);
    sets.push(`${column} = $${values.length}`);
  }
  const [[row]] = (await db.query(
    `UPDATE page p SET ${sets.join(', ')} WHERE p.id = $1 RETURNING ${PAGE_COLUMNS}`,
    values,
  )) as [PageRow[], number];
  return row;
}

export async function setAvatar(
  db: SqlRunner,
  id: string,
  avatar: string | null,
  variants: string[],
): Promise<void> {
  await db.query(
    'UPDATE page SET avatar = $2, avatar_variants = $3, updated_at = now() WHERE id = $1',
    [id, avatar, variants],
  );
}

export async function deletePage(db: SqlRunner, id: string): Promise<boolean> {
  const [, count] = (await db.query('DELETE FROM page WHERE id = $1', [id])) as [unknown, number];
  return count > 0;
}

/** Pages newest first, after the cursor (exclusive), `limit` of them. */
export async function pagesAfter(
  db: SqlRunner,
  cursor: { at: string; id: string } | null,
  limit: number,
): Promise<Array<PageRow & { cursor_at: string }>> {
  const values: unknown[] = [limit];
  let where = '';
  if (cursor) {
    values.push(cursor.at, cursor.id);
    where = 'WHERE (p.created_at, p.id) < ($2::timestamptz, $3::uuid)';
  }
  return (await db.query(
    `SELECT ${PAGE_COLUMNS}, ${cursorTimeSql('p.created_at')} AS cursor_at
       FROM page p ${where}
      ORDER BY p.created_at DESC, p.id DESC
      LIMIT $1`,
    values,
  )) as Array<PageRow & { cursor_at: string }>;
}

/** A member's pages, newest first (a member owns few; bounded anyway). */
export async function pagesOfOwner(
  db: SqlRunner,
  ownerId: string,
  limit: number,
): Promise<PageRow[]> {
  return (await db.query(
    `SELECT ${PAGE_COLUMNS} FROM page p WHERE p.owner_id = $1
      ORDER BY p.created_at DESC, p.id DESC LIMIT $2`,
    [ownerId, limit],
  )) as PageRow[];
}

export async function pagesByIds(db: SqlRunner, ids: readonly string[]): Promise<PageRow[]> {
  return (await db.query(`SELECT ${PAGE_COLUMNS} FROM page p WHERE p.id = ANY($1::uuid[])`, [
    ids,
  ])) as PageRow[];
}

/** The tag ids of the given pages, by page. */
export async function tagIdsOfPages(
  db: SqlRunner,
  pageIds: readonly string[],
): Promise<Array<{ page_id: string; tag_id: number }>> {
  if (!pageIds.length) return [];
  return (await db.query(
    'SELECT page_id, tag_id FROM page_tag WHERE page_id = ANY($1::uuid[]) ORDER BY tag_id',
    [pageIds],
  )) as Array<{ page_id: string; tag_id: number }>;
}

export async function countTags(db: SqlRunner, pageId: string): Promise<number> {
  const [row] = (await db.query('SELECT count(*)::int AS n FROM page_tag WHERE page_id = $1', [
    pageId,
  ])) as Array<{ n: number }>;
  return row.n;
}

export async function connectTags(
  db: SqlRunner,
  pageId: string,
  tagIds: readonly number[],
): Promise<void> {
  await db.query(
    `INSERT INTO page_tag (page_id, tag_id) SELECT $1, unnest($2::int[])
     ON CONFLICT DO NOTHING`,
    [pageId, tagIds],
  );
}

export async function disconnectTags(
  db: SqlRunner,
  pageId: string,
  tagIds: readonly number[],
): Promise<void> {
  await db.query('DELETE FROM page_tag WHERE page_id = $1 AND tag_id = ANY($2::int[])', [
    pageId,
    tagIds,
  ]);
}

export async function settingsOf(
  db: SqlRunner,
  pageId: string,
): Promise<PageSettingsRow | undefined> {
  const [row] = (await db.query(
    `SELECT page_id, allow_messages, show_upcoming_events, show_location
       FROM page_settings WHERE page_id = $1`,
    [pageId],
  )) as PageSettingsRow[];
  return row;
}

export async function settingsOfPages(
  db: SqlRunner,
  pageIds: readonly string[],
): Promise<PageSettingsRow[]> {
  if (!pageIds.length) return [];
  return (await db.query(
    `SELECT page_id, allow_messages, show_upcoming_events, show_location
       FROM page_settings WHERE page_id = ANY($1::uuid[])`,
    [pageIds],
  )) as PageSettingsRow[];
}

/** The page's settings row with the defaults, unless it has one; answers the row. */
export async function ensureSettings(db: SqlRunner, pageId: string): Promise<PageSettingsRow> {
  await db.query(
    'INSERT INTO page_settings (page_id) VALUES ($1) ON CONFLICT (page_id) DO NOTHING',
    [pageId],
  );
  return (await settingsOf(db, pageId)) as PageSettingsRow;
}

export async function updateSettings(
  db: SqlRunner,
  pageId: string,
  changes: Partial<Omit<PageSettingsRow, 'page_id'>>,
): Promise<PageSettingsRow> {
  const sets: string[] = ['updated_at = now()'];
  const values: unknown[] = [pageId];
  for (const column of ['allow_messages', 'show_upcoming_events', 'show_location'] as const) {
    if (changes[column] === undefined) continue;
    values.push(changes[column]);
    sets.push(`${column} = $${values.length}`);
  }
  const [[row]] = (await db.query(
    `UPDATE page_settings SET ${sets.join(', ')} WHERE page_id = $1
     RETURNING page_id, allow_messages, show_upcoming_events, show_location`,
    values,
  )) as [PageSettingsRow[], number];
  return row;
}

/**
 * Marks the page's admins as told, once: true the first time (the caller then queues the
 * e-mail in the same transaction), false after.
 */
export async function markAdminsNotified(db: SqlRunner, pageId: string): Promise<boolean> {
  const rows = (await db.query(
    `UPDATE page SET admins_notified_at = now()
      WHERE id = $1 AND admins_notified_at IS NULL RETURNING id`,
    [pageId],
  )) as [unknown[], number];
  return rows[1] > 0;
}

/** The refs of the avatars of a member's pages (their account is going). */
export async function avatarRefsOfOwner(db: SqlRunner, ownerId: string): Promise<string[]> {
  const rows = (await db.query(
    'SELECT avatar, avatar_variants FROM page WHERE owner_id = $1 AND avatar IS NOT NULL',
    [ownerId],
  )) as Array<{ avatar: string; avatar_variants: string[] }>;
  return rows.flatMap((row) => [row.avatar, ...row.avatar_variants]);
}

export async function pageIdsOfOwner(db: SqlRunner, ownerId: string): Promise<string[]> {
  const rows = (await db.query('SELECT id FROM page WHERE owner_id = $1', [ownerId])) as Array<{
    id: string;
  }>;
  return rows.map((row) => row.id);
}

/** Pages in a search (platform/search): by name, handle and about text. Pages are public. */
export function pagesSearchSource({ query }: SearchContext): SearchSource {
  return {
    from: 'page pg',
    match: `pg.search_vector @@ ${query}`,
    where: [],
    vector: 'pg.search_vector',
    at: 'pg.created_at',
    id: 'pg.id',
    key: 'pg.handle',
    title: 'pg.name',
    detail: `NULLIF(left(pg.about, 160), '')`,
    image: 'pg.avatar',
  };
}
