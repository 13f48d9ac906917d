import { type Viewer, visibleSql } from '../../platform/access/viewer';
import { SqlParams } from '../../platform/database/sql-params';
import { queryPrepared } from '../../platform/database/sql';
import type { SqlRunner } from '../../platform/database/sql-runner';
import { cursorTimeSql } from '../../platform/paging/paging';
import { outboxInsertSql } from '../../platform/queues/outbox.service';
import type { PostPrivacy } from './entities/post.entity';
import type { PostKey } from './posts.queries';

/** Reactions, and the reaction_count of what they are on (a post, or a comment). */

export type ReactionTarget = { kind: 'post' | 'comment'; id: string };

/** What a reaction is asked for: a post by its key, or a comment by its id. */
export type ReactionKey = { kind: 'post'; post: PostKey } | { kind: 'comment'; commentId: string };

/** What reacting did: nothing when there is no such target the viewer may see. */
export interface ReactionWritten {
  /** The post reacted to, or the post of the comment reacted to. */
  post_id: string;
  /** The new reaction, or null when the member has reacted to it already. */
  id: string | null;
  /** The target's new count (when a reaction was added). */
  reaction_count: number | null;
  /**
   * The member's earlier reaction, when there was one as the statement began (looked for only
   * when none was added: a reaction made costs no extra probe).
   */
  existing_id: string | null;
}

/**
 * Reacts in one statement: finds the target as the viewer may see it, adds the reaction unless
 * the member has one there (the unique constraints decide), moves the target's reaction_count
 * and, when the target is someone else's, queues `reaction-created` (outbox) — all or nothing, and
 * the target's row is locked only while this one statement runs. Undefined when there is no such
 * target the viewer may see.
 */
export async function react(
  db: SqlRunner,
  viewer: Viewer & { kind: 'member' },
  key: ReactionKey,
): Promise<ReactionWritten | undefined> {
  const params = new SqlParams();
  const me = params.add(viewer.userId);
  const target =
    key.kind === 'post'
      ? `SELECT p.id, p.user_id AS author_id, p.id AS post_id FROM post p
          WHERE p.${'randomId' in key.post ? 'random_id' : 'id'} = ${params.add('randomId' in key.post ? key.post.randomId : key.post.postId)}
            AND ${visibleSql('p', viewer, params)}`
      : `SELECT c.id, c.user_id AS author_id, c.post_id FROM comment c JOIN post p ON p.id = c.post_id
          WHERE c.id = ${params.add(key.commentId)} AND ${visibleSql('p', viewer, params)}`;
  const column = `${key.kind}_id`;
  const queued = outboxInsertSql('notifications', 'reaction-created', {
    from: 'created, target',
    where: `target.author_id <> ${me}`,
    payload: {
      reactionId: 'created.id',
      actorId: `${me}::uuid`,
      postId: 'target.post_id',
      commentId: key.kind === 'comment' ? 'target.id' : 'NULL::uuid',
    },
    jobId: `'reaction-created.' || created.id`,
  });
  const [row] = (await queryPrepared(
    db,
    `WITH target AS (${target}),
     created AS (
       INSERT INTO reaction (user_id, ${column}) SELECT ${me}, target.id FROM target
       ON CONFLICT DO NOTHING RETURNING id, ${column} AS target_id),
     counted AS (
       UPDATE ${key.kind} SET reaction_count = reaction_count + 1
         FROM created WHERE ${key.kind}.id = created.target_id
       RETURNING ${key.kind}.reaction_count),
     queued AS (${queued})
     SELECT target.post_id, created.id, (SELECT reaction_count FROM counted) AS reaction_count,
            CASE WHEN created.id IS NULL THEN
              (SELECT r.id FROM reaction r WHERE r.user_id = ${me} AND r.${column} = target.id)
            END AS existing_id
       FROM target LEFT JOIN created ON TRUE`,
    params.values,
  )) as ReactionWritten[];
  return row;
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

/** A reaction as the list of who reacted shows it (newest first). */
export interface ReactorRow {
  id: string;
  user_id: string;
  created_at: Date;
  cursor_at: string;
}

/**
 * Who reacted to a post or a comment, newest first: up to `limit` reactions after `cursor`, one
 * statement walking reaction_post_idx or reaction_comment_idx, (target, created_at, id), down from
 * the cursor. The target must be one the viewer may see (a comment: its post), exactly as the
 * feeds decide; undefined when it is not (or there is no such target), so a private post's likers
 * are as hidden as the post.
 */
export async function reactorPage(
  db: SqlRunner,
  viewer: Viewer,
  key: ReactionKey,
  cursor: { at: string; id: string } | null,
  limit: number,
): Promise<ReactorRow[] | undefined> {
  const params = new SqlParams();
  const target =
    key.kind === 'post'
      ? `SELECT p.id FROM post p
          WHERE p.${'randomId' in key.post ? 'random_id' : 'id'} = ${params.add('randomId' in key.post ? key.post.randomId : key.post.postId)}
            AND ${visibleSql('p', viewer, params)}`
      : `SELECT c.id FROM comment c JOIN post p ON p.id = c.post_id
          WHERE c.id = ${params.add(key.commentId)} AND ${visibleSql('p', viewer, params)}`;
  const after = cursor
    ? `AND (r.created_at, r.id) < (${params.add(cursor.at)}::timestamptz, ${params.add(cursor.id)}::uuid)`
    : '';
  const rows = (await db.query(
    `WITH target AS (${target})
     SELECT target.id AS target_id, page.id, page.user_id, page.created_at, page.cursor_at
       FROM target
       LEFT JOIN LATERAL (
         SELECT r.id, r.user_id, r.created_at, ${cursorTimeSql('r.created_at')} AS cursor_at
           FROM reaction r
          WHERE r.${key.kind}_id = target.id ${after}
          ORDER BY r.created_at DESC, r.id DESC
          LIMIT ${params.add(limit)}) page ON TRUE
      ORDER BY page.created_at DESC, page.id DESC`,
    params.values,
  )) as Array<{ target_id: string } & (ReactorRow | Record<keyof ReactorRow, null>)>;
  if (!rows.length) return undefined;
  return rows.filter((row): row is { target_id: string } & ReactorRow => row.id !== null);
}
