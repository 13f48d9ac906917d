import type { SqlRunner } from '../../platform/database/sql-runner';

/**
 * Points the posts tagged `fromId` at `intoId`, leaving out posts that carry `intoId` already
 * (their `fromId` row goes with the tag), and counts the public posts that newly carry `intoId`.
 */
export async function repointPostTags(
  db: SqlRunner,
  fromId: number,
  intoId: number,
): Promise<number> {
  const [row] = (await db.query(
    `WITH moved AS (
       UPDATE post_tag pt SET tag_id = $2
        WHERE pt.tag_id = $1
          AND NOT EXISTS (SELECT 1 FROM post_tag o WHERE o.post_id = pt.post_id AND o.tag_id = $2)
       RETURNING pt.post_id)
     SELECT count(*)::int AS n FROM moved m JOIN post p ON p.id = m.post_id
      WHERE p.privacy = 'public'`,
    [fromId, intoId],
  )) as Array<{ n: number }>;
  return row.n;
}
