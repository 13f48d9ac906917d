import type { SqlRunner } from '../../platform/database/sql-runner';
import type { ImageVariant } from '../../platform/images/image-pipeline.service';
import { outboxInsertSql } from '../../platform/queues/outbox.service';
import type { UploadStatus } from './entities/uploaded-image.entity';
import { RENDER_UPLOAD_JOB_ID_PREFIX } from './jobs/content.jobs';

/**
 * The `uploaded_image` table: photos uploaded for a post that is not saved yet (or ever), and
 * those attached to one, until the sweep removes what no post photo references any more.
 */

export interface UploadRow {
  ref: string;
  variants: ImageVariant[];
  /** Null until the render job has decoded the photo (see NO_BLURHASH_YET). */
  blurhash: string | null;
  width: number;
  height: number;
}

/**
 * The `blurhash` of an upload (and of the post photos made of it) until its render job has
 * decoded it: the columns are NOT NULL, so "none yet" is stored as the empty string, which is
 * never a valid blurhash; every read gives it as null (`blurhashSql`).
 */
export const NO_BLURHASH_YET = '';

/** A photo's stored blurhash as the API gives it: null while there is none yet. */
export function blurhashSql(column: string): string {
  return `NULLIF(${column}, '${NO_BLURHASH_YET}')`;
}

/**
 * Whether a post photo could not be rendered (its upload failed): it will never have files, so
 * clients say so instead of waiting. Only a photo without files yet looks at its upload.
 */
export function photoFailedSql(photo: string): string {
  return `CASE WHEN ${photo}.variants = '[]'::jsonb
            THEN EXISTS (SELECT 1 FROM uploaded_image u
                          WHERE u.ref = ${photo}.image_ref AND u.status = 'failed')
            ELSE false END`;
}

/** An upload as it is written: checked, its original stored privately, not rendered yet. */
export interface NewUploadRow extends Omit<UploadRow, 'variants' | 'blurhash'> {
  /** Its original in the private storage area, until rendered. */
  original: string;
}

/**
 * Records pending uploads and, in the same statement, their `images/render-upload` jobs (outbox,
 * under renderUploadJobId): the rows and the jobs that render them commit together or not at all.
 */
export async function insertPendingUploads(
  db: SqlRunner,
  userId: string,
  folder: string,
  uploads: readonly NewUploadRow[],
): Promise<void> {
  const queued = outboxInsertSql('images', 'render-upload', {
    from: 'inserted',
    payload: { ref: 'inserted.ref', original: 'inserted.original_ref' },
    jobId: `'${RENDER_UPLOAD_JOB_ID_PREFIX}' || inserted.ref`,
  });
  await db.query(
    `WITH inserted AS (
       INSERT INTO uploaded_image (ref, user_id, folder, status, original_ref, variants, blurhash, width, height)
       SELECT x.ref, $1, $2, 'pending', x.original, '[]'::jsonb, $4, x.width, x.height
         FROM jsonb_to_recordset($3::jsonb)
           AS x(ref text, original text, width int, height int)
       RETURNING ref, original_ref)
     ${queued}`,
    [userId, folder, JSON.stringify(uploads), NO_BLURHASH_YET],
  );
}

/** What the render job needs to know of an upload. */
export interface UploadToRender {
  ref: string;
  folder: string;
  status: UploadStatus;
  original_ref: string | null;
}

export async function findUploadToRender(
  db: SqlRunner,
  ref: string,
): Promise<UploadToRender | undefined> {
  const [row] = (await db.query(
    'SELECT ref, folder, status, original_ref FROM uploaded_image WHERE ref = $1',
    [ref],
  )) as UploadToRender[];
  return row;
}

/**
 * Records the blurhash of a pending upload being rendered, and gives it to the post photos made
 * of it meanwhile, before the files are encoded: a post shows it while they are made. Two
 * statements in the caller's transaction, locked in the same order as markUploadReady (see
 * there). False when the upload was not pending (gone, failed, or done by another run).
 */
export async function recordUploadBlurhash(
  db: SqlRunner,
  ref: string,
  blurhash: string,
): Promise<boolean> {
  const [rows] = (await db.query(
    `UPDATE uploaded_image SET blurhash = $2 WHERE ref = $1 AND status = 'pending' RETURNING ref`,
    [ref, blurhash],
  )) as [Array<{ ref: string }>, number];
  if (!rows.length) return false;
  await db.query(`UPDATE post_photo SET blurhash = $2 WHERE image_ref = $1`, [ref, blurhash]);
  return true;
}

/**
 * Records a pending upload as rendered, then gives its rendered files to the post photos made of
 * it meanwhile. Two statements in the caller's transaction, in this order: the first takes the
 * upload's row lock, so a post being saved with it either copied the row before (its photo row
 * is committed by the time the second statement, with a fresh snapshot, looks) or waits and
 * copies the rendered row. False when the upload was not pending (gone, or done by another run).
 */
