import { type Viewer, viewerId, visibleSql } from '../../platform/access/viewer';
import { SqlParams } from '../../platform/database/sql-params';
import { queryPrepared } from '../../platform/database/sql';
import type { SqlRunner } from '../../platform/database/sql-runner';
import { type Cursor, cursorTimeSql } from '../../platform/paging/paging';
import { outboxInsertSql } from '../../platform/queues/outbox.service';
import type { CommentView } from './content-item';
import type { PostPrivacy } from './entities/post.entity';
import type { PostKey } from './posts.queries';

/** Comments and replies, and the comment_count of their post. */

export interface CommentRow extends Omit<CommentView, 'created_at' | 'edited_at'> {
  created_at: Date;
  edited_at: Date | null;
  cursor_at: string;
}

/** What commenting did: nothing when there is no such post the viewer may see. */
export interface CommentWritten {
  /** The parent's level, when a parent was named and is a comment of this post. */
  parent_level: number | null;
  /** The new comment, when it was written. */
  comment: CommentRow | null;
}

/**
 * Comments in one statement: locks the post (as a comment delete does, so a thread being deleted
 * cannot gain a reply), finds the parent's level, writes the comment when the parent is there and
 * not too deep, moves the post's comment_count and queues `comment-created` (outbox) — all or
 * nothing, the post's row locked only while this one statement runs. Undefined when there is no
 * such post the viewer may see.
 */
export async function insertComment(
  db: SqlRunner,
  viewer: Viewer,
  comment: {
    post: PostKey;
    userId: string;
    parentId: string | null;
    content: string;
    maxLevel: number;
  },
): Promise<CommentWritten | undefined> {
  const params = new SqlParams();
  const match =
    'randomId' in comment.post
      ? `p.random_id = ${params.add(comment.post.randomId)}`
      : `p.id = ${params.add(comment.post.postId)}`;
  const me = params.add(comment.userId);
  const parentId = params.add(comment.parentId);
  const queued = outboxInsertSql('notifications', 'comment-created', {
    from: 'created',
    payload: {
      commentId: 'created.id',
      actorId: 'created.user_id',
      postId: 'created.post_id',
      parentId: 'created.parent_id',
    },
    jobId: `'comment-created.' || created.id`,
  });
  const [row] = (await queryPrepared(
    db,
    `WITH target AS (
       SELECT p.id FROM post p WHERE ${match} AND ${visibleSql('p', viewer, params)}
       FOR NO KEY UPDATE),
     parent AS (
       SELECT c.level FROM comment c JOIN target ON c.post_id = target.id
        WHERE c.id = ${parentId}::uuid),
     created AS (
       INSERT INTO comment (post_id, user_id, parent_id, level, content)
       SELECT target.id, ${me}, ${parentId}::uuid, COALESCE(parent.level + 1, 0), ${params.add(comment.content)}
         FROM target LEFT JOIN parent ON TRUE
        WHERE (${parentId}::uuid IS NULL OR parent.level IS NOT NULL)
          AND COALESCE(parent.level + 1, 0) <= ${params.add(comment.maxLevel)}
       RETURNING id, post_id, parent_id, level, content, user_id, reaction_count, created_at,
                 edited_at, NULL::uuid AS my_reaction_id, ${cursorTimeSql('created_at')} AS cursor_at),
     counted AS (
       UPDATE post SET comment_count = comment_count + 1 FROM created WHERE post.id = created.post_id),
     queued AS (${queued})
     SELECT (SELECT level FROM parent) AS parent_level, created.*
       FROM target LEFT JOIN created ON TRUE`,
    params.values,
  )) as Array<{ parent_level: number | null } & (CommentRow | Record<keyof CommentRow, null>)>;
  if (!row) return undefined;
  const { parent_level, ...created } = row;
  return { parent_level, comment: created.id === null ? null : (created as CommentRow) };
}

/** Moves a post's comment_count by `delta` (the post's row is locked by the caller). */
export async function addToCommentCount(
  db: SqlRunner,
  postId: string,
  delta: number,
): Promise<void> {
  await db.query('UPDATE post SET comment_count = comment_count + $2 WHERE id = $1', [
    postId,
    delta,
  ]);
}

/** Up to `limit` comments of a post after `cursor`, oldest first, with the viewer's reactions. */
export async function commentPage(
  db: SqlRunner,
  viewer: Viewer,
  postId: string,
  cursor: Cursor | null,
  limit: number,
): Promise<CommentRow[]> {
  const params = new SqlParams();
  const where = [`c.post_id = ${params.add(postId)}`];
  if (cursor)
    where.push(
      `(c.created_at, c.id) > (${params.add(cursor.at)}::timestamptz, ${params.add(cursor.id)}::uuid)`,
    );
  const me = viewerId(viewer);
  const myReaction = me
    ? `(SELECT r.id FROM reaction r WHERE r.comment_id = c.id AND r.user_id = ${params.add(me)})`
    : 'NULL::uuid';
  return (await db.query(
    `SELECT c.id, c.post_id, c.parent_id, c.level, c.content, c.user_id, c.reaction_count,
            c.created_at, c.edited_at, ${cursorTimeSql('c.created_at')} AS cursor_at, ${myReaction} AS my_reaction_id
       FROM comment c
      WHERE ${where.join(' AND ')}
      ORDER BY c.created_at, c.id
      LIMIT ${params.add(limit)}`,
    params.values,
  )) as CommentRow[];
}

