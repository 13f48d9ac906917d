import { Injectable } from '@nestjs/common';
import { Sql } from '../../platform/database/sql';
import type { SqlRunner } from '../../platform/database/sql-runner';
import { WithResponders } from '../../platform/http/envelope';
import type { Viewer } from '../../platform/access/viewer';
import { publicDistanceKm } from '../../platform/geo/geo';
import { RANDOM_ID_PATTERN } from '../../platform/ids/random-id';
import { isUuid } from '../../platform/ids/uuid';
import { type Cursor, encodeCursor, type Page } from '../../platform/paging/paging';
import { MembersService, type UserSummary } from '../identity';
import { TagsService } from '../tags';
import type { ContentItem, KindDetails, LinkPreviewView, PhotoView, TagRef } from './content-item';
import { ContentErrors } from './content.errors';
import { DETAILS_SLOTS, type DetailsSlot, PostKinds } from './post-kinds';
import { LinkPreviewsService } from './link-previews.service';
import { firstUrlOf } from './living-text';
import { type PostPageRef, PostPages } from './post-pages';
import {
  type PostCount,
  postCountSql,
  postExistsSql,
  postDetailsSql,
  postPageSql,
  type PostQuery,
  siteCountsSql,
  type PostRow,
  type ResolvedPostCount,
  type ResolvedPostQuery,
} from './feed.queries';
import type { PostType } from './entities/post.entity';
import type { PostKey } from './posts.queries';

export type ContentPage = WithResponders<Page<ContentItem>, UserSummary>;

/**
 * Reads posts as content items: a fixed number of queries per page whatever its size (the page;
 * then at once photos and tags, one per post kind on the page, and responders; then tag names),
 * raw rows mapped by hand, privacy applied in SQL.
 */
@Injectable()
export class ContentItemsService {
  constructor(
    private readonly sql: Sql,
    private readonly members: MembersService,
    private readonly tags: TagsService,
    private readonly kinds: PostKinds,
    private readonly previews: LinkPreviewsService,
    private readonly pages: PostPages,
  ) {}

  /**
   * A page newest-bumped first, with `responders` for every author on it (looked up beside the
   * page's details, not after them).
   */
  async page(viewer: Viewer, query: PostQuery, cursor: Cursor | null, take: number) {
    const { rows, next_cursor } = await this.pageRows(viewer, query, cursor, take);
    const [items, responders] = await Promise.all([
      this.hydrate(rows, viewer),
      this.respondersOf(rows),
    ]);
    return new WithResponders({ items, next_cursor }, responders);
  }

  async pageItems(
    viewer: Viewer,
    query: PostQuery,
    cursor: Cursor | null,
    take: number,
  ): Promise<Page<ContentItem>> {
    const { rows, next_cursor } = await this.pageRows(viewer, query, cursor, take);
    return { items: await this.hydrate(rows, viewer), next_cursor };
  }

  private async pageRows(
    viewer: Viewer,
    query: PostQuery,
    cursor: Cursor | null,
    take: number,
  ): Promise<{ rows: PostRow[]; next_cursor: string | null }> {
    const sql = postPageSql(viewer, this.resolve(query), cursor, take + 1);
    const rows = await this.sql.query<PostRow[]>(sql.text, sql.values);
    const more = rows.length > take;
    const pageRows = more ? rows.slice(0, take) : rows;
    const last = pageRows[pageRows.length - 1];
    return {
      rows: pageRows,
      next_cursor:
        more && last ? encodeCursor('bumped_at', { at: last.cursor_at, id: last.id }) : null,
    };
  }

  /** Rows in a custom order (no cursor), e.g. nearest first. */
  async listItems(viewer: Viewer, query: PostQuery, limit: number): Promise<ContentItem[]> {
    const sql = postPageSql(viewer, this.resolve(query), null, limit);
    return this.hydrate(await this.sql.query<PostRow[]>(sql.text, sql.values), viewer);
  }

