import type { SqlRunner } from '../../platform/database/sql-runner';
import type { ImageVariant } from '../../platform/images/image-pipeline.service';
import type { LinkPreviewStatus } from './entities/link-preview.entity';

/** The link_preview cache (content's table): one row per URL a post's preview is of. */

export interface LinkPreviewRow {
  url: string;
  status: LinkPreviewStatus;
  title: string | null;
  description: string | null;
  site_name: string | null;
  image_ref: string | null;
  image_variants: ImageVariant[];
  image_blurhash: string | null;
  image_width: number | null;
  image_height: number | null;
  fetched_at: Date;
}

/** The usable previews of these URLs (fetched and found something). */
export async function previewsOf(db: SqlRunner, urls: string[]): Promise<LinkPreviewRow[]> {
  return (await db.query(
    `SELECT url, status, title, description, site_name, image_ref, image_variants, image_blurhash,
            image_width, image_height, fetched_at
       FROM link_preview WHERE url = ANY($1::text[]) AND status = 'ok'`,
    [urls],
  )) as LinkPreviewRow[];
}

/** Whether the URL was fetched (well or not) more recently than `maxAgeHours`. */
export async function isFresh(
  db: SqlRunner,
  url: string,
  maxAgeHours: { ok: number; failed: number },
): Promise<boolean> {
  const [row] = (await db.query(
    `SELECT 1 AS fresh FROM link_preview
      WHERE url = $1
        AND fetched_at > now() - make_interval(hours => CASE WHEN status = 'ok' THEN $2::int ELSE $3::int END)`,
    [url, maxAgeHours.ok, maxAgeHours.failed],
  )) as Array<{ fresh: number }>;
  return Boolean(row);
}

/** Locks the URL's row (if any) for its replacement; answers its image's files. */
export async function lockPreview(
  db: SqlRunner,
  url: string,
): Promise<{ image_ref: string | null; image_variants: ImageVariant[] } | undefined> {
  const [row] = (await db.query(
    'SELECT image_ref, image_variants FROM link_preview WHERE url = $1 FOR UPDATE',
    [url],
  )) as Array<{ image_ref: string | null; image_variants: ImageVariant[] }>;
  return row;
}

export type NewLinkPreview = Omit<LinkPreviewRow, 'fetched_at'>;

/**
 * Writes the URL's preview unless `keepIfFresh` and another fetch has written a fresh one since
 * (two jobs for one URL at once: the first to commit wins). Answers whether it was written.
 */
export async function upsertPreview(
  db: SqlRunner,
  row: NewLinkPreview,
  keepIfFresh: { ok: number; failed: number } | null,
): Promise<boolean> {
  const written = (await db.query(
    `INSERT INTO link_preview (url, status, title, description, site_name, image_ref,
                               image_variants, image_blurhash, image_width, image_height, fetched_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8, $9, $10, now())
     ON CONFLICT (url) DO UPDATE
        SET status = EXCLUDED.status, title = EXCLUDED.title, description = EXCLUDED.description,
            site_name = EXCLUDED.site_name, image_ref = EXCLUDED.image_ref,
            image_variants = EXCLUDED.image_variants, image_blurhash = EXCLUDED.image_blurhash,
            image_width = EXCLUDED.image_width, image_height = EXCLUDED.image_height,
            fetched_at = now()
      WHERE $11::int IS NULL
         OR link_preview.fetched_at <= now() - make_interval(
              hours => CASE WHEN link_preview.status = 'ok' THEN $11::int ELSE $12::int END)
     RETURNING url`,
    [
      row.url,
      row.status,
      row.title,
      row.description,
      row.site_name,
      row.image_ref,
      JSON.stringify(row.image_variants),
      row.image_blurhash,
      row.image_width,
      row.image_height,
      keepIfFresh?.ok ?? null,
      keepIfFresh?.failed ?? null,
    ],
  )) as unknown[];
  return written.length > 0;
}

/**
 * Deletes up to `batch` previews that no post names now (`post.link_url`, its hash index) and that
 * were last fetched more than `days` ago (`link_preview_fetched_idx`); answers their image files.
 * A post naming such a URL again has it fetched again (it is past its refresh age). A preview
 * being refreshed right now is locked, so skipped. Each step is an index lookup: the old ones by
 * fetched_at, the anti-join by post_link_url_idx, the delete by the key (the ARRAY keeps the
 * planner from hashing the whole table for a batch).
 */
export async function deleteUnusedPreviews(
  db: SqlRunner,
  days: number,
  batch: number,
): Promise<Array<{ image_ref: string | null; image_variants: ImageVariant[] }>> {
  const [rows] = (await db.query(
    `DELETE FROM link_preview WHERE url = ANY(ARRAY(
       SELECT lp.url FROM link_preview lp
        WHERE lp.fetched_at < now() - make_interval(days => $1)
          AND NOT EXISTS (SELECT 1 FROM post p WHERE p.link_url = lp.url)
        LIMIT $2 FOR UPDATE SKIP LOCKED))
     RETURNING image_ref, image_variants`,
    [days, batch],
  )) as [Array<{ image_ref: string | null; image_variants: ImageVariant[] }>, number];
  return rows;
}
