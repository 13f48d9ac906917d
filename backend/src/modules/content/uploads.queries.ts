import type { SqlRunner } from '../../platform/database/sql-runner';
import type { ImageVariant } from '../../platform/images/image-pipeline.service';

/** The `uploaded_image` table: photos uploaded for a post that is not saved yet (or ever). */

export interface UploadRow {
  ref: string;
  variants: ImageVariant[];
  blurhash: string;
  width: number;
  height: number;
}

export async function insertUploads(
  db: SqlRunner,
  userId: string,
  folder: string,
  uploads: readonly UploadRow[],
): Promise<void> {
  await db.query(
    `INSERT INTO uploaded_image (ref, user_id, folder, variants, blurhash, width, height)
     SELECT x.ref, $1, $2, x.variants, x.blurhash, x.width, x.height
       FROM jsonb_to_recordset($3::jsonb)
         AS x(ref text, variants jsonb, blurhash text, width int, height int)`,
    [userId, folder, JSON.stringify(uploads)],
  );
}

/** Marks those of the refs that are the member's unattached uploads as attached; returns them. */
export async function markAttached(
  db: SqlRunner,
  userId: string,
  refs: string[],
): Promise<UploadRow[]> {
  // UPDATE/DELETE … RETURNING answer [rows, affected count].
  const [rows] = (await db.query(
    `UPDATE uploaded_image SET attached_at = now()
      WHERE ref = ANY($1::text[]) AND user_id = $2 AND attached_at IS NULL
      RETURNING ref, variants, blurhash, width, height`,
    [refs, userId],
  )) as [UploadRow[], number];
  return rows;
}

/**
 * Deletes up to `batch` unattached uploads older than `hours` (skipping rows another purge holds);
 * returns their files.
 */
export async function deleteStaleUploads(
  db: SqlRunner,
  hours: number,
  batch: number,
): Promise<Array<{ ref: string; variants: ImageVariant[] }>> {
  const [rows] = (await db.query(
    `DELETE FROM uploaded_image WHERE ref IN (
     SELECT ref FROM uploaded_image
      WHERE attached_at IS NULL
        AND created_at < now() - make_interval(hours => $1)
      LIMIT $2 FOR UPDATE SKIP LOCKED)
   RETURNING ref, variants`,
    [hours, batch],
  )) as [Array<{ ref: string; variants: ImageVariant[] }>, number];
  return rows;
}

/** Forgets the uploads behind these files (a deleted post's photos). */
export async function deleteUploads(db: SqlRunner, refs: string[]): Promise<void> {
  await db.query('DELETE FROM uploaded_image WHERE ref = ANY($1::text[])', [refs]);
}
