import { SqlParams } from '../../platform/database/sql-params';
import { queryPrepared } from '../../platform/database/sql';
import type { SqlRunner } from '../../platform/database/sql-runner';
import type { ImageVariant } from '../../platform/images/image-pipeline.service';
import { cursorTimeSql } from '../../platform/paging/paging';
import { outboxInsertSql } from '../../platform/queues/outbox.service';
import type { NewPostTags } from '../tags';
import type { PhotoView, TagRef } from './content-item';
import type { PostPrivacy, PostType } from './entities/post.entity';
import { firstUrlOf } from './living-text';
import type { PostRow } from './feed.queries';
import { blurhashSql } from './uploads.queries';

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

function keyCondition(key: PostKey): { column: 'random_id' | 'id'; value: string } {
  return 'randomId' in key
    ? { column: 'random_id', value: key.randomId }
    : { column: 'id', value: key.postId };
}

/** A photo the new post names: an unattached upload of its author, and the texts it gives it. */
export interface NewPhoto {
  ref: string;
  alt_text: string | null;
  description: string | null;
}

/** The new post as the feeds read it, with its photos in order and how many uploads it attached. */
export interface InsertedPost extends PostRow {
  photos: PhotoView[];
  attached: number;
}

/**
 * What a post's text asks for off the request path, written to the outbox with the post: telling
 * the members it mentions, fetching its first URL's preview (under this job id, so one fetch per
 * URL runs at a time).
 */
export interface PostTextJobs {
  mentions: boolean;
  preview: { url: string; jobId: string } | null;
}

/**
 * Which of the post's tags were picked in the composer (the rest it has through hashtags in its
 * text): by normalised name (tags found or created in the statement) or by id.
 */
export type PickedTags = { names: readonly string[] } | { ids: readonly number[] };

/** A new post's own columns and the photos it names. */
export interface NewPost {
  randomId: string;
  type: PostType;
  userId: string;
  text: string;
  privacy: PostPrivacy;
  /** The page it is made as (checked by the caller), or null. */
  pageId: string | null;
  photos: readonly NewPhoto[];
}

/**
 * The statement writing a post: the row; the author's unattached uploads it names, marked
 * attached and copied to its photos in the order given; its tag links, to `tags` (tag ids, or the
 * tags module's CTEs that find or create them in this statement: TagsService.newPostTags). It
 * answers the post as a feed row (RETURNING, no read-back) with its photos, how many uploads it
 * attached and, from CTEs, its tags. A drawn random id that is taken writes nothing with
 * `onTakenRandomId: 'nothing'`, and fails the statement (unique violation) with 'fail'.
 */
