import type { SqlRunner } from '../../platform/database/sql-runner';
import type { ImageVariant } from '../../platform/images/image-pipeline.service';

/**
 * What content undoes before a member's account goes (content-account-cleanup.ts): the counts
 * their reactions and comments added to other members' posts and comments, and their files.
 */

/** Takes the member's reactions back, with the counts they added to others' posts and comments. */
export async function deleteReactionsOf(db: SqlRunner, userId: string): Promise<void> {
  await db.query(
    `UPDATE post p SET reaction_count = p.reaction_count - r.n
       FROM (SELECT post_id, count(*)::int AS n FROM reaction
              WHERE user_id = $1 AND post_id IS NOT NULL GROUP BY post_id) r
      WHERE p.id = r.post_id AND p.user_id <> $1`,
    [userId],
  );
  await db.query(
    `UPDATE comment c SET reaction_count = c.reaction_count - r.n
       FROM (SELECT comment_id, count(*)::int AS n FROM reaction
              WHERE user_id = $1 AND comment_id IS NOT NULL GROUP BY comment_id) r
      WHERE c.id = r.comment_id AND c.user_id <> $1`,
    [userId],
  );
  await db.query('DELETE FROM reaction WHERE user_id = $1', [userId]);
}

/** Deletes the member's comments (every reply under them too) and the counts on others' posts. */
export async function deleteCommentsOf(db: SqlRunner, userId: string): Promise<void> {
  await db.query(
    `WITH RECURSIVE doomed AS (
       SELECT id, post_id FROM comment WHERE user_id = $1
       UNION
       SELECT c.id, c.post_id FROM comment c JOIN doomed d ON c.parent_id = d.id
     )
     UPDATE post p SET comment_count = p.comment_count - x.n
       FROM (SELECT post_id, count(*)::int AS n FROM doomed GROUP BY post_id) x
      WHERE p.id = x.post_id AND p.user_id <> $1`,
    [userId],
  );
  await db.query('DELETE FROM comment WHERE user_id = $1', [userId]);
}

/** How many of the member's public posts carry each tag. */
export async function publicTagUsesOf(
  db: SqlRunner,
  userId: string,
): Promise<Array<{ tag_id: number; n: number }>> {
  return (await db.query(
    `SELECT pt.tag_id, count(*)::int AS n FROM post_tag pt JOIN post p ON p.id = pt.post_id
      WHERE p.user_id = $1 AND p.privacy = 'public' GROUP BY pt.tag_id`,
    [userId],
  )) as Array<{ tag_id: number; n: number }>;
}

/** Every photo of the member's posts and every upload of theirs not attached yet. */
export async function imagesOf(
  db: SqlRunner,
  userId: string,
): Promise<Array<{ ref: string; variants: ImageVariant[] }>> {
  return (await db.query(
    `SELECT ph.image_ref AS ref, ph.variants FROM post_photo ph JOIN post p ON p.id = ph.post_id
      WHERE p.user_id = $1
     UNION ALL
     SELECT ref, variants FROM uploaded_image WHERE user_id = $1 AND attached_at IS NULL`,
    [userId],
  )) as Array<{ ref: string; variants: ImageVariant[] }>;
}
