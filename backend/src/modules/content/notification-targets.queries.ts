import type { SqlRunner } from '../../platform/database/sql-runner';

/** Characters of a comment shown in a notification. */
export const COMMENT_EXCERPT_CHARS = 120;

/** Posts' public ids, for the links of notifications. */
export async function postRandomIds(
  db: SqlRunner,
  ids: string[],
): Promise<Array<{ id: string; random_id: string }>> {
  return (await db.query(`SELECT id, random_id FROM post WHERE id = ANY($1::uuid[])`, [
    ids,
  ])) as Array<{ id: string; random_id: string }>;
}

/** Comments' excerpts (the first characters of their text), and whether each answered a comment. */
export async function commentExcerpts(
  db: SqlRunner,
  ids: string[],
): Promise<Array<{ id: string; excerpt: string; is_reply: boolean }>> {
  return (await db.query(
    `SELECT id, left(content, $2) AS excerpt, parent_id IS NOT NULL AS is_reply
       FROM comment WHERE id = ANY($1::uuid[])`,
    [ids, COMMENT_EXCERPT_CHARS],
  )) as Array<{ id: string; excerpt: string; is_reply: boolean }>;
}
