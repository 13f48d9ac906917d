import type { SqlRunner } from '../../platform/database/sql-runner';
import type { PostPrivacy } from './entities/post.entity';

/** Reactions, and the reaction_count of what they are on (a post, or a comment). */

export type ReactionTarget = { kind: 'post' | 'comment'; id: string };

/** The new reaction's id, or undefined when the member has reacted to it already. */
export async function insertReaction(
  db: SqlRunner,
  userId: string,
  target: ReactionTarget,
): Promise<string | undefined> {
  const [created] = (await db.query(
    `INSERT INTO reaction (user_id, post_id, comment_id) VALUES ($1, $2, $3)
     ON CONFLICT DO NOTHING RETURNING id`,
    [
      userId,
      target.kind === 'post' ? target.id : null,
      target.kind === 'comment' ? target.id : null,
    ],
  )) as Array<{ id: string }>;
  return created?.id;
}

export async function reactionOf(
  db: SqlRunner,
  userId: string,
  target: ReactionTarget,
): Promise<string | undefined> {
  const [existing] = (await db.query(
    `SELECT id FROM reaction WHERE user_id = $1 AND ${target.kind}_id = $2`,
    [userId, target.id],
  )) as Array<{ id: string }>;
  return existing?.id;
}

/** Moves the target's reaction_count by `delta` (±1); returns the new count. */
export async function addToReactionCount(
  db: SqlRunner,
  target: ReactionTarget,
  delta: 1 | -1,
): Promise<number> {
  const [[counted]] = (await db.query(
    `UPDATE ${target.kind} SET reaction_count = reaction_count ${delta > 0 ? '+' : '-'} 1 WHERE id = $1
     RETURNING reaction_count`,
    [target.id],
  )) as [[{ reaction_count: number }]];
  return counted.reaction_count;
}

/** A reaction with the post it is on (directly, or through a comment) and who wrote what it is on. */
export interface ReactionOnPost {
  user_id: string;
  post_id: string | null;
  comment_id: string | null;
  /** The post reacted to, or the post of the comment reacted to. */
  target_post_id: string;
  /** The author of what was reacted to: the comment's, else the post's. */
  target_author_id: string;
  privacy: PostPrivacy;
  /** The post's author. */
  author_id: string;
}

export async function reactionWithPost(
  db: SqlRunner,
  reactionId: string,
): Promise<ReactionOnPost | undefined> {
  const [reaction] = (await db.query(
    `SELECT r.user_id, r.post_id, r.comment_id, p.id AS target_post_id,
            COALESCE(c.user_id, p.user_id) AS target_author_id, p.privacy, p.user_id AS author_id
       FROM reaction r
       LEFT JOIN comment c ON c.id = r.comment_id
       JOIN post p ON p.id = COALESCE(r.post_id, c.post_id)
      WHERE r.id = $1`,
    [reactionId],
  )) as ReactionOnPost[];
  return reaction;
}

/** Deletes the member's own reaction; whether it was there to delete. */
export async function deleteReaction(
  db: SqlRunner,
  reactionId: string,
  userId: string,
): Promise<boolean> {
  const [deleted] = (await db.query(
    'DELETE FROM reaction WHERE id = $1 AND user_id = $2 RETURNING id',
    [reactionId, userId],
  )) as [unknown[], number];
  return deleted.length > 0;
}

/** A comment with its post's author and privacy. */
export interface CommentOnPost {
  id: string;
  user_id: string;
  post_id: string;
  privacy: PostPrivacy;
  post_author: string;
}

export async function commentWithPost(
  db: SqlRunner,
  commentId: string,
): Promise<CommentOnPost | undefined> {
  const [comment] = (await db.query(
    `SELECT c.id, c.user_id, c.post_id, p.privacy, p.user_id AS post_author
       FROM comment c JOIN post p ON p.id = c.post_id WHERE c.id = $1`,
    [commentId],
  )) as CommentOnPost[];
  return comment;
}
