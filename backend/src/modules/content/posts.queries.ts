import type { SqlRunner } from '../../platform/database/sql-runner';
import type { ImageVariant } from '../../platform/images/image-pipeline.service';
import type { PostPrivacy, PostType } from './entities/post.entity';
import type { UploadRow } from './uploads.queries';

/** The writes of posts, their photos and tag links (reads for lists are in feed.queries.ts). */

/** A post named by its public random id or by its uuid. */
export type PostKey = { randomId: string } | { postId: string };

/** A post row locked for a change. */
export interface LockedPost {
  id: string;
  user_id: string;
  type: PostType;
  privacy: PostPrivacy;
  text: string;
}

/** An attached upload with the texts the post gives it. */
export interface PhotoRow extends UploadRow {
  alt_text: string | null;
  description: string | null;
}

function keyCondition(key: PostKey): { column: 'random_id' | 'id'; value: string } {
  return 'randomId' in key
    ? { column: 'random_id', value: key.randomId }
    : { column: 'id', value: key.postId };
}

export async function insertPost(
  db: SqlRunner,
  post: { randomId: string; type: PostType; userId: string; text: string; privacy: PostPrivacy },
): Promise<string> {
  const [row] = (await db.query(
    `INSERT INTO post (random_id, type, user_id, text, privacy)
     VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [post.randomId, post.type, post.userId, post.text, post.privacy],
  )) as Array<{ id: string }>;
  return row.id;
}

/** The photos in the order given (position 0 first). */
export async function insertPhotos(
  db: SqlRunner,
  postId: string,
  photos: readonly PhotoRow[],
): Promise<void> {
  await db.query(
    `INSERT INTO post_photo (post_id, position, image_ref, variants, blurhash, width, height, alt_text, description)
     SELECT $1, x.position, x.ref, x.variants, x.blurhash, x.width, x.height, x.alt_text, x.description
       FROM jsonb_to_recordset($2::jsonb) AS x(position int, ref text, variants jsonb,
            blurhash text, width int, height int, alt_text text, description text)`,
    [postId, JSON.stringify(photos.map((photo, position) => ({ ...photo, position })))],
  );
}

/**
 * Locks a post's row against other changes and other comment writes (FOR NO KEY UPDATE: not
 * against reactions, whose foreign-key checks it does not block).
 */
export async function lockPost(db: SqlRunner, key: PostKey): Promise<LockedPost | undefined> {
  const { column, value } = keyCondition(key);
  const [post] = (await db.query(
    `SELECT id, user_id, type, privacy, text FROM post
      WHERE ${column} = $1 FOR NO KEY UPDATE`,
    [value],
  )) as LockedPost[];
  return post;
}

/** A post's author and privacy, without a lock. */
export async function findPost(
  db: SqlRunner,
  key: PostKey,
): Promise<{ id: string; user_id: string; privacy: PostPrivacy } | undefined> {
  const { column, value } = keyCondition(key);
  const [post] = (await db.query(`SELECT id, user_id, privacy FROM post WHERE ${column} = $1`, [
    value,
  ])) as Array<{ id: string; user_id: string; privacy: PostPrivacy }>;
  return post;
}

export async function countPhotos(db: SqlRunner, postId: string): Promise<number> {
  const [{ photos }] = (await db.query(
    'SELECT count(*)::int AS photos FROM post_photo WHERE post_id = $1',
    [postId],
  )) as Array<{ photos: number }>;
  return photos;
}

export async function updateText(db: SqlRunner, postId: string, text: string): Promise<void> {
  await db.query('UPDATE post SET text = $2 WHERE id = $1', [postId, text]);
}

export async function updatePrivacy(
  db: SqlRunner,
  postId: string,
  privacy: PostPrivacy,
): Promise<void> {
  await db.query('UPDATE post SET privacy = $2 WHERE id = $1', [postId, privacy]);
}

/** "Edited just now": to the top of every feed. */
export async function bumpPost(db: SqlRunner, postId: string): Promise<void> {
  await db.query('UPDATE post SET updated_at = now(), bumped_at = now() WHERE id = $1', [postId]);
}

export async function photoFilesOf(
  db: SqlRunner,
  postId: string,
): Promise<Array<{ image_ref: string; variants: ImageVariant[] }>> {
  return (await db.query('SELECT image_ref, variants FROM post_photo WHERE post_id = $1', [
    postId,
  ])) as Array<{ image_ref: string; variants: ImageVariant[] }>;
}

/** Deletes the post; its photos, comments, reactions and tag links go with it (ON DELETE CASCADE). */
export async function deletePost(db: SqlRunner, postId: string): Promise<void> {
  await db.query('DELETE FROM post WHERE id = $1', [postId]);
}

/**
 * Sets each photo's description, and its alt text where `set_alt`; returns the ids it changed
 * (photos of this post only).
 */
export async function updatePhotoTexts(
  db: SqlRunner,
  postId: string,
  photos: ReadonlyArray<{
    id: string;
    description: string | null;
    alt_text: string | null;
    set_alt: boolean;
  }>,
): Promise<string[]> {
  const [updated] = (await db.query(
    `UPDATE post_photo ph
        SET description = x.description,
            alt_text = CASE WHEN x.set_alt THEN x.alt_text ELSE ph.alt_text END
       FROM jsonb_to_recordset($2::jsonb) AS x(id uuid, description text, alt_text text, set_alt boolean)
      WHERE ph.id = x.id AND ph.post_id = $1
      RETURNING ph.id`,
    [postId, JSON.stringify(photos)],
  )) as [Array<{ id: string }>, number];
  return updated.map((row) => row.id);
}

export async function tagIdsOf(db: SqlRunner, postId: string): Promise<number[]> {
  const rows = (await db.query('SELECT tag_id FROM post_tag WHERE post_id = $1', [
    postId,
  ])) as Array<{ tag_id: number }>;
  return rows.map((row) => row.tag_id);
}

export async function linkTags(db: SqlRunner, postId: string, tagIds: number[]): Promise<void> {
  await db.query(
    'INSERT INTO post_tag (post_id, tag_id) SELECT $1, unnest($2::int[]) ON CONFLICT DO NOTHING',
    [postId, tagIds],
  );
}

export async function unlinkTags(db: SqlRunner, postId: string, tagIds: number[]): Promise<void> {
  await db.query('DELETE FROM post_tag WHERE post_id = $1 AND tag_id = ANY($2::int[])', [
    postId,
    tagIds,
  ]);
}
