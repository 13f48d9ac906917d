import { Injectable, type OnModuleInit } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { Member } from '../../platform/access/current-caller.decorator';
import { AppError } from '../../platform/http/app-error';
import { WithResponders } from '../../platform/http/envelope';
import { PlatformErrors } from '../../platform/http/platform.errors';
import {
  AVAILABLE,
  type ContentItem,
  NOT_AVAILABLE,
  type PlantView,
} from '../content/content-item';
import { ContentService } from '../content/content.service';
import type { PostPrivacy } from '../content/entities/post.entity';
import { type Cursor, DEFAULT_PAGE_SIZE, isUuid } from '../content/paging';
import type { PostQuery } from '../content/post-queries';
import { assertCaller } from '../content/posts.service';
import type { SqlParams } from '../content/sql-params';
import { type Viewer, viewerOf } from '../content/visibility';
import { MembersService } from '../identity/members.service';
import { PlantsErrors } from './plants.errors';

export const PLANT_FILTERS = ['plantsAvail', 'plantsAll'] as const;
export type PlantFilter = (typeof PLANT_FILTERS)[number];
export const RECENT_TYPES = ['available', 'all'] as const;
export type RecentType = (typeof RECENT_TYPES)[number];

export const LATEST_PLANTS = 12;
export const NEARBY_RESULTS = 50;
/** How many nearest members are considered for nearby listings. */
const NEARBY_MEMBERS = 5_000;

export interface PlantDetailsInput {
  name: string;
  species?: string | null;
  available: boolean;
  quantity?: number | null;
  swap_terms?: string | null;
}

interface PlantRow {
  id: string;
  post_id: string;
  name: string;
  species: string | null;
  available: boolean;
  quantity: number | null;
  swap_terms: string | null;
  updated_at: Date;
}

/** A listing's post query: plant/image posts, only the available ones when asked. */
function plantQuery(availableOnly: boolean, base: PostQuery = {}): PostQuery {
  return {
    ...base,
    type: 'plant/image',
    extend: availableOnly
      ? () => ({ join: 'JOIN plant pl ON pl.post_id = p.id', where: ['pl.available'] })
      : undefined,
  };
}

/**
 * Plant listings: a plant/image post (content module) plus its `plant` row. Every list and count
 * goes through ContentService, so the viewer's privacy applies in SQL as for any post.
 */
@Injectable()
export class PlantsService implements OnModuleInit {
  constructor(
    private readonly dataSource: DataSource,
    private readonly content: ContentService,
    private readonly members: MembersService,
  ) {}

  onModuleInit() {
    this.content.registerPlantLoader((postIds) => this.plantsOfPosts(postIds));
  }