/**
 * Sets the content of the author's comment; edited_at moves only when the content changes. When
 * it changes and `mentions` (the new content mentions someone), `comment-mentions` is queued in
 * the same statement (outbox): those it newly mentions hear of it. Undefined when there is no
 * such comment of theirs.
 */
export async function updateCommentContent(
  db: SqlRunner,
  comment: { id: string; userId: string; content: string; mentions: boolean },
): Promise<CommentRow | undefined> {
  const queued = outboxInsertSql('notifications', 'comment-mentions', {
    from: 'updated',
    payload: { commentId: 'updated.id', actorId: 'updated.user_id' },
    jobId: 'NULL',
    where: 'updated.changed AND $4::boolean',
  });
  const [row] = (await db.query(
    `WITH before AS (
       SELECT id, content FROM comment WHERE id = $1 AND user_id = $2 FOR UPDATE),
     updated AS (
       UPDATE comment c
          SET content = $3,
              edited_at = CASE WHEN before.content IS DISTINCT FROM $3 THEN now() ELSE c.edited_at END
         FROM before
        WHERE c.id = before.id
       RETURNING c.id, c.post_id, c.parent_id, c.level, c.content, c.user_id, c.reaction_count,
                 c.created_at, c.edited_at, ${cursorTimeSql('c.created_at')} AS cursor_at,
                 (SELECT r.id FROM reaction r WHERE r.comment_id = c.id AND r.user_id = $2) AS my_reaction_id,
                 before.content IS DISTINCT FROM c.content AS changed),
     queued AS (${queued})
     SELECT id, post_id, parent_id, level, content, user_id, reaction_count, created_at,
            edited_at, cursor_at, my_reaction_id
       FROM updated`,
    [comment.id, comment.userId, comment.content, comment.mentions],
  )) as CommentRow[];
  return row;
}

export async function postOfComment(db: SqlRunner, commentId: string): Promise<string | undefined> {
  const [found] = (await db.query('SELECT post_id FROM comment WHERE id = $1', [
    commentId,
  ])) as Array<{ post_id: string }>;
  return found?.post_id;
}

/** A comment and every reply under it, the comment first, then by depth. */
export async function commentSubtree(
  db: SqlRunner,
  commentId: string,
): Promise<Array<{ id: string; user_id: string }>> {
  return (await db.query(
    `WITH RECURSIVE subtree AS (
       SELECT id, user_id, 0 AS depth FROM comment WHERE id = $1
       UNION ALL
       SELECT c.id, c.user_id, s.depth + 1 FROM comment c JOIN subtree s ON c.parent_id = s.id
     )
     SELECT id, user_id FROM subtree ORDER BY depth, id`,
    [commentId],
  )) as Array<{ id: string; user_id: string }>;
}

/** Deletes a comment; its replies go with it (ON DELETE CASCADE down the parent chain). */
export async function deleteComment(db: SqlRunner, commentId: string): Promise<void> {
  await db.query('DELETE FROM comment WHERE id = $1', [commentId]);
}

/** The post's id if the viewer may see it. */
export async function visiblePostId(
  db: SqlRunner,
  viewer: Viewer,
  key: PostKey,
): Promise<string | undefined> {
  const params = new SqlParams();
  const match =
    'randomId' in key
      ? `p.random_id = ${params.add(key.randomId)}`
      : `p.id = ${params.add(key.postId)}`;
  const [post] = (await db.query(
    `SELECT p.id FROM post p WHERE ${match} AND ${visibleSql('p', viewer, params)}`,
    params.values,
  )) as Array<{ id: string }>;
  return post?.id;
}

/** A comment with the author of what it answers (the parent comment, else the post) and its post. */
export interface CommentContext {
  /** The comment's own author. */
  user_id: string;
  target_author_id: string;
  post_id: string;
  /** The post's author. */
  author_id: string;
  privacy: PostPrivacy;
}

export async function commentContext(
  db: SqlRunner,
  commentId: string,
): Promise<CommentContext | undefined> {
  const [row] = (await db.query(
    `SELECT c.user_id, COALESCE(parent.user_id, p.user_id) AS target_author_id, p.id AS post_id,
            p.user_id AS author_id, p.privacy
       FROM comment c
       LEFT JOIN comment parent ON parent.id = c.parent_id
       JOIN post p ON p.id = c.post_id
      WHERE c.id = $1`,
    [commentId],
  )) as CommentContext[];
  return row;
}

/** A comment's text with who wrote it, whom its notice goes to, and its post's privacy. */
export async function commentText(
  db: SqlRunner,
  commentId: string,
): Promise<(CommentContext & { content: string }) | undefined> {
  const [row] = (await db.query(
    `SELECT c.user_id, COALESCE(parent.user_id, p.user_id) AS target_author_id, p.id AS post_id,
            p.user_id AS author_id, p.privacy, c.content
       FROM comment c
       LEFT JOIN comment parent ON parent.id = c.parent_id
       JOIN post p ON p.id = c.post_id
      WHERE c.id = $1`,
    [commentId],
  )) as Array<CommentContext & { content: string }>;
  return row;
}
