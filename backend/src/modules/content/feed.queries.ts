import { SqlParams } from '../../platform/database/sql-params';
import { type Viewer, visibleSql } from '../../platform/access/viewer';
import { type Cursor, cursorTimeSql } from '../../platform/paging/paging';
import { nearbyRadiusKm, nearestOrderSql } from '../../platform/geo/geo';
import {
  POST_PRIVACIES,
  POST_TYPES,
  type PostPrivacy,
  type PostType,
} from './entities/post.entity';
import type { KindFilter, KindLocation } from './post-kinds';
import { blurhashSql, photoFailedSql } from './uploads.queries';

/**
 * The hot read paths as plain SQL (no entity hydration): a feed page is one keyset query down
 * (bumped_at, id), then, side by side, one query for the photos and tags of those posts, one per
 * post kind for its details, and one for the responders. The builders are pure so the benchmark runs the
 * very same SQL. Other modules describe what they want (a PostQuery, named counts); only these
 * builders turn that into SQL.
 */
export interface PostQuery {
  userId?: string;
  /** Only posts made as this page. */
  pageId?: string;
  type?: PostType;
  tagId?: number;
  postId?: string;
  randomId?: string;
  /** Only posts of `type` for which this named filter of their kind holds (plants: `available`). */
  kindFilter?: string;
  /** Only these authors' posts, in this order of authors (then newest bumped first); no cursor. */
  authorsInOrder?: string[];
  /**
   * Only posts of `type` (a kind with a location) whose point lies within `radiusKm` (at least
   * platform/geo's minimum) of this one, nearest first (then by author, newest bumped first),
   * read in distance order from the kind's GiST index; no cursor. Rows carry `distance_m`.
   */
  near?: { latitude: number; longitude: number; radiusKm: number };
  /** Not this author's posts. */
  exceptUserId?: string;
}

/** A count beside the total: the posts of a type, or those of them a filter of their kind admits. */
export interface PostCount {
  type: PostType;
  kindFilter?: string;
}

/** A PostQuery whose kind filter has been looked up in the registry (post-kinds.ts). */
export type ResolvedPostQuery = Omit<PostQuery, 'kindFilter' | 'near'> & {
  kindFilter?: KindFilter;
  near?: NonNullable<PostQuery['near']> & { location: KindLocation };
};
export type ResolvedPostCount = Omit<PostCount, 'kindFilter'> & { kindFilter?: KindFilter };

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
  edited_at: Date | null;
  cursor_at: string;
  my_reaction_id: string | null;
  /** A `near` query's: metres from its point to the post's (platform/geo: publicDistanceKm). */
  distance_m?: number | string;
}

export interface Sql {
  text: string;
  values: unknown[];
}

/** A post type as an SQL literal: inlined, so the partial index of plant listings applies. */
function typeLiteral(type: PostType): string {
  if (!POST_TYPES.includes(type)) throw new Error(`Unknown post type "${type}"`);
  return `'${type}'`;
}

/**
 * The FROM, WHERE and ORDER BY of a query over posts `p` as the viewer may see them, and the
 * columns of its keyset: the post's (bumped_at, id), or for a tag the same pair as copied onto
 * post_tag, so a tag's feed walks post_tag_feed_idx down from the tag's newest post (its cost
 * does not depend on how long ago the tag was last used) and joins each post by its key.
 */
