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

/** Deletes a tag by name (interests and post links cascade); its id, if there was one. */
export async function deleteTagNamed(db: SqlRunner, name: string): Promise<number | undefined> {
  const [rows] = (await db.query('DELETE FROM tag WHERE name = $1 RETURNING id', [name])) as [
    Array<{ id: number }>,
    number,
  ];
  return rows[0]?.id;
}