function insertPostSql(
  post: NewPost,
  tags: { ids: readonly number[] } | NewPostTags | null,
  onTakenRandomId: 'nothing' | 'fail',
  text: { picked?: PickedTags; jobs?: PostTextJobs } = {},
): { text: string; values: unknown[] } {
  const params = new SqlParams();
  const ctes: string[] = [];
  if (tags && 'ctes' in tags) ctes.push(tags.ctes(params));
  const userId = params.add(post.userId);
  ctes.push(`new_post AS (
       INSERT INTO post (random_id, type, user_id, page_id, text, privacy, link_url)
       VALUES (${params.add(post.randomId)}, ${params.add(post.type)}, ${userId}, ${params.add(post.pageId)}::uuid, ${params.add(post.text)}, ${params.add(post.privacy)}, ${params.add(firstUrlOf(post.text))}::text)
       ${onTakenRandomId === 'nothing' ? 'ON CONFLICT (random_id) DO NOTHING' : ''}
       RETURNING id, random_id, type, user_id, page_id, text, privacy, reaction_count,
                 comment_count, created_at, updated_at, bumped_at, edited_at)`);
  // A post without photos skips their CTEs (most posts: nothing to look up or attach).
  if (post.photos.length)
    ctes.push(`named AS (
       SELECT x.ref, x.position, x.alt_text, x.description
         FROM jsonb_to_recordset(${params.add(
           JSON.stringify(post.photos.map((photo, position) => ({ ...photo, position }))),
         )}::jsonb) AS x(ref text, position int, alt_text text, description text)),
     attached AS (
       UPDATE uploaded_image u SET attached_at = now()
         FROM named n, new_post np
        WHERE u.ref = n.ref AND u.user_id = ${userId} AND u.attached_at IS NULL
          AND u.status <> 'failed'
       RETURNING u.ref, u.variants, u.blurhash, u.width, u.height, n.position, n.alt_text, n.description),
     photos AS (
       INSERT INTO post_photo (post_id, position, image_ref, variants, blurhash, width, height, alt_text, description)
       SELECT np.id, a.position, a.ref, a.variants, a.blurhash, a.width, a.height, a.alt_text, a.description
         FROM new_post np, attached a
       RETURNING id, position, image_ref, variants, blurhash, width, height, alt_text, description)`);
  const tagRows = !tags
    ? null
    : 'ctes' in tags
      ? `${tags.table} tag`
      : `unnest(${params.add(tags.ids)}::int[]) AS tag(id)`;
  const picked = (choice: PickedTags | undefined) =>
    !choice
      ? 'TRUE'
      : 'names' in choice
        ? `tag.name = ANY(${params.add(choice.names)}::text[])`
        : `tag.id = ANY(${params.add(choice.ids)}::int[])`;
  if (tagRows)
    ctes.push(`tagged AS (
       INSERT INTO post_tag (post_id, tag_id, bumped_at, picked)
       SELECT np.id, tag.id, np.bumped_at, ${picked(text.picked)} FROM new_post np, ${tagRows})`);
  if (text.jobs?.mentions)
    ctes.push(`mention_job AS (
       ${outboxInsertSql('notifications', 'post-mentions', {
         from: 'new_post np',
         payload: { postId: 'np.id', actorId: 'np.user_id' },
         jobId: 'NULL',
       })})`);
  if (text.jobs?.preview)
    ctes.push(`preview_job AS (
       ${outboxInsertSql('images', 'link-preview', {
         from: 'new_post np',
         payload: { url: `${params.add(text.jobs.preview.url)}::text` },
         jobId: `${params.add(text.jobs.preview.jobId)}::text`,
       })})`);
  const photos = post.photos.length
    ? `(SELECT count(*)::int FROM attached) AS attached,
            COALESCE((SELECT json_agg(json_build_object(
                        'id', ph.id, 'image_ref', ph.image_ref, 'variants', ph.variants,
                        'blurhash', ${blurhashSql('ph.blurhash')}, 'failed', false,
                        'width', ph.width, 'height', ph.height,
                        'alt_text', ph.alt_text, 'description', ph.description) ORDER BY ph.position)
                        FROM photos ph), '[]'::json) AS photos`
    : `0 AS attached, '[]'::json AS photos`;
  const tagAnswer =
    tags && 'ctes' in tags
      ? `,
            COALESCE((SELECT json_agg(json_build_object('id', tag.id, 'name', tag.name))
                        FROM ${tags.table} tag), '[]'::json) AS tags`
      : '';
  return {
    text: `WITH ${ctes.join(',\n     ')}
     SELECT np.*, ${cursorTimeSql('np.bumped_at')} AS cursor_at, NULL::uuid AS my_reaction_id,
            ${photos}${tagAnswer}
       FROM new_post np`,
    values: params.values,
  };
}

/**
 * Writes a post, its photos and the links to tags already found, in the caller's transaction:
 * see insertPostSql. Undefined when the drawn random id is taken (draw again: nothing was
 * written). `attached` below the number of photos named means some ref is not such an upload:
 * the caller's transaction must then roll back.
 */
export async function insertPostWithPhotosAndTags(
  db: SqlRunner,
  post: NewPost & { tagIds: readonly number[]; pickedIds: readonly number[] },
  jobs?: PostTextJobs,
): Promise<InsertedPost | undefined> {
  const sql = insertPostSql(post, post.tagIds.length ? { ids: post.tagIds } : null, 'nothing', {
    picked: { ids: post.pickedIds },
    jobs,
  });
  const [row] = (await db.query(sql.text, sql.values)) as InsertedPost[];
  return row;
}

