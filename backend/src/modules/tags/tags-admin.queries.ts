import type { SqlRunner } from '../../platform/database/sql-runner';
import { TAG_COLUMNS, type TagView } from './tag-views';

/** What admins change in the catalogue (tag, tag_group). */

export interface LockedTag {
  id: number;
  name: string;
  is_parent: boolean;
  parent_id: number | null;
}

/** Locks the tags in id order (two admins editing a category and its children cannot deadlock). */
export async function lockTagsForChange(db: SqlRunner, ids: number[]): Promise<LockedTag[]> {
  return (await db.query(
    `SELECT id, name, is_parent, parent_id FROM tag
     WHERE id = ANY($1::int[]) ORDER BY id FOR UPDATE`,
    [ids],
  )) as LockedTag[];
}

export async function hasChildren(db: SqlRunner, tagId: number): Promise<boolean> {
  const [child] = (await db.query('SELECT 1 FROM tag WHERE parent_id = $1 LIMIT 1', [
    tagId,
  ])) as unknown[];
  return Boolean(child);
}

/** The group with this name, created if need be. */
export async function groupIdNamed(db: SqlRunner, name: string): Promise<number> {
  await db.query('INSERT INTO tag_group (name) VALUES ($1) ON CONFLICT (name) DO NOTHING', [name]);
  const [row] = (await db.query('SELECT id FROM tag_group WHERE name = $1', [name])) as Array<{
    id: number;
  }>;
  return row.id;
}

/** The columns an admin may set on a tag; those left undefined stay as they are. */
export interface TagColumns {
  name?: string;
  description?: string | null;
  is_parent?: boolean;
  parent_id?: number | null;
  group_id?: number | null;
}

export async function updateTag(
  db: SqlRunner,
  tagId: number,
  changes: TagColumns,
): Promise<TagView> {
  const sets: string[] = [];
  const params: unknown[] = [tagId];
  for (const column of ['name', 'description', 'is_parent', 'parent_id', 'group_id'] as const) {
    if (changes[column] === undefined) continue;
    params.push(changes[column]);
    sets.push(`${column} = $${params.length}`);
  }
  const [[updated]] = (await db.query(
    `UPDATE tag t SET ${sets.length ? sets.join(', ') : 'id = t.id'}
     WHERE t.id = $1 RETURNING ${TAG_COLUMNS}`,
    params,
  )) as [TagView[], number];
  return updated;
}

/** Deletes a tag by name (interests and post links cascade); the tag as it was, if there was one. */
export async function deleteTagNamed(db: SqlRunner, name: string): Promise<TagView | undefined> {
  const [rows] = (await db.query(`DELETE FROM tag t WHERE t.name = $1 RETURNING ${TAG_COLUMNS}`, [
    name,
  ])) as [TagView[], number];
  return rows[0];
}

/** The groups admins put tags in, by name. */
export async function listGroups(db: SqlRunner): Promise<Array<{ id: number; name: string }>> {
  return (await db.query('SELECT id, name FROM tag_group ORDER BY name')) as Array<{
    id: number;
    name: string;
  }>;
}

/** Every category (parent tag) and every tag under one, by name (bounded: a curated set). */
export async function categoriesAndChildren(
  db: SqlRunner,
  limit: number,
): Promise<{ categories: TagView[]; children: TagView[] }> {
  const categories = (await db.query(
    `SELECT ${TAG_COLUMNS} FROM tag t WHERE t.is_parent ORDER BY t.name LIMIT $1`,
    [limit],
  )) as TagView[];
  const children = (await db.query(
    `SELECT ${TAG_COLUMNS} FROM tag t WHERE t.parent_id = ANY($1::int[]) ORDER BY t.name LIMIT $2`,
    [categories.map((tag) => tag.id), limit],
  )) as TagView[];
  return { categories, children };
}

/**
 * Tags under no category that are no category themselves, by name, from `prefix` on (the
 * unique name index, collation C, serves the range). One more than `limit` tells there are more.
 */
export async function looseTags(db: SqlRunner, prefix: string, limit: number): Promise<TagView[]> {
  return (await db.query(
    `SELECT ${TAG_COLUMNS} FROM tag t
      WHERE t.parent_id IS NULL AND NOT t.is_parent AND t.name LIKE $1 || '%'
      ORDER BY t.name LIMIT $2`,
    [prefix.replace(/[\\%_]/g, (c) => `\\${c}`), limit + 1],
  )) as TagView[];
}

/** Moves a tag's children under another tag. */
export async function moveChildren(db: SqlRunner, fromId: number, intoId: number): Promise<void> {
  await db.query('UPDATE tag SET parent_id = $2 WHERE parent_id = $1', [fromId, intoId]);
}

/**
 * Copies the interests in `fromId` to `intoId` where the member has no such interest in it yet,
 * and counts the copies into intoId's follower_count, in one statement. The originals go with the
 * `fromId` tag (ON DELETE CASCADE). Returns how many were copied.
 */
export async function moveInterests(
  db: SqlRunner,
  fromId: number,
  intoId: number,
): Promise<number> {
  const [row] = (await db.query(
    `WITH copied AS (
       INSERT INTO user_tag_interest (user_id, tag_id, interest_type, created_at)
       SELECT user_id, $2, interest_type, created_at FROM user_tag_interest WHERE tag_id = $1
       ON CONFLICT DO NOTHING RETURNING 1),
     counted AS (
       UPDATE tag SET follower_count = follower_count + (SELECT count(*) FROM copied)
        WHERE id = $2 RETURNING 1)
     SELECT (SELECT count(*)::int FROM copied) AS n, (SELECT count(*) FROM counted) AS done`,
    [fromId, intoId],
  )) as Array<{ n: number }>;
  return row.n;
}

/** Those who named `fromId` have named `intoId` (tag-visibility.ts). */
export async function moveNamers(db: SqlRunner, fromId: number, intoId: number): Promise<void> {
  await db.query(
    `INSERT INTO tag_namer (tag_id, user_id, created_at)
     SELECT $2, user_id, created_at FROM tag_namer WHERE tag_id = $1 ON CONFLICT DO NOTHING`,
    [fromId, intoId],
  );
}

/**
 * The merged tag keeps its own description and group, taking the other's where it has none,
 * and gains the public posts that newly carry it.
 */
export async function absorbTag(
  db: SqlRunner,
  fromId: number,
  intoId: number,
  publicPosts: number,
): Promise<void> {
  await db.query(
    `UPDATE tag t SET post_count = t.post_count + $3,
            description = COALESCE(t.description, f.description),
            group_id = COALESCE(t.group_id, f.group_id)
       FROM tag f WHERE t.id = $2 AND f.id = $1`,
    [fromId, intoId, publicPosts],
  );
  await db.query('DELETE FROM tag WHERE id = $1', [fromId]);
}

export async function tagById(db: SqlRunner, id: number): Promise<TagView | undefined> {
  const [row] = (await db.query(`SELECT ${TAG_COLUMNS} FROM tag t WHERE t.id = $1`, [
    id,
  ])) as TagView[];
  return row;
}