export async function markUploadReady(
  db: SqlRunner,
  ref: string,
  image: { variants: ImageVariant[]; width: number; height: number; blurhash: string },
): Promise<boolean> {
  const values = [ref, JSON.stringify(image.variants), image.width, image.height, image.blurhash];
  const [rows] = (await db.query(
    `UPDATE uploaded_image SET status = 'ready', variants = $2::jsonb, width = $3, height = $4,
            blurhash = $5, original_ref = NULL
      WHERE ref = $1 AND status = 'pending'
      RETURNING ref`,
    values,
  )) as [Array<{ ref: string }>, number];
  if (!rows.length) return false;
  await db.query(
    `UPDATE post_photo SET variants = $2::jsonb, width = $3, height = $4, blurhash = $5
      WHERE image_ref = $1`,
    values,
  );
  return true;
}

/** Records that a pending upload could not be rendered; false when it was not pending. */
export async function markUploadFailed(db: SqlRunner, ref: string): Promise<boolean> {
  const [rows] = (await db.query(
    `UPDATE uploaded_image SET status = 'failed', original_ref = NULL
      WHERE ref = $1 AND status = 'pending' RETURNING ref`,
    [ref],
  )) as [Array<{ ref: string }>, number];
  return rows.length > 0;
}

/** An upload's stored files as its row knows them (the original of one never rendered too). */
export interface UploadFiles {
  ref: string;
  variants: ImageVariant[];
  original_ref: string | null;
}

/**
 * Locks up to `batch` uploads the sweep may remove (skipping rows another purge or a post being
 * saved holds): `unattached`, never attached and made over `hours` ago; `detached`, whose last post
 * photo went over `hours` ago. The caller deletes them with `deleteUnreferencedUploads`, in the same
 * transaction.
 */
export async function lockSweepableUploads(
  db: SqlRunner,
  kind: 'unattached' | 'detached',
  hours: number,
  batch: number,
): Promise<string[]> {
  const where =
    kind === 'unattached'
      ? 'attached_at IS NULL AND created_at < now() - make_interval(hours => $1)'
      : 'detached_at < now() - make_interval(hours => $1)';
  const rows = (await db.query(
    `SELECT ref FROM uploaded_image WHERE ${where}
      ORDER BY ref LIMIT $2 FOR UPDATE SKIP LOCKED`,
    [hours, batch],
  )) as Array<{ ref: string }>;
  return rows.map((row) => row.ref);
}

/**
 * Deletes the locked uploads that no post photo references, checked in the delete statement
 * itself: a new statement, so it sees every photo committed before the rows were locked, and a
 * post being saved with one waits for the lock and then finds it gone (a clean refusal). Returns
 * the deleted uploads' files. One found referenced after all is marked attached and not detached,
 * so no sweep picks it again.
 */
export async function deleteUnreferencedUploads(
  db: SqlRunner,
  refs: readonly string[],
): Promise<UploadFiles[]> {
  if (!refs.length) return [];
  const [rows] = (await db.query(
    `DELETE FROM uploaded_image u
      WHERE u.ref = ANY($1::text[])
        AND NOT EXISTS (SELECT 1 FROM post_photo ph WHERE ph.image_ref = u.ref)
      RETURNING u.ref, u.variants, u.original_ref`,
    [refs],
  )) as [UploadFiles[], number];
  if (rows.length < refs.length) {
    const deleted = rows.map((row) => row.ref);
    await db.query(
      `UPDATE uploaded_image SET attached_at = coalesce(attached_at, now()), detached_at = NULL
        WHERE ref = ANY($1::text[]) AND ref <> ALL($2::text[])`,
      [refs, deleted],
    );
  }
  return rows;
}

/** Forgets the uploads behind these files (a deleted post's photos). */
export async function deleteUploads(db: SqlRunner, refs: string[]): Promise<void> {
  await db.query('DELETE FROM uploaded_image WHERE ref = ANY($1::text[])', [refs]);
}

/**
 * Records an image stored for another module's row (an avatar, a page's avatar, an event's image;
 * see platform/images/image-tracking.ts): rendered already, attached to nothing yet.
 */
export async function insertTrackedUpload(
  db: SqlRunner,
  image: UploadRow & { userId: string; folder: string },
): Promise<void> {
  await db.query(
    `INSERT INTO uploaded_image (ref, user_id, folder, status, variants, blurhash, width, height)
     VALUES ($1, $2, $3, 'ready', $4::jsonb, $5, $6, $7)`,
    [
      image.ref,
      image.userId,
      image.folder,
      JSON.stringify(image.variants),
      image.blurhash,
      image.width,
      image.height,
    ],
  );
}

/**
 * Marks a tracked upload attached (its uploader's, not attached before); false when there is no
 * such row. Waits for a sweep holding the row, then finds it gone.
 */
export async function attachTrackedUpload(
  db: SqlRunner,
  ref: string,
  userId: string,
): Promise<boolean> {
  const [rows] = (await db.query(
    `UPDATE uploaded_image SET attached_at = now()
      WHERE ref = $1 AND user_id = $2 AND attached_at IS NULL
      RETURNING ref`,
    [ref, userId],
  )) as [Array<{ ref: string }>, number];
  return rows.length > 0;
}
