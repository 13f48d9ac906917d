import type { Caller } from '../../platform/access/access-policy';
import type { SqlParams } from '../../platform/database/sql-params';
import type { SqlRunner } from '../../platform/database/sql-runner';
import type { SearchContext, SearchSource } from '../../platform/search/search-provider';
import { TAG_COLUMNS, type TagRef, type TagView } from './tag-views';
import { listedTagSql, type TagReader } from './tag-visibility';

/**
 * The catalogue's statements (tag, tag_namer). Those that list tags take the reader and apply
 * the one rule of who may see which tag (tag-visibility.ts).
 */

type Reader = Caller | TagReader;

/**
 * Finds the named tags, creating those that do not exist, in one statement: records `namer` (when
 * given) as having named each, and adds `postDelta` (0 or 1: a public post now carries them) to
 * each one's post_count, a created tag starting at it. Names must be sorted (a fixed insertion
 * order). A name is missing from the answer when its drawn random id clashed or when another
 * transaction created it after this statement began (ON CONFLICT waited for it, but it is not in
 * this statement's snapshot): ask again for those names.
 */
export async function resolveTagsNamed(
  db: SqlRunner,
  sortedNames: string[],
  namer: string | null,
  postDelta: 0 | 1,
): Promise<TagRef[]> {
  return (await db.query(
    `WITH wanted AS (SELECT unnest($1::text[]) AS name),
     created AS (
       INSERT INTO tag (name, created_by, post_count)
       SELECT name, $2, $3 FROM wanted ORDER BY name
       ON CONFLICT DO NOTHING
       RETURNING id, name),
     existing AS (SELECT t.id, t.name FROM tag t WHERE t.name = ANY($1::text[])),
     locked AS (
       -- Rows are locked as the sorted rows come out: one lock order for every writer, whatever
       -- plan the UPDATE would have chosen on its own.
       SELECT t.id FROM tag t WHERE $3 <> 0 AND t.name = ANY($1::text[])
        ORDER BY t.id FOR NO KEY UPDATE),
     counted AS (
       UPDATE tag SET post_count = post_count + $3 FROM locked WHERE tag.id = locked.id),
     resolved AS (SELECT id, name FROM created UNION ALL SELECT id, name FROM existing),
     named AS (
       INSERT INTO tag_namer (tag_id, user_id)
       SELECT id, $2 FROM resolved WHERE $2::uuid IS NOT NULL ORDER BY id
       ON CONFLICT DO NOTHING)
     SELECT id, name FROM resolved`,
    [sortedNames, namer, postDelta],
  )) as TagRef[];
}

/** The CTE of newPostTagsSql that holds the post's tags, `(id, name)`, one row per name. */
export const NEW_POST_TAGS = 'post_tags';

/** A new post's tags as CTEs of the statement that writes the post (TagsService.newPostTags). */
export interface NewPostTags {
  /** The CTE holding the tags, `(id, name)`. */
  table: typeof NEW_POST_TAGS;
  /** The CTEs (without WITH), their values added to `params`. */
  ctes: (params: SqlParams) => string;
}

/**
 * resolveTagsNamed's work as CTEs of another statement (content writes a post and its tag links
 * in one statement): finds the named tags, creates those missing from the statement's snapshot
 * (names sorted: a fixed insertion order), records `namer` as having named each, and adds
 * `postDelta` to the post_count of each, the existing ones locked in id order (a created one
 * starts at it). A name another transaction created after the snapshot was taken is taken over
 * by the upsert, which sees and locks the committed row, so no name is ever left out (as
 * resolveTagsNamed may leave one, for a second round). A drawn id that clashes is a unique
 * violation that fails the whole statement: nothing is written, and running it again draws anew.
 */