function shape(viewer: Viewer, query: ResolvedPostQuery, params: SqlParams) {
  const byTag = query.tagId !== undefined;
  const joins = byTag ? ['post_tag pt', 'JOIN post p ON p.id = pt.post_id'] : ['post p'];
  const where = byTag ? [`pt.tag_id = ${params.add(query.tagId)}`] : [];
  where.push(visibleSql('p', viewer, params));
  const keyset = byTag
    ? { at: 'pt.bumped_at', id: 'pt.post_id' }
    : { at: 'p.bumped_at', id: 'p.id' };
  let orderBy: string | undefined;
  if (query.postId !== undefined) where.push(`p.id = ${params.add(query.postId)}`);
  if (query.randomId !== undefined) where.push(`p.random_id = ${params.add(query.randomId)}`);
  if (query.userId !== undefined) where.push(`p.user_id = ${params.add(query.userId)}`);
  if (query.pageId !== undefined) where.push(`p.page_id = ${params.add(query.pageId)}`);
  if (query.type !== undefined) where.push(`p.type = ${typeLiteral(query.type)}`);
  const kindTable = query.kindFilter?.table ?? query.near?.location.table;
  if (query.kindFilter && query.near && query.near.location.table !== query.kindFilter.table)
    throw new Error('A kind filter and a location must be of the same kind');
  if (kindTable) joins.push(`JOIN ${kindTable} kind_row ON kind_row.post_id = p.id`);
  if (query.kindFilter) where.push(`kind_row.${query.kindFilter.column}`);
  if (query.exceptUserId !== undefined)
    where.push(`p.user_id <> ${params.add(query.exceptUserId)}`);
  let near: { distance: string; order: string; radiusM: string } | undefined;
  if (query.near) {
    const { location } = query.near;
    const [latitude, longitude] = [
      `kind_row.${location.latitude}`,
      `kind_row.${location.longitude}`,
    ];
    where.push(`${latitude} IS NOT NULL AND ${longitude} IS NOT NULL`);
    near = {
      ...nearestOrderSql(latitude, longitude, {
        latitude: `${params.add(query.near.latitude)}::float8`,
        longitude: `${params.add(query.near.longitude)}::float8`,
      }),
      radiusM: params.add(nearbyRadiusKm(query.near.radiusKm) * 1000),
    };
    if (query.authorsInOrder) throw new Error('A nearby query has its own order');
  }
  if (query.authorsInOrder) {
    joins.push(
      `JOIN unnest(${params.add(query.authorsInOrder)}::uuid[]) WITH ORDINALITY AS author(user_id, rank)
         ON author.user_id = p.user_id`,
    );
    orderBy = `author.rank, ${keyset.at} DESC, ${keyset.id} DESC`;
  }
  return {
    from: joins.join('\n  '),
    where,
    keyset,
    orderBy: orderBy ?? `${keyset.at} DESC, ${keyset.id} DESC`,
    customOrder: orderBy !== undefined || near !== undefined,
    near,
  };
}

/** One page of posts, newest bumped first: `limit` rows after `cursor` (exclusive). */
export function postPageSql(
  viewer: Viewer,
  query: ResolvedPostQuery,
  cursor: Cursor | null,
  limit: number,
): Sql {
  const params = new SqlParams();
  const { from, where, keyset, orderBy, customOrder, near } = shape(viewer, query, params);
  if (cursor) {
    if (customOrder) throw new Error('A custom order cannot be paged by cursor');
    where.push(
      `(${keyset.at}, ${keyset.id}) < (${params.add(cursor.at)}::timestamptz, ${params.add(cursor.id)}::uuid)`,
    );
  }
  const myReaction =
    viewer.kind === 'member'
      ? `(SELECT r.id FROM reaction r WHERE r.post_id = p.id AND r.user_id = ${params.add(viewer.userId)})`
      : 'NULL::uuid';
  const columns = `p.id, p.random_id, p.type, p.user_id, p.page_id, p.text, p.privacy,
       p.reaction_count, p.comment_count, p.created_at, p.updated_at, p.bumped_at,
       p.edited_at, ${cursorTimeSql('p.bumped_at')} AS cursor_at, ${myReaction} AS my_reaction_id`;
  if (near) {
    // platform/geo's nearest read: the kind's GiST index in distance order, stopping after `limit`
    // visible rows, the radius applied to those (see nearestOrderSql), then ties (one grid cell)
    // by author and newest bumped, as nearest members' listings came before.
    const text = `SELECT nearest.*
  FROM (SELECT ${columns}, ${near.distance} AS distance_m
          FROM ${from}
         WHERE ${where.join('\n           AND ')}
         ORDER BY ${near.order}
         LIMIT ${params.add(limit)}) AS nearest
 WHERE nearest.distance_m <= ${near.radiusM}
 ORDER BY nearest.distance_m, nearest.user_id, nearest.bumped_at DESC, nearest.id DESC`;
    return { text, values: params.values };
  }
  const text = `SELECT ${columns}
  FROM ${from}
 WHERE ${where.join('\n   AND ')}
 ORDER BY ${orderBy}
 LIMIT ${params.add(limit)}`;
  return { text, values: params.values };
}