  async create(
    member: Member,
    input: {
      text: string;
      privacy: PostPrivacy;
      tags: string[];
      photos: Array<{ ref: string; alt_text?: string; description?: string }>;
      plant: PlantDetailsInput;
    },
  ): Promise<ContentItem> {
    const postId = await this.dataSource.transaction(async (manager) => {
      const id = await this.content.createPost(manager, member.userId, {
        type: 'plant/image',
        text: input.text,
        privacy: input.privacy,
        tags: input.tags,
        photos: input.photos,
      });
      await manager.query(
        `INSERT INTO plant (post_id, user_id, name, species, available, quantity, swap_terms)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [
          id,
          member.userId,
          plantName(input.plant.name),
          blankToNull(input.plant.species),
          input.plant.available,
          input.plant.quantity ?? null,
          blankToNull(input.plant.swap_terms),
        ],
      );
      return id;
    });
    return this.content.one(viewerOf(member), postId);
  }

  /** A listing by its plant id, if the viewer may see its post. */
  async one(viewer: Viewer, plantId: string) {
    const item = await this.item(viewer, plantId);
    return new WithResponders(item, await this.content.respondersOf([item]));
  }

  async updateDetails(
    member: Member,
    input: {
      postId: string;
      userId: string;
      plant: Partial<PlantDetailsInput>;
      privacy?: PostPrivacy;
    },
  ): Promise<ContentItem> {
    assertCaller(member, input.userId);
    const postId = await this.dataSource.transaction(async (manager) => {
      const post = await this.lockListing(manager, member, input.postId);
      const changes = input.plant;
      const sets: string[] = ['updated_at = now()'];
      const values: unknown[] = [post.id];
      const set = (column: string, value: unknown) => {
        values.push(value);
        sets.push(`${column} = $${values.length}`);
      };
      if (changes.name !== undefined) set('name', plantName(changes.name));
      if (changes.species !== undefined) set('species', blankToNull(changes.species));
      if (changes.available !== undefined) set('available', changes.available);
      if (changes.quantity !== undefined) set('quantity', changes.quantity ?? null);
      if (changes.swap_terms !== undefined) set('swap_terms', blankToNull(changes.swap_terms));
      await manager.query(`UPDATE plant SET ${sets.join(', ')} WHERE post_id = $1`, values);
      if (input.privacy) await this.content.setPrivacy(manager, post, input.privacy);
      await this.content.bump(manager, post.id);
      return post.id;
    });
    return this.content.one(viewerOf(member), postId);
  }

  async updatePhotoDescriptions(
    member: Member,
    input: {
      id: string;
      uuid: string;
      plantPhotos: Array<{ id: string; description: string; alt_text?: string }>;
    },
  ): Promise<ContentItem> {
    assertCaller(member, input.uuid);
    const postId = await this.dataSource.transaction(async (manager) => {
      const post = await this.lockListing(manager, member, input.id);
      await this.content.updatePhotoTexts(manager, post.id, input.plantPhotos);
      await manager.query('UPDATE plant SET updated_at = now() WHERE post_id = $1', [post.id]);
      await this.content.bump(manager, post.id);
      return post.id;
    });
    return this.content.one(viewerOf(member), postId);
  }

  /** Recent listings of everyone: `available` ones or `all`. */
  recent(viewer: Viewer, type: RecentType, cursor: Cursor | null, take = DEFAULT_PAGE_SIZE) {
    return this.content.page(viewer, plantQuery(type === 'available'), cursor, take);
  }

  /** The latest available listings (at most 12), e.g. for the home page. */
  async latest(viewer: Viewer) {
    const { data, responders } = await this.recent(viewer, 'available', null, LATEST_PLANTS);
    return new WithResponders(data.items, responders);
  }

  byUser(
    viewer: Viewer,
    userId: string,
    filter: PlantFilter,
    cursor: Cursor | null,
    take = DEFAULT_PAGE_SIZE,
  ) {
    if (!isUuid(userId))
      throw PlatformErrors.VALIDATION_FAILED([{ field: 'id', messages: ['must be a user uuid'] }]);
    return this.content.page(
      viewer,
      plantQuery(filter === 'plantsAvail', { userId: userId.toLowerCase() }),
      cursor,
      take,
    );
  }

  async byUsername(viewer: Viewer, username: string, filter: PlantFilter, cursor: Cursor | null) {
    const user = await this.members.publicSummaryByUsername(username);
    return this.byUser(viewer, user.uuid, filter, cursor);
  }

  /** What a member has shared, counted as the viewer may see it. */
  async counts(viewer: Viewer, userId: string) {
    if (!isUuid(userId))
      throw PlatformErrors.VALIDATION_FAILED([{ field: 'id', messages: ['must be a user uuid'] }]);
    const counts = await this.content.count(
      viewer,
      {
        userId: userId.toLowerCase(),
        extend: () => ({ join: 'LEFT JOIN plant pl ON pl.post_id = p.id' }),
      },
      { plantsAll: "p.type = 'plant/image'", plantsAvail: 'pl.available' },
    );
    return { posts: counts.total, plantsAll: counts.plantsAll, plantsAvail: counts.plantsAvail };
  }

  /** `/{handle}`: a member's summary and counts (pages come later: other handles are 404). */
  async userOrPageBasic(viewer: Viewer, handle: string) {
    const user = await this.members.publicSummaryByUsername(handle);
    return { kind: 'user' as const, user, counts: await this.counts(viewer, user.uuid) };
  }

  /** Available listings whose owner lives within the radius, nearest first. */
  async nearby(
    viewer: Viewer,
    input: { uuid?: string; latitude: number; longitude: number; radius_km?: number },
    radiusKm: number,
  ) {
    const near = (await this.members.nearbyMembers(input, radiusKm, NEARBY_MEMBERS)).filter(
      (member) => member.userId !== input.uuid?.toLowerCase(),
    );
    if (!near.length) return new WithResponders([], []);
    const distance = new Map(near.map((member) => [member.userId, member.distanceKm]));
    const items = await this.content.listItems(
      viewer,
      {
        type: 'plant/image',
        extend: (params: SqlParams) => ({
          join: `JOIN plant pl ON pl.post_id = p.id AND pl.available
                 JOIN unnest(${params.add(near.map((member) => member.userId))}::uuid[],
                             ${params.add(near.map((member) => member.distanceKm))}::float8[])
                   AS near(user_id, km) ON near.user_id = p.user_id`,
          orderBy: 'near.km, p.bumped_at DESC, p.id DESC',
        }),
      },
      NEARBY_RESULTS,
    );
    return new WithResponders(
      items.map((item) => ({
        ...item,
        distance_km: Math.max(1, Math.ceil(distance.get(item.user_id) ?? 0)),
      })),
      await this.content.respondersOf(items),
    );
  }

  private async item(viewer: Viewer, plantId: string): Promise<ContentItem> {
    if (!isUuid(plantId)) throw PlantsErrors.PLANT_NOT_FOUND();
    const [plant]: Array<{ post_id: string }> = await this.dataSource.query(
      'SELECT post_id FROM plant WHERE id = $1',
      [plantId],
    );
    if (!plant) throw PlantsErrors.PLANT_NOT_FOUND();
    try {
      return await this.content.one(viewer, plant.post_id);
    } catch (error) {
      if (error instanceof AppError && error.code === 'POST_NOT_FOUND')
        throw PlantsErrors.PLANT_NOT_FOUND();
      throw error;
    }
  }

  private async lockListing(manager: EntityManager, member: Member, postKey: string) {
    const post = await this.content.lockForEdit(manager, member, postKey);
    if (post.type !== 'plant/image') throw PlantsErrors.PLANT_NOT_FOUND();
    return post;
  }

  private async plantsOfPosts(postIds: string[]): Promise<Map<string, PlantView>> {
    const rows: PlantRow[] = await this.dataSource.query(
      `SELECT id, post_id, name, species, available, quantity, swap_terms, updated_at
         FROM plant WHERE post_id = ANY($1::uuid[])`,
      [postIds],
    );
    return new Map(rows.map((row) => [row.post_id, toView(row)]));
  }
}

function toView(row: PlantRow): PlantView {
  return {
    id: row.id,
    post_id: row.post_id,
    name: row.name,
    species: row.species,
    available: row.available,
    availability: row.available ? AVAILABLE : NOT_AVAILABLE,
    quantity: row.quantity,
    swap_terms: row.swap_terms,
    updated_at: row.updated_at.toISOString(),
  };
}

function plantName(name: string): string {
  const trimmed = name.trim();
  if (!trimmed)
    throw PlatformErrors.VALIDATION_FAILED([
      { field: 'plant.name', messages: ['name must not be blank'] },
    ]);
  return trimmed;
}

function blankToNull(value: string | null | undefined): string | null {
  return value === undefined || value === null || value.trim() === '' ? null : value.trim();
}
