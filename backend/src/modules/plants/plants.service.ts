import { Injectable, type OnModuleInit } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { Sql } from '../../platform/database/sql';
import type { Member } from '../../platform/access/current-caller.decorator';
import { type Viewer, viewerOf } from '../../platform/access/viewer';
import { AppError } from '../../platform/http/app-error';
import { WithResponders } from '../../platform/http/envelope';
import { PlatformErrors } from '../../platform/http/platform.errors';
import { isUuid } from '../../platform/ids/uuid';
import { type Cursor, DEFAULT_PAGE_SIZE } from '../../platform/paging/paging';
import {
  assertCaller,
  type ContentItem,
  ContentService,
  type PostPrivacy,
  type PostQuery,
} from '../content';
import { MemberPlaces, MembersService } from '../identity';
import { AVAILABLE_FILTER, PLANT_KIND, type PlantView, toPlantView } from './plant-kind';
import * as plants from './plants.queries';
import { PlantsErrors } from './plants.errors';
import { retriedTransaction } from '../../platform/database/retried-transaction';

export const PLANT_FILTERS = ['plantsAvail', 'plantsAll'] as const;
export type PlantFilter = (typeof PLANT_FILTERS)[number];
export const RECENT_TYPES = ['available', 'all'] as const;
export type RecentType = (typeof RECENT_TYPES)[number];

export const LATEST_PLANTS = 12;
export const NEARBY_RESULTS = 50;

export interface PlantDetailsInput {
  name: string;
  species?: string | null;
  available: boolean;
  quantity?: number | null;
  swap_terms?: string | null;
}

/** A listing's post query: plant/image posts, only the available ones when asked. */
function plantQuery(availableOnly: boolean, base: PostQuery = {}): PostQuery {
  return {
    ...base,
    type: PLANT_KIND.type,
    kindFilter: availableOnly ? AVAILABLE_FILTER : undefined,
  };
}

/**
 * Plant listings: a plant/image post (content module) plus its `plant` row. Plants registers the
 * kind with content, so every content item of a listing carries its plant, and every list goes
 * through ContentService: the viewer's privacy applies in SQL as for any post.
 */
@Injectable()
export class PlantsService implements OnModuleInit {
  constructor(
    private readonly dataSource: DataSource,
    private readonly sql: Sql,
    private readonly content: ContentService,
    private readonly members: MembersService,
    private readonly places: MemberPlaces,
  ) {}

  onModuleInit() {
    this.content.registerKind<PlantView>({
      ...PLANT_KIND,
      loadDetails: (postIds, viewer) => this.plantViews(postIds, viewer),
    });
    // A listing is found nearby where its owner is: it moves (or leaves the lists) with them, in
    // the transaction that moves or suspends them. Plants writes its own rows; identity only says
    // when, so neither module touches the other's table.
    this.places.register({
      name: 'plant listings',
      placeChanged: (manager, userId, point) => plants.setOwnerPoint(manager, userId, point),
    });
  }

  /** The listings of these posts, each with its owner's distance from the viewer (members only). */
  private async plantViews(postIds: string[], viewer: Viewer): Promise<Map<string, PlantView>> {
    const rows = await plants.plantsOfPosts(this.sql, postIds);
    const distances =
      viewer.kind === 'member' && rows.length
        ? await this.members.distancesKmFrom(
            viewer.userId,
            rows.map((row) => row.user_id),
          )
        : new Map<string, number>();
    return new Map(
      rows.map((row) => [row.post_id, toPlantView(row, distances.get(row.user_id) ?? null)]),
    );
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
    const postId = await retriedTransaction(this.dataSource, async (manager) => {
      // Read first and share-locked: a move of the owner waits for this listing, then moves it too.
      const ownerPoint = await this.places.current(manager, member.userId);
      const id = await this.content.createPost(manager, member.userId, {
        type: PLANT_KIND.type,
        text: input.text,
        privacy: input.privacy,
        tags: input.tags,
        photos: input.photos,
      });
      await plants.insertPlant(manager, {
        postId: id,
        userId: member.userId,
        name: plantName(input.plant.name),
        species: blankToNull(input.plant.species),
        available: input.plant.available,
        quantity: input.plant.quantity ?? null,
        swap_terms: blankToNull(input.plant.swap_terms),
        ownerPoint,
      });
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
    const postId = await retriedTransaction(this.dataSource, async (manager) => {
      const post = await this.lockListing(manager, member, input.postId);
      const changes = input.plant;
      const columns: plants.PlantColumns = {
        name: changes.name === undefined ? undefined : plantName(changes.name),
        species: changes.species === undefined ? undefined : blankToNull(changes.species),
        available: changes.available,
        quantity: changes.quantity === undefined ? undefined : (changes.quantity ?? null),
        swap_terms: changes.swap_terms === undefined ? undefined : blankToNull(changes.swap_terms),
      };
      const before = await plants.plantsOfPosts(manager, [post.id]);
      await plants.updatePlant(manager, post.id, columns);
      // A listing whose details really change reads "Edited"; its privacy alone is no edit.
      if (before[0] && plants.changesPlant(before[0], columns))
        await this.content.markEdited(manager, post.id);
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
    const postId = await retriedTransaction(this.dataSource, async (manager) => {
      const post = await this.lockListing(manager, member, input.id);
      await this.content.updatePhotoTexts(manager, post.id, input.plantPhotos);
      await plants.updatePlant(manager, post.id, {});
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

  /**
   * Available listings whose owner lives within the radius, nearest owner first (then by owner,
   * newest bumped first), at most NEARBY_RESULTS. Radius and distances are as platform/geo lets
   * anyone learn them: to the owner's public point (a ~1 km grid cell's centre, which the listing
   * carries), the radius at least MIN_NEARBY_RADIUS_KM, the distance in whole km. Owners who are
   * suspended or have no place are found nowhere (their listings carry no point). One statement
   * reads the listings' own GiST index in distance order and stops after the visible ones it needs.
   */
  async nearby(
    viewer: Viewer,
    input: { uuid?: string; latitude: number; longitude: number; radius_km?: number },
    radiusKm: number,
  ) {
    const items = await this.content.nearestItems(
      viewer,
      {
        ...plantQuery(true),
        near: { latitude: input.latitude, longitude: input.longitude, radiusKm },
        exceptUserId: input.uuid?.toLowerCase(),
      },
      NEARBY_RESULTS,
    );
    if (!items.length) return new WithResponders([], []);
    return new WithResponders(items, await this.content.respondersOf(items));
  }

  private async item(viewer: Viewer, plantId: string): Promise<ContentItem> {
    if (!isUuid(plantId)) throw PlantsErrors.PLANT_NOT_FOUND();
    const postId = await plants.postOfPlant(this.sql, plantId);
    if (!postId) throw PlantsErrors.PLANT_NOT_FOUND();
    try {
      return await this.content.one(viewer, postId);
    } catch (error) {
      if (error instanceof AppError && error.code === 'POST_NOT_FOUND')
        throw PlantsErrors.PLANT_NOT_FOUND();
      throw error;
    }
  }

  private async lockListing(manager: EntityManager, member: Member, postKey: string) {
    const post = await this.content.lockForEdit(manager, member, postKey);
    if (post.type !== PLANT_KIND.type) throw PlantsErrors.PLANT_NOT_FOUND();
    return post;
  }
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
