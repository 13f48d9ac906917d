import type { TestApp } from '../support/test-app';

let counter = 0;

/** A tag name no other test in the file uses. */
export function uniqueTagName(stem = 'tag'): string {
  counter += 1;
  return `${stem}-${process.pid.toString(36)}-${counter}`;
}

/**
 * Inserts a tag of the curated catalogue directly (fast setup, no rate limits): described, as an
 * admin would, so that it is listed to everyone (tag-visibility.ts). `description: null` makes a
 * bare tag nobody made or uses, which the catalogue does not list.
 */
export async function seedTag(
  t: TestApp,
  name: string,
  fields: {
    isParent?: boolean;
    parentId?: number | null;
    followerCount?: number;
    description?: string | null;
  } = {},
): Promise<number> {
  const [row] = await t.dataSource.query(
    `INSERT INTO tag (name, is_parent, parent_id, follower_count, description)
     VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [
      name,
      fields.isParent ?? false,
      fields.parentId ?? null,
      fields.followerCount ?? 0,
      fields.description === undefined ? `Seeded for a test: ${name}` : fields.description,
    ],
  );
  return row.id;
}

export async function tagRow(
  t: TestApp,
  id: number,
): Promise<{ follower_count: number; post_count: number } | undefined> {
  const [row] = await t.dataSource.query(
    'SELECT follower_count, post_count FROM tag WHERE id = $1',
    [id],
  );
  return row;
}