  /**
   * A `near` query's posts, nearest first, each with its distance as platform/geo shows it (whole
   * km to the kind's point).
   */
  async nearestItems(
    viewer: Viewer,
    query: PostQuery & { near: NonNullable<PostQuery['near']> },
    limit: number,
  ): Promise<Array<ContentItem & { distance_km: number }>> {
    const sql = postPageSql(viewer, this.resolve(query), null, limit);
    const rows = await this.sql.query<PostRow[]>(sql.text, sql.values);
    const items = await this.hydrate(rows, viewer);
    return items.map((item, index) => ({
      ...item,
      distance_km: publicDistanceKm(Number(rows[index].distance_m)),
    }));
  }

  /** One post by its random id or uuid, if the viewer may see it; else POST_NOT_FOUND. */
  async one(viewer: Viewer, key: string): Promise<ContentItem> {
    const query = postKeyQuery(key);
    if (!query) throw ContentErrors.POST_NOT_FOUND();
    const [item] = (await this.pageItems(viewer, query, null, 1)).items;
    if (!item) throw ContentErrors.POST_NOT_FOUND();
    return item;
  }

  async oneWithResponders(viewer: Viewer, key: string) {
    const query = postKeyQuery(key);
    if (!query) throw ContentErrors.POST_NOT_FOUND();
    const listed = await this.page(viewer, query, null, 1);
    const [item] = listed.data.items;
    if (!item) throw ContentErrors.POST_NOT_FOUND();
    return new WithResponders(item, listed.responders);
  }

  /**
   * The site's counts as the viewer may see them: `total`, and the posts of each named type. From
   * the tallies, never a count over all posts (see siteCountsSql).
   */
  async siteCounts(
    viewer: Viewer,
    types: Record<string, PostType> = {},
  ): Promise<Record<string, number>> {
    const sql = siteCountsSql(viewer, types);
    const [row] = await this.sql.query<Array<Record<string, number>>>(sql.text, sql.values);
    return row;
  }

  async count(
    viewer: Viewer,
    query: PostQuery,
    counts: Record<string, PostCount> = {},
    manager: SqlRunner = this.sql,
  ): Promise<Record<string, number>> {
    const resolved: Record<string, ResolvedPostCount> = Object.fromEntries(
      Object.entries(counts).map(([name, count]) => [
        name,
        {
          type: count.type,
          kindFilter: count.kindFilter
            ? this.kinds.filter(count.type, count.kindFilter)
            : undefined,
        },
      ]),
    );
    const sql = postCountSql(viewer, this.resolve(query), resolved);
    const [row] = (await manager.query(sql.text, sql.values)) as Array<Record<string, number>>;
    return row;
  }

  /** Whether the viewer may see any post that matches. */
  async exists(viewer: Viewer, query: PostQuery): Promise<boolean> {
    const sql = postExistsSql(viewer, this.resolve(query));
    const [row] = await this.sql.query<Array<{ found: boolean }>>(sql.text, sql.values);
    return row.found;
  }

  respondersOf(items: Array<{ user_id: string }>): Promise<UserSummary[]> {
    return this.members.summariesByIds(items.map((item) => item.user_id));
  }

  /** Looks a query's kind filter up in the registry (a filter needs the kind's type). */
  private resolve(query: PostQuery): ResolvedPostQuery {
    if (!query.kindFilter && !query.near)
      return { ...query, kindFilter: undefined, near: undefined };
    if (!query.type) throw new Error('A kind filter or location needs the post type');
    return {
      ...query,
      kindFilter: query.kindFilter ? this.kinds.filter(query.type, query.kindFilter) : undefined,
      near: query.near ? { ...query.near, location: this.kinds.location(query.type) } : undefined,
    };
  }

