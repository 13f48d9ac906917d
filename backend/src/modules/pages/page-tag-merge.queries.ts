import type { SqlRunner } from '../../platform/database/sql-runner';

/** Points the pages tagged `fromId` at `intoId`, leaving out pages that carry `intoId` already. */
export async function repointPageTags(
  db: SqlRunner,
  fromId: number,
  intoId: number,
): Promise<void> {
  await db.query(
    `UPDATE page_tag pt SET tag_id = $2
      WHERE pt.tag_id = $1
        AND NOT EXISTS (SELECT 1 FROM page_tag o WHERE o.page_id = pt.page_id AND o.tag_id = $2)`,
    [fromId, intoId],
  );
}