export function newPostTagsSql(
  params: SqlParams,
  sortedNames: string[],
  namer: string | null,
  postDelta: 0 | 1,
): string {
  const names = params.add(sortedNames);
  const by = params.add(namer);
  const delta = params.add(postDelta);
  return `post_tags_found AS (SELECT t.id, t.name FROM tag t WHERE t.name = ANY(${names}::text[])),
     post_tags_created AS (
       INSERT INTO tag AS t (name, created_by, post_count)
       SELECT wanted.name, ${by}::uuid, ${delta}::int FROM unnest(${names}::text[]) AS wanted(name)
        WHERE NOT EXISTS (SELECT 1 FROM post_tags_found f WHERE f.name = wanted.name)
        ORDER BY wanted.name
       ON CONFLICT (name) DO UPDATE SET post_count = t.post_count + excluded.post_count
       RETURNING t.id, t.name),
     post_tags_locked AS (
       SELECT t.id FROM tag t WHERE ${delta}::int <> 0 AND t.name = ANY(${names}::text[])
        ORDER BY t.id FOR NO KEY UPDATE),
     post_tags_counted AS (
       UPDATE tag SET post_count = post_count + ${delta}::int
         FROM post_tags_locked l WHERE tag.id = l.id),
     ${NEW_POST_TAGS} AS (
       SELECT id, name FROM post_tags_created UNION ALL SELECT id, name FROM post_tags_found),
     post_tags_named AS (
       INSERT INTO tag_namer (tag_id, user_id)
       SELECT id, ${by}::uuid FROM ${NEW_POST_TAGS} WHERE ${by}::uuid IS NOT NULL ORDER BY id
       ON CONFLICT DO NOTHING)`;
}

/** Adds `delta` to each tag's post_count, never below 0 (ids sorted: a fixed lock order). */
export async function addToPostCounts(
  db: SqlRunner,
  sortedTagIds: number[],
  delta: number,
): Promise<void> {
  // Locked in id order first (as the sorted rows come out), so writers never wait on each other
  // in a circle.
  await db.query(
    `WITH locked AS (SELECT id FROM tag WHERE id = ANY($1::int[]) ORDER BY id FOR NO KEY UPDATE)
     UPDATE tag SET post_count = GREATEST(post_count + $2, 0) FROM locked WHERE tag.id = locked.id`,
    [sortedTagIds, delta],
  );
}

export async function tagRefsByIds(db: SqlRunner, ids: number[]): Promise<TagRef[]> {
  return (await db.query('SELECT id, name FROM tag WHERE id = ANY($1::int[])', [ids])) as TagRef[];
}

/** The tag with this (normalised) name, and whether it is listed to the reader. */
export async function lookupTag(
  db: SqlRunner,
  name: string,
  reader: Reader,
): Promise<{ id: number; listed: boolean } | undefined> {
  const params: unknown[] = [name];
  const rows = (await db.query(
    `SELECT t.id, ${listedTagSql('t', reader, params)} AS listed FROM tag t WHERE t.name = $1`,
    params,
  )) as Array<{ id: number; listed: boolean }>;
  return rows[0];
}

/** The tag by id or name; with a reader, only when it is listed to them. */
export async function findTag(
  db: SqlRunner,
  key: { column: 'id' | 'name'; value: number | string },
  listedTo: Reader | null,
): Promise<TagView | undefined> {
  const params: unknown[] = [key.value];
  const listed = listedTo ? `AND ${listedTagSql('t', listedTo, params)}` : '';
  const rows = (await db.query(
    `SELECT ${TAG_COLUMNS} FROM tag t WHERE t.${key.column} = $1 ${listed}`,
    params,
  )) as TagView[];
  return rows[0];
}

export async function listedTagsNamed(
  db: SqlRunner,
  names: string[],
  reader: Reader,
): Promise<TagView[]> {
  const params: unknown[] = [names];
  return (await db.query(
    `SELECT ${TAG_COLUMNS} FROM tag t
     WHERE t.name = ANY($1::text[]) AND ${listedTagSql('t', reader, params)}`,
    params,
  )) as TagView[];
}