  /** Each registered kind's details of the rows of its type, by slot, then by post id. */
  private async kindDetails(
    rows: PostRow[],
    viewer: Viewer,
  ): Promise<Map<DetailsSlot, Map<string, KindDetails>>> {
    const loaded = await Promise.all(
      this.kinds.all().map(async (kind) => {
        const ids = rows.filter((row) => row.type === kind.type).map((row) => row.id);
        return [kind.slot, ids.length ? await kind.loadDetails(ids, viewer) : undefined] as const;
      }),
    );
    const bySlot = new Map<DetailsSlot, Map<string, KindDetails>>();
    for (const [slot, details] of loaded) if (details) bySlot.set(slot, details);
    return bySlot;
  }

  /** Photos and tag ids, then the tags' names (the tags module's), of the given posts. */
  private async photosAndTags(ids: string[]) {
    const sql = postDetailsSql(ids);
    const details = await this.sql.query<
      Array<{ post_id: string; photos: PhotoView[]; tag_ids: number[] }>
    >(sql.text, sql.values);
    const tagNames = await this.tags.tagsByIds(details.flatMap((row) => row.tag_ids));
    return { details, tagNames };
  }

  /** The page's rows as content items: photos and tags, and each kind's details, side by side. */
  private async hydrate(rows: PostRow[], viewer: Viewer): Promise<ContentItem[]> {
    if (!rows.length) return [];
    // Tokenising a post's text is the costly part of finding its first link: once per row.
    const firstUrls = rows.map((row) => firstUrlOf(row.text));
    const [{ details, tagNames }, bySlot, pages, linkPreviews] = await Promise.all([
      this.photosAndTags(rows.map((row) => row.id)),
      this.kindDetails(rows, viewer),
      this.pages.refsOf(rows.flatMap((row) => (row.page_id ? [row.page_id] : []))),
      this.previews.viewsOf(firstUrls.flatMap((url) => url ?? [])),
    ]);
    const byPost = new Map(details.map((row) => [row.post_id, row]));
    return rows.map((row, index) =>
      contentItemOf(row, {
        photos: byPost.get(row.id)?.photos ?? [],
        tags: (byPost.get(row.id)?.tag_ids ?? [])
          .map((id) => tagNames.get(id))
          .filter((tag): tag is TagRef => Boolean(tag)),
        details: (slot) => bySlot.get(slot)?.get(row.id) ?? null,
        linkPreview: linkPreviews.get(firstUrls[index] ?? '') ?? null,
        page: row.page_id ? (pages.get(row.page_id) ?? null) : null,
      }),
    );
  }
}

/** A feed row as a content item, with its photos (in order), its tags and its kind's details. */
export function contentItemOf(
  row: PostRow,
  extras: {
    photos: PhotoView[];
    tags: TagRef[];
    details?: (slot: DetailsSlot) => KindDetails | null;
    linkPreview?: LinkPreviewView | null;
    page?: PostPageRef | null;
  },
): ContentItem {
  return {
    id: row.id,
    random_id: row.random_id,
    type: row.type,
    user_id: row.user_id,
    page_id: row.page_id,
    page: extras.page ?? null,
    text: row.text,
    privacy: row.privacy,
    tags: [...extras.tags].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)),
    photos: extras.photos,
    linkPreview: extras.linkPreview ?? null,
    ...(Object.fromEntries(
      DETAILS_SLOTS.map((slot) => [slot, extras.details?.(slot) ?? null]),
    ) as Record<DetailsSlot, KindDetails | null>),
    reaction_count: row.reaction_count,
    comment_count: row.comment_count,
    my_reaction_id: row.my_reaction_id,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    bumped_at: row.bumped_at.toISOString(),
    edited_at: row.edited_at ? row.edited_at.toISOString() : null,
  };
}

/** A post named by its random id (`/post/{randomId}`) or its uuid; null when it is neither. */
export function postKeyQuery(key: string): PostKey | null {
  if (RANDOM_ID_PATTERN.test(key)) return { randomId: key };
  if (isUuid(key)) return { postId: key.toLowerCase() };
  return null;
}
