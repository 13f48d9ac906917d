import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { WithResponders } from '../../platform/http/envelope';
import { MembersService } from '../identity/members.service';
import type { UserSummary } from '../identity/profile';
import { TagsService } from '../tags/tags.service';
import type { ContentItem, PhotoView, PlantDetailsLoader, PlantView, TagRef } from './content-item';
import { ContentErrors } from './content.errors';
import { type Cursor, encodeCursor, isUuid, type Page } from './paging';
import {
  postCountSql,
  postDetailsSql,
  postPageSql,
  type PostQuery,
  type PostRow,
} from './post-queries';
import { RANDOM_ID_PATTERN } from './random-id';
import type { Viewer } from './visibility';

export type ContentPage = WithResponders<Page<ContentItem>, UserSummary>;

/**
 * Reads posts as content items: a fixed number of queries per page whatever its size (the page,
 * photos and tags, plants, responders), raw rows mapped by hand, privacy applied in SQL.
 */
@Injectable()
export class ContentItemsService {
  private plantLoader: PlantDetailsLoader | null = null;

  constructor(
    private readonly dataSource: DataSource,
    private readonly members: MembersService,
    private readonly tags: TagsService,
  ) {}

  /** The plants module supplies plant details for plant/image posts (it owns the `plant` table). */
  registerPlantLoader(loader: PlantDetailsLoader): void {
    this.plantLoader = loader;
  }

  /** A page newest-bumped first, with `responders` for every author on it. */
  async page(viewer: Viewer, query: PostQuery, cursor: Cursor | null, take: number) {
    const { items, next_cursor } = await this.pageItems(viewer, query, cursor, take);
    return new WithResponders({ items, next_cursor }, await this.respondersOf(items));
  }

  async pageItems(
    viewer: Viewer,
    query: PostQuery,
    cursor: Cursor | null,
    take: number,
  ): Promise<Page<ContentItem>> {
    const sql = postPageSql(viewer, query, cursor, take + 1);
    const rows: PostRow[] = await this.dataSource.query(sql.text, sql.values);
    const more = rows.length > take;
    const pageRows = more ? rows.slice(0, take) : rows;
    const last = pageRows[pageRows.length - 1];
    return {
      items: await this.hydrate(pageRows),
      next_cursor:
        more && last ? encodeCursor('bumped_at', { at: last.cursor_at, id: last.id }) : null,
    };
  }

  /** Rows in a custom order (no cursor), e.g. nearest first. */
  async listItems(viewer: Viewer, query: PostQuery, limit: number): Promise<ContentItem[]> {
    const sql = postPageSql(viewer, query, null, limit);
    return this.hydrate(await this.dataSource.query(sql.text, sql.values));
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
    const item = await this.one(viewer, key);
    return new WithResponders(item, await this.respondersOf([item]));
  }

  async count(
    viewer: Viewer,
    query: PostQuery,
    counts: Record<string, string> = {},
    manager: EntityManager = this.dataSource.manager,
  ): Promise<Record<string, number>> {
    const sql = postCountSql(viewer, query, counts);
    const [row] = await manager.query(sql.text, sql.values);
    return row as Record<string, number>;
  }

  respondersOf(items: Array<{ user_id: string }>): Promise<UserSummary[]> {
    return this.members.summariesByIds(items.map((item) => item.user_id));
  }

  private async hydrate(rows: PostRow[]): Promise<ContentItem[]> {
    if (!rows.length) return [];
    const ids = rows.map((row) => row.id);
    const details: Array<{ post_id: string; photos: PhotoView[]; tag_ids: number[] }> =
      await this.dataSource.query(postDetailsSql(ids).text, [ids]);
    const tagNames = await this.tags.tagsByIds(details.flatMap((row) => row.tag_ids));
    const byPost = new Map(
      details.map((row) => [
        row.post_id,
        {
          photos: row.photos,
          tags: row.tag_ids
            .map((id) => tagNames.get(id))
            .filter((tag): tag is TagRef => Boolean(tag))
            .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)),
        },
      ]),
    );
    const plantPosts = rows.filter((row) => row.type === 'plant/image').map((row) => row.id);
    const plants: Map<string, PlantView> =
      plantPosts.length && this.plantLoader ? await this.plantLoader(plantPosts) : new Map();
    return rows.map((row) => ({
      id: row.id,
      random_id: row.random_id,
      type: row.type,
      user_id: row.user_id,
      page_id: row.page_id,
      text: row.text,
      privacy: row.privacy,
      tags: byPost.get(row.id)?.tags ?? [],
      photos: byPost.get(row.id)?.photos ?? [],
      plant: plants.get(row.id) ?? null,
      reaction_count: row.reaction_count,
      comment_count: row.comment_count,
      my_reaction_id: row.my_reaction_id,
      created_at: row.created_at.toISOString(),
      updated_at: row.updated_at.toISOString(),
      bumped_at: row.bumped_at.toISOString(),
    }));
  }
}

/** A post named by its random id (`/post/{randomId}`) or its uuid; null when it is neither. */
export function postKeyQuery(key: string): PostQuery | null {
  if (RANDOM_ID_PATTERN.test(key)) return { randomId: key };
  if (isUuid(key)) return { postId: key.toLowerCase() };
  return null;
}
