import type { PostType } from './entities/post.entity';
import { type Cursor, cursorTimeSql } from './paging';
import { SqlParams } from './sql-params';
import { type Viewer, visibleSql } from './visibility';

/**
 * The hot read paths as plain SQL (no entity hydration): a feed page is one keyset query down
 * (bumped_at, id), then one query for the photos and tags of those posts, then one each for the
 * plants and the responders. The builders are pure so the benchmark runs the very same SQL.
 */
export interface PostQuery {
  userId?: string;
  type?: PostType;
  tagId?: number;
  postId?: string;
  randomId?: string;
  /** Another module's part of the query (plants: its own table), with its own parameters. */
  extend?: (params: SqlParams) => PostQueryExtension;
}

export interface PostQueryExtension {
  join?: string;
  where?: string[];
  /** Replaces the keyset order (then no cursor may be given), e.g. nearest first. */
  orderBy?: string;
}

/** A post row as the page query returns it. */
export interface PostRow {
  id: string;
  random_id: string;
  type: PostType;
  user_id: string;
  page_id: string | null;
  text: string;
  privacy: 'public' | 'members' | 'private';
  reaction_count: number;
  comment_count: number;
  created_at: Date;
  updated_at: Date;
  bumped_at: Date;
  cursor_at: string;
  my_reaction_id: string | null;
}

export interface Sql {
  text: string;
  values: unknown[];
}

function conditions(viewer: Viewer, query: PostQuery, params: SqlParams, extra: string[]) {
  const where = [visibleSql('p', viewer, params)];
  if (query.postId !== undefined) where.push(`p.id = ${params.add(query.postId)}`);
  if (query.randomId !== undefined) where.push(`p.random_id = ${params.add(query.randomId)}`);
  if (query.userId !== undefined) where.push(`p.user_id = ${params.add(query.userId)}`);
  // Inlined literals, so the partial index of plant listings applies.
  if (query.type === 'plant/image') where.push(`p.type = 'plant/image'`);
  if (query.type === 'text/image') where.push(`p.type = 'text/image'`);
  if (query.tagId !== undefined)
    where.push(
      `EXISTS (SELECT 1 FROM post_tag pt WHERE pt.post_id = p.id AND pt.tag_id = ${params.add(query.tagId)})`,
    );
  return [...where, ...extra];
}

/** One page of posts, newest bumped first: `limit` rows after `cursor` (exclusive). */
export function postPageSql(
  viewer: Viewer,
  query: PostQuery,
  cursor: Cursor | null,
  limit: number,
): Sql {
  const params = new SqlParams();
  const extension = query.extend?.(params) ?? {};
  const where = conditions(viewer, query, params, extension.where ?? []);
  if (cursor) {
    if (extension.orderBy) throw new Error('A custom order cannot be paged by cursor');
    where.push(
      `(p.bumped_at, p.id) < (${params.add(cursor.at)}::timestamptz, ${params.add(cursor.id)}::uuid)`,
    );
  }
  const myReaction =
    viewer.kind === 'member'
      ? `(SELECT r.id FROM reaction r WHERE r.post_id = p.id AND r.user_id = ${params.add(viewer.userId)})`
      : 'NULL::uuid';
  const text = `SELECT p.id, p.random_id, p.type, p.user_id, p.page_id, p.text, p.privacy,
       p.reaction_count, p.comment_count, p.created_at, p.updated_at, p.bumped_at,
       ${cursorTimeSql('p.bumped_at')} AS cursor_at, ${myReaction} AS my_reaction_id
  FROM post p ${extension.join ?? ''}
 WHERE ${where.join('\n   AND ')}
 ORDER BY ${extension.orderBy ?? 'p.bumped_at DESC, p.id DESC'}
 LIMIT ${params.add(limit)}`;
  return { text, values: params.values };
}

/** How many posts match, as the viewer may see them; `counts` adds named filtered counts. */
export function postCountSql(
  viewer: Viewer,
  query: PostQuery,
  counts: Record<string, string> = {},
): Sql {
  const params = new SqlParams();
  const extension = query.extend?.(params) ?? {};
  const where = conditions(viewer, query, params, extension.where ?? []);
  const named = Object.entries(counts).map(
    ([name, condition]) => `count(*) FILTER (WHERE ${condition})::int AS "${name}"`,
  );
  const text = `SELECT ${['count(*)::int AS total', ...named].join(', ')}
  FROM post p ${extension.join ?? ''}
 WHERE ${where.join('\n   AND ')}`;
  return { text, values: params.values };
}

/** The photos (in order) and tag ids of the given posts, as JSON, in one query. */
export function postDetailsSql(postIds: string[]): Sql {
  return {
    text: `SELECT ids.id AS post_id,
       COALESCE((SELECT json_agg(json_build_object(
                   'id', ph.id, 'image_ref', ph.image_ref, 'variants', ph.variants,
                   'blurhash', ph.blurhash, 'width', ph.width, 'height', ph.height,
                   'alt_text', ph.alt_text, 'description', ph.description) ORDER BY ph.position)
                   FROM post_photo ph WHERE ph.post_id = ids.id), '[]'::json) AS photos,
       ARRAY(SELECT pt.tag_id FROM post_tag pt WHERE pt.post_id = ids.id) AS tag_ids
  FROM unnest($1::uuid[]) AS ids(id)`,
    values: [postIds],
  };
}