/** How many posts match, as the viewer may see them, with the named counts beside the total. */
export function postCountSql(
  viewer: Viewer,
  query: ResolvedPostQuery,
  counts: Record<string, ResolvedPostCount> = {},
): Sql {
  const params = new SqlParams();
  const { from, where } = shape(viewer, query, params);
  // One LEFT JOIN per kind table a count filters on; a post of another kind finds no row there.
  const tables = [
    ...new Set(Object.values(counts).flatMap((count) => count.kindFilter?.table ?? [])),
  ];
  const joins = tables.map(
    (table) => `LEFT JOIN ${table} count_${table} ON count_${table}.post_id = p.id`,
  );
  const named = Object.entries(counts).map(([name, count]) => {
    const conditions = [`p.type = ${typeLiteral(count.type)}`];
    if (count.kindFilter)
      conditions.push(`count_${count.kindFilter.table}.${count.kindFilter.column}`);
    return `count(*) FILTER (WHERE ${conditions.join(' AND ')})::int AS "${name}"`;
  });
  const text = `SELECT ${['count(*)::int AS total', ...named].join(', ')}
  FROM ${[from, ...joins].join('\n  ')}
 WHERE ${where.join('\n   AND ')}`;
  return { text, values: params.values };
}

/**
 * The site's counts as the viewer may see them: every post (`total`) and, by name, the posts of a
 * type. Read from the tallies (post_tally: a few rows whatever the number of posts) for the
 * privacies the viewer sees of anyone's, plus, for a member, their own posts of the other
 * privacies (a walk of their own posts only). Exact, as the triggers keep the tallies exact.
 */
export function siteCountsSql(viewer: Viewer, types: Record<string, PostType> = {}): Sql {
  const params = new SqlParams();
  const anyones: PostPrivacy[] =
    viewer.kind === 'guest'
      ? ['public']
      : viewer.admin
        ? [...POST_PRIVACIES]
        : viewer.verified
          ? ['public', 'members']
          : ['public'];
  const sources = [
    `SELECT type, posts FROM post_tally WHERE privacy = ANY(${params.add(anyones)}::text[])`,
  ];
  const owns = POST_PRIVACIES.filter((privacy) => !anyones.includes(privacy));
  if (viewer.kind === 'member' && owns.length)
    sources.push(
      `SELECT type, 1 FROM post
        WHERE user_id = ${params.add(viewer.userId)} AND privacy = ANY(${params.add(owns)}::text[])`,
    );
  const named = Object.entries(types).map(
    ([name, type]) =>
      `COALESCE(sum(counted.posts) FILTER (WHERE counted.type = ${typeLiteral(type)}), 0)::int AS "${name}"`,
  );
  const text = `SELECT ${['COALESCE(sum(counted.posts), 0)::int AS total', ...named].join(', ')}
  FROM (${sources.join('\n        UNION ALL\n        ')}) AS counted(type, posts)`;
  return { text, values: params.values };
}

/** Whether the viewer may see any post that matches (stops at the first). */
export function postExistsSql(viewer: Viewer, query: ResolvedPostQuery): Sql {
  const params = new SqlParams();
  const { from, where } = shape(viewer, query, params);
  const text = `SELECT EXISTS (SELECT 1 FROM ${from}
 WHERE ${where.join('\n   AND ')}) AS found`;
  return { text, values: params.values };
}
/** The photos (in order) and tag ids of the given posts, as JSON, in one query. */
export function postDetailsSql(postIds: string[]): Sql {
  return {
    text: `SELECT ids.id AS post_id,
       COALESCE((SELECT json_agg(json_build_object(
                   'id', ph.id, 'image_ref', ph.image_ref, 'variants', ph.variants,
                   'blurhash', ${blurhashSql('ph.blurhash')}, 'failed', ${photoFailedSql('ph')},
                        'width', ph.width, 'height', ph.height,
                   'alt_text', ph.alt_text, 'description', ph.description) ORDER BY ph.position)
                   FROM post_photo ph WHERE ph.post_id = ids.id), '[]'::json) AS photos,
       ARRAY(SELECT pt.tag_id FROM post_tag pt WHERE pt.post_id = ids.id) AS tag_ids
  FROM unnest($1::uuid[]) AS ids(id)`,
    values: [postIds],
  };
}