/**
 * Writes a post with its photos and its tags, found or created (and counted) in the same
 * statement: one round trip for the whole post. The statement fails, writing nothing, when the
 * drawn random id is taken or the tags' CTEs meet another writer (a unique violation: run it
 * again, with a new random id). `attached` below the number of photos named means some ref is
 * not such an upload: the caller must then not keep what was written (run it in a transaction).
 */
export async function insertPostAndTags(
  db: SqlRunner,
  post: NewPost,
  tags: NewPostTags | null,
  text: { picked: PickedTags; jobs: PostTextJobs },
): Promise<InsertedPost & { tags: TagRef[] }> {
  const sql = insertPostSql(post, tags, 'fail', text);
  const [row] = (await queryPrepared(db, sql.text, sql.values)) as Array<
    InsertedPost & { tags?: TagRef[] }
  >;
  return { ...row, tags: row.tags ?? [] };
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

/** Sets a post's text, and its first URL with it (`link_url`). */
export async function updateText(db: SqlRunner, postId: string, text: string): Promise<void> {
  await db.query('UPDATE post SET text = $2, link_url = $3 WHERE id = $1', [
    postId,
    text,
    firstUrlOf(text),
  ]);
}

export async function updatePrivacy(
  db: SqlRunner,
  postId: string,
  privacy: PostPrivacy,
): Promise<void> {
  await db.query('UPDATE post SET privacy = $2 WHERE id = $1', [postId, privacy]);
}

/** What the post says changed: readers see "Edited" with this time. */
export async function markEdited(db: SqlRunner, postId: string): Promise<void> {
  await db.query('UPDATE post SET edited_at = now() WHERE id = $1', [postId]);
}

/** The texts of the given photos of a post, to tell whether an update changes them. */
export async function photoTextsOf(
  db: SqlRunner,
  postId: string,
  photoIds: string[],
): Promise<Array<{ id: string; description: string | null; alt_text: string | null }>> {
  return (await db.query(
    'SELECT id, description, alt_text FROM post_photo WHERE post_id = $1 AND id = ANY($2::uuid[])',
    [postId, photoIds],
  )) as Array<{ id: string; description: string | null; alt_text: string | null }>;
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

export async function linkTags(
  db: SqlRunner,
  postId: string,
  tagIds: number[],
  pickedIds: readonly number[] = tagIds,
): Promise<void> {
  await db.query(
    `INSERT INTO post_tag (post_id, tag_id, picked)
     SELECT $1, t.id, t.id = ANY($3::int[]) FROM unnest($2::int[]) AS t(id)
     ON CONFLICT DO NOTHING`,
    [postId, tagIds, pickedIds],
  );
}

export async function unlinkTags(db: SqlRunner, postId: string, tagIds: number[]): Promise<void> {
  await db.query('DELETE FROM post_tag WHERE post_id = $1 AND tag_id = ANY($2::int[])', [
    postId,
    tagIds,
  ]);
}

/** A post's text with its author and privacy, for what its text says (mentions). */
export async function postText(
  db: SqlRunner,
  postId: string,
): Promise<{ id: string; user_id: string; privacy: PostPrivacy; text: string } | undefined> {
  const [post] = (await db.query('SELECT id, user_id, privacy, text FROM post WHERE id = $1', [
    postId,
  ])) as Array<{ id: string; user_id: string; privacy: PostPrivacy; text: string }>;
  return post;
}

/** A post's tag links: each tag's id and whether it was picked (else it came from a hashtag). */
export async function tagLinksOf(
  db: SqlRunner,
  postId: string,
): Promise<Array<{ tag_id: number; picked: boolean }>> {
  return (await db.query('SELECT tag_id, picked FROM post_tag WHERE post_id = $1', [
    postId,
  ])) as Array<{ tag_id: number; picked: boolean }>;
}

/** Sets which of the post's linked tags are picked (the others it has through its text). */
export async function setPicked(db: SqlRunner, postId: string, pickedIds: number[]): Promise<void> {
  await db.query(
    `UPDATE post_tag SET picked = (tag_id = ANY($2::int[]))
      WHERE post_id = $1 AND picked IS DISTINCT FROM (tag_id = ANY($2::int[]))`,
    [postId, pickedIds],
  );
}