export async function listedCategories(db: SqlRunner, reader: Reader): Promise<TagView[]> {
  const params: unknown[] = [];
  return (await db.query(
    `SELECT ${TAG_COLUMNS} FROM tag t
     WHERE t.is_parent AND ${listedTagSql('t', reader, params)} ORDER BY t.name`,
    params,
  )) as TagView[];
}

/** Up to `limit` listed tags after the name `after` (keyset on the unique name). */
export async function listedTagPage(
  db: SqlRunner,
  reader: Reader,
  after: string | null,
  limit: number,
): Promise<TagView[]> {
  const params: unknown[] = [after, limit];
  return (await db.query(
    `SELECT ${TAG_COLUMNS} FROM tag t
     WHERE ($1::text IS NULL OR t.name > $1::text) AND ${listedTagSql('t', reader, params)}
     ORDER BY t.name LIMIT $2`,
    params,
  )) as TagView[];
}

/** Listed tags whose name starts with the prefix, most followed first. */
export async function listedTagsByPrefix(
  db: SqlRunner,
  reader: Reader,
  prefix: string,
  parentsOnly: boolean,
  limit: number,
): Promise<TagView[]> {
  const params: unknown[] = [prefix.replace(/[\\%_]/g, '\\$&'), parentsOnly, limit];
  // `name` uses the C collation, so this LIKE is a range scan on the unique index.
  return (await db.query(
    `SELECT ${TAG_COLUMNS} FROM tag t
     WHERE t.name LIKE $1 || '%' AND ($2::boolean IS FALSE OR t.is_parent)
       AND ${listedTagSql('t', reader, params)}
     ORDER BY t.follower_count DESC, t.name LIMIT $3`,
    params,
  )) as TagView[];
}

/** The listed children of the given parents, by name. */
export async function listedChildrenOf(
  db: SqlRunner,
  parentIds: number[],
  reader: Reader,
): Promise<TagView[]> {
  const params: unknown[] = [parentIds];
  return (await db.query(
    `SELECT ${TAG_COLUMNS} FROM tag t
     WHERE t.parent_id = ANY($1::int[]) AND ${listedTagSql('t', reader, params)}
     ORDER BY t.name`,
    params,
  )) as TagView[];
}

/** Creates a tag; undefined when its name (or its drawn random id) is taken. */
export async function insertTag(
  db: SqlRunner,
  tag: { name: string; isParent: boolean; createdBy: string },
): Promise<TagView | undefined> {
  // No conflict target: a taken name and a taken random id are both skipped, not errors.
  const [created] = (await db.query(
    `INSERT INTO tag AS t (name, is_parent, created_by) VALUES ($1, $2, $3)
     ON CONFLICT DO NOTHING RETURNING ${TAG_COLUMNS}`,
    [tag.name, tag.isParent, tag.createdBy],
  )) as TagView[];
  return created;
}

/** Records that the member named these tags (ids sorted: a fixed lock order). */
export async function insertNamers(
  db: SqlRunner,
  sortedTagIds: number[],
  userId: string,
): Promise<void> {
  await db.query(
    `INSERT INTO tag_namer (tag_id, user_id) SELECT unnest($1::int[]), $2 ON CONFLICT DO NOTHING`,
    [sortedTagIds, userId],
  );
}

/** Tags in a search (platform/search): by name and description, only those listed to the viewer. */
export function tagsSearchSource({ params, query, viewer }: SearchContext): SearchSource {
  const reader: TagReader =
    viewer.kind === 'member' ? { userId: viewer.userId, admin: viewer.admin } : null;
  return {
    from: 'tag t',
    match: `t.search_vector @@ ${query}`,
    where: [listedTagSql('t', reader, params.values)],
    vector: 't.search_vector',
    at: 't.created_at',
    id: 't.id',
    key: 't.name',
    title: 't.name',
    detail: 't.description',
    image: 'NULL',
  };
}
