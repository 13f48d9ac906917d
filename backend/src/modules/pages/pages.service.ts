import { randomUUID } from 'node:crypto';
import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { Member } from '../../platform/access/current-caller.decorator';
import { type Viewer, viewerOf } from '../../platform/access/viewer';
import { Sql } from '../../platform/database/sql';
import type { SqlRunner } from '../../platform/database/sql-runner';
import { AppError } from '../../platform/http/app-error';
import { WithResponders } from '../../platform/http/envelope';
import { PlatformErrors } from '../../platform/http/platform.errors';
import { isUuid } from '../../platform/ids/uuid';
import { ImagePipeline, imageRefs } from '../../platform/images/image-pipeline.service';
import { MailService } from '../../platform/mail/mail.service';
import { type Cursor, DEFAULT_PAGE_SIZE, encodeCursor } from '../../platform/paging/paging';
import { StorageService } from '../../platform/storage/storage.service';
import { ContentService, type PostPageRef } from '../content';
import { AccountDeletionService, HandlesService, MembersService } from '../identity';
import { TagsService } from '../tags';
import { NEARBY_PAGES_RADIUS_KM } from './dto/pages.dto';
import type { PageEventLocation, PageEventsProvider } from './page-events';
import { PageEmails } from './page-emails';
import {
  type PageSettingsView,
  type PageTagView,
  type PageView,
  toPageView,
  toSettingsView,
} from './page-views';
import { PagesErrors } from './pages.errors';
import * as pages from './pages.queries';
import type { PageColumns, PageRow } from './pages.queries';

/** What another module needs of a page its caller manages. */
export interface ManagedPage {
  id: string;
  handle: string;
  name: string;
  ownerId: string;
}

/** What messaging needs of a page: its face, its owner, and whether it takes messages. */
export interface MessageablePage extends ManagedPage {
  avatar: string | null;
  allowMessages: boolean;
}

/** A member owns at most this many pages in a list of theirs. */
const OWNER_PAGES_MAX = 100;
/** At most this many tags on a page. */
export const PAGE_TAGS_MAX = 20;

export interface PagePlaceInput {
  suburb_city?: string;
  state?: string;
  country?: string;
  latitude?: number;
  longitude?: number;
}

export interface NewPageInput extends PagePlaceInput {
  handle: string;
  name: string;
  about?: string;
  tagIdArr?: number[];
}

export interface PageChanges extends PagePlaceInput {
  pageId: string;
  handle?: string;
  name?: string;
  about?: string;
}

export interface PageSettingsChanges {
  pageId: string;
  allow_messages?: boolean;
  show_upcoming_events?: boolean;
  show_location?: boolean;
}

/**
 * Pages: group or organisation profiles with a handle in the namespace usernames share. Trusted
 * members create them (the route's policy); only a page's owner, or an admin, changes or deletes
 * one. A page's place is shown to others as its public point only (platform/geo).
 */
@Injectable()
export class PagesService implements OnModuleInit {
  private readonly logger = new Logger('Pages');
  private eventsProvider: PageEventsProvider | null = null;

  constructor(
    private readonly dataSource: DataSource,
    private readonly sql: Sql,
    private readonly handles: HandlesService,
    private readonly members: MembersService,
    private readonly tags: TagsService,
    private readonly content: ContentService,
    private readonly storage: StorageService,
    private readonly images: ImagePipeline,
    private readonly mail: MailService,
    private readonly accountDeletion: AccountDeletionService,
  ) {}

  onModuleInit() {
    this.content.registerPageDirectory({
      assertMayPostAs: (userId, pageId) => this.assertMayPostAs(userId, pageId),
      refsOf: (pageIds) => this.postPageRefs(pageIds),
      ownersOf: async (pageIds) =>
        new Map((await pages.pagesByIds(this.sql, pageIds)).map((row) => [row.id, row.owner_id])),
    });
    // The owner's pages go with their account (rows by cascade): free their handles, and remove
    // their avatars once the deletion commits.
    this.accountDeletion.registerStep({
      name: 'pages',
      phase: 'before-user',
      run: (manager, userId) => this.forgetPagesOf(manager, userId),
    });
  }

  /** Events registers how a page's events are counted and listed (once, at start-up). */
  registerEventsProvider(provider: PageEventsProvider): void {
    if (this.eventsProvider) throw new Error('A page events provider is already registered');
    this.eventsProvider = provider;
  }

  // ---- for other modules ----

  /**
   * The page, when the caller may manage it: PAGE_NOT_FOUND (404) when there is none,
   * NOT_THE_PAGE_OWNER (403) when the caller is neither its owner nor an admin.
   */
  async managedPage(pageId: string, caller: Viewer): Promise<ManagedPage> {
    const page = await this.rowById(this.sql, pageId);
    assertManages(caller, page.owner_id);
    return managed(page);
  }

  /** The page with this handle (any case), or PAGE_NOT_FOUND. */
  async pageByHandle(handle: string): Promise<ManagedPage> {
    return managed(await this.rowByHandle(handle));
  }

  /** The given pages (malformed ids and pages that are gone are left out), in one query. */
  async pagesByIds(pageIds: readonly string[]): Promise<ManagedPage[]> {
    const ids = [...new Set(pageIds.filter(isUuid).map((id) => id.toLowerCase()))];
    if (!ids.length) return [];
    return (await pages.pagesByIds(this.sql, ids)).map(managed);
  }

  /** The given pages for messaging (pages that are gone are left out), in two queries. */
  async messageablePages(pageIds: readonly string[]): Promise<MessageablePage[]> {
    const ids = [...new Set(pageIds.filter(isUuid).map((id) => id.toLowerCase()))];
    if (!ids.length) return [];
    const rows = await pages.pagesByIds(this.sql, ids);
    const settings = await pages.settingsOfPages(
      this.sql,
      rows.map((row) => row.id),
    );
    const closed = new Set(settings.filter((row) => !row.allow_messages).map((row) => row.page_id));
    return rows.map((row) => ({
      ...managed(row),
      avatar: row.avatar,
      allowMessages: !closed.has(row.id),
    }));
  }

  /** The page with this handle (any case) for messaging, or undefined. */
  async messageablePageByHandle(handle: string): Promise<MessageablePage | undefined> {
    const normal = normalHandle(handle);
    const row = normal ? await pages.pageByHandle(this.sql, normal) : undefined;
    return row ? (await this.messageablePages([row.id]))[0] : undefined;
  }

  /** The page with this handle as the viewer sees it, or undefined (profiles: `/{handle}`). */
  async findByHandle(viewer: Viewer, handle: string): Promise<PageView | undefined> {
    const normal = normalHandle(handle);
    if (!normal) return undefined;
    const row = await pages.pageByHandle(this.sql, normal);
    return row ? (await this.views(viewer, [row]))[0] : undefined;
  }

  // ---- writes ----

  async create(member: Member, input: NewPageInput): Promise<PageView> {
    const place = placeColumns(input, true) as Required<
      Pick<PageColumns, 'suburb_city' | 'state' | 'country' | 'latitude' | 'longitude'>
    >;
    const name = requiredText(input.name, 'name');
    const tagIds = await this.existingTags(input.tagIdArr ?? []);
    try {
      const row = await this.dataSource.transaction(async (manager) => {
        // The handle first: the namespace shared with usernames decides (HANDLE_TAKEN,
        // HANDLE_RESERVED), and the page row's own unique key can then never be what refuses.
        const id = randomUUID();
        const handle = await this.handles.claim(manager, input.handle, 'page', id);
        const page = await pages.insertPage(manager, {
          id,
          handle,
          name,
          about: (input.about ?? '').trim(),
          ownerId: member.userId,
          ...place,
        });
        await pages.ensureSettings(manager, page.id);
        if (tagIds.length) await pages.connectTags(manager, page.id, tagIds);
        await this.notifyAdmins(manager, page);
        return page;
      });
      return (await this.views(viewerOf(member), [row]))[0];
    } catch (error) {
      if (!(error instanceof AppError)) this.logger.error('Create page error', stackOf(error));
      throw error;
    }
  }

  async update(member: Member, input: PageChanges): Promise<PageView> {
    const changes: PageColumns = { ...placeColumns(input, false) };
    if (input.name !== undefined) changes.name = requiredText(input.name, 'name');
    if (input.about !== undefined) changes.about = input.about.trim();
    try {
      const row = await this.dataSource.transaction(async (manager) => {
        const page = await this.lockManaged(manager, member, input.pageId);
        if (input.handle !== undefined && normalHandle(input.handle) !== page.handle) {
          changes.handle = await this.handles.claim(manager, input.handle, 'page', page.id);
          await this.handles.release(manager, page.handle, page.id);
        }
        return pages.updatePage(manager, page.id, changes);
      });
      return (await this.views(viewerOf(member), [row]))[0];
    } catch (error) {
      if (!(error instanceof AppError)) this.logger.error('Page update error', stackOf(error));
      throw error;
    }
  }

  /** The page's settings row, made with the defaults when it has none (idempotent). */
  async createSettings(member: Member, pageId: string): Promise<PageSettingsView> {
    await this.managedPage(pageId, viewerOf(member));
    return toSettingsView(await pages.ensureSettings(this.sql, pageId), pageId);
  }

  async updateSettings(member: Member, input: PageSettingsChanges): Promise<PageSettingsView> {
    return this.dataSource.transaction(async (manager) => {
      const page = await this.lockManaged(manager, member, input.pageId);
      await pages.ensureSettings(manager, page.id);
      const row = await pages.updateSettings(manager, page.id, {
        allow_messages: input.allow_messages,
        show_upcoming_events: input.show_upcoming_events,
        show_location: input.show_location,
      });
      return toSettingsView(row, page.id);
    });
  }

  async replaceAvatar(member: Member, pageId: string, bytes: Buffer): Promise<PageView> {
    await this.managedPage(pageId, viewerOf(member));
    const image = await this.images.processUpload(member.userId, bytes, { folder: 'avatars' });
    try {
      const row = await this.dataSource.transaction(async (manager) => {
        const page = await this.lockManaged(manager, member, pageId);
        await this.images.attachUpload(manager, image.ref, member.userId);
        await this.images.forgetUploads(manager, [page.avatar]);
        await pages.setAvatar(
          manager,
          page.id,
          image.ref,
          imageRefs(image).filter((ref) => ref !== image.ref),
        );
        await this.storage.scheduleRemoval(avatarRefs(page), manager);
        return (await pages.pageById(manager, page.id)) as PageRow;
      });
      return (await this.views(viewerOf(member), [row]))[0];
    } catch (error) {
      // The new files belong to nobody now.
      await this.storage.remove(imageRefs(image)).catch(() => undefined);
      throw error;
    }
  }

  /**
   * Deletes a page: its stored avatar first, through the storage driver; the record only when
   * that worked (else the page stays, and the caller may try again). Its posts stay as their
   * author's (post.page_id is set to null), its settings and tags go with it.
   */
  async delete(member: Member, pageId: string): Promise<{ id: string; deleted: true }> {
    const page = await this.rowById(this.sql, pageId);
    assertManages(viewerOf(member), page.owner_id);
    const refs = avatarRefs(page);
    if (refs.length) {
      try {
        await this.storage.remove(refs);
      } catch (error) {
        this.logger.error(`SB image delete error (page ${page.id})`, stackOf(error));
        throw PagesErrors.PAGE_DELETE_FAILED();
      }
    }
    try {
      await this.dataSource.transaction(async (manager) => {
        await this.handles.release(manager, page.handle, page.id);
        await this.images.forgetUploads(manager, [page.avatar]);
        await pages.deletePage(manager, page.id);
      });
    } catch (error) {
      this.logger.error(`Delete page error (page ${page.id})`, stackOf(error));
      throw error;
    }
    return { id: page.id, deleted: true };
  }

  async connectTags(member: Member, pageId: string, tagIdArr: number[]): Promise<PageView> {
    const tagIds = await this.existingTags(tagIdArr);
    const row = await this.dataSource.transaction(async (manager) => {
      const page = await this.lockManaged(manager, member, pageId);
      await pages.connectTags(manager, page.id, tagIds);
      if ((await pages.countTags(manager, page.id)) > PAGE_TAGS_MAX)
        throw PagesErrors.TOO_MANY_TAGS({ max: PAGE_TAGS_MAX });
      return page;
    });
    return (await this.views(viewerOf(member), [row]))[0];
  }

  async disconnectTags(member: Member, pageId: string, tagIdArr: number[]): Promise<PageView> {
    const row = await this.dataSource.transaction(async (manager) => {
      const page = await this.lockManaged(manager, member, pageId);
      await pages.disconnectTags(manager, page.id, [...new Set(tagIdArr)]);
      return page;
    });
    return (await this.views(viewerOf(member), [row]))[0];
  }

  /**
   * Tells the admins of a new page, once per page (the trigger is emails/new-page, and creating a
   * page pulls it too): an e-mail each, queued through the outbox with the change. Only the
   * caller's own pages (or an admin's) can be named. True when queued now.
   */
  async sendNewPageEmail(member: Member, pageId: string): Promise<{ queued: boolean }> {
    const queued = await this.dataSource.transaction(async (manager) => {
      const page = await this.lockManaged(manager, member, pageId);
      return this.notifyAdmins(manager, page);
    });
    return { queued };
  }

  // ---- reads ----

  async singlePage(viewer: Viewer, handle: string) {
    const row = await this.rowByHandle(handle);
    const [[view], settings] = await Promise.all([
      this.views(viewer, [row]),
      pages.settingsOf(this.sql, row.id),
    ]);
    return { ...view, settings: toSettingsView(settings, row.id) };
  }

  async byOwner(viewer: Viewer, ownerId: string): Promise<PageView[]> {
    if (!isUuid(ownerId))
      throw PlatformErrors.VALIDATION_FAILED([
        { field: 'uuid', messages: ['must be a user uuid'] },
      ]);
    return this.views(
      viewer,
      await pages.pagesOfOwner(this.sql, ownerId.toLowerCase(), OWNER_PAGES_MAX),
    );
  }

  async list(viewer: Viewer, cursor: Cursor | null, take: number) {
    const rows = await pages.pagesAfter(this.sql, cursor, take + 1);
    const more = rows.length > take;
    const shown = more ? rows.slice(0, take) : rows;
    const last = shown[shown.length - 1];
    return {
      items: await this.views(viewer, shown),
      next_cursor:
        more && last ? encodeCursor('created_at', { at: last.cursor_at, id: last.id }) : null,
    };
  }

  /** A page's posts, newest bumped first, as the viewer may see them. */
  async posts(viewer: Viewer, pageId: string, cursor: Cursor | null, take = DEFAULT_PAGE_SIZE) {
    const page = await this.rowById(this.sql, pageId);
    return this.content.page(viewer, { pageId: page.id }, cursor, take);
  }

  /** `/{handle}` of a page: the page, its first posts, its settings, counts and event places. */
  async allDetails(viewer: Viewer, handle: string) {
    const row = await this.rowByHandle(handle);
    const settings = toSettingsView(await pages.settingsOf(this.sql, row.id), row.id);
    const showEvents = settings.show_upcoming_events || mayManage(viewer, row.owner_id);
    const [[view], posts, upcomingEvents, eventLocations] = await Promise.all([
      this.views(viewer, [row]),
      this.content.page(viewer, { pageId: row.id }, null, DEFAULT_PAGE_SIZE),
      showEvents && this.eventsProvider
        ? this.eventsProvider.upcomingCount(row.id, viewer)
        : Promise.resolve(0),
      showEvents && this.eventsProvider
        ? this.eventsProvider.eventLocations(row.id, viewer)
        : Promise.resolve([] as PageEventLocation[]),
    ]);
    return new WithResponders(
      {
        ...view,
        posts: posts.data,
        counts: { upcomingEvents },
        event_locations: eventLocations,
        settings,
      },
      posts.responders,
    );
  }

  /** The page's upcoming events, as the events module answers them ([] until it is there). */
  async upcomingEvents(viewer: Viewer, pageId: string): Promise<unknown[]> {
    const page = await this.rowById(this.sql, pageId);
    return this.eventsProvider ? this.eventsProvider.upcomingEvents(page.id, viewer) : [];
  }

  /**
   * Pages whose public point lies within NEARBY_PAGES_RADIUS_KM of the point, nearest first, at
   * most `take`; pages that hide their place are left out. Distances and places are public ones.
   */
  async nearby(viewer: Viewer, point: { latitude: number; longitude: number }, take: number) {
    const near = await pages.nearestShownPages(this.sql, point, NEARBY_PAGES_RADIUS_KM, take);
    if (!near.length) return [];
    const rows = await pages.pagesByIds(
      this.sql,
      near.map((row) => row.id),
    );
    const byId = new Map(rows.map((row) => [row.id, row]));
    const ordered = near.flatMap((row) => {
      const page = byId.get(row.id);
      return page ? [page] : [];
    });
    // Public places for everyone here, owners too: the list is about where pages are to others.
    const views = await this.views(viewer, ordered, { publicOnly: true });
    const distance = new Map(near.map((row) => [row.id, row.distanceKm]));
    return views.map((view) => ({ ...view, distance_km: distance.get(view.id) as number }));
  }

  // ---- helpers ----

  private async assertMayPostAs(userId: string, pageId: string): Promise<void> {
    const page = await this.rowById(this.sql, pageId);
    if (page.owner_id !== userId) throw PagesErrors.NOT_THE_PAGE_OWNER();
  }

  private async postPageRefs(pageIds: readonly string[]): Promise<Map<string, PostPageRef>> {
    const rows = await pages.pagesByIds(this.sql, pageIds);
    return new Map(
      rows.map((row) => [
        row.id,
        { id: row.id, handle: row.handle, name: row.name, avatar: row.avatar },
      ]),
    );
  }

  private async forgetPagesOf(manager: EntityManager, userId: string): Promise<void> {
    const owned = await pages.pagesOfOwner(manager, userId, Number.MAX_SAFE_INTEGER);
    for (const page of owned) await this.handles.release(manager, page.handle, page.id);
    // An admin may have uploaded a page's avatar: that record does not go with the owner's rows.
    await this.images.forgetUploads(
      manager,
      owned.map((page) => page.avatar),
    );
    await this.storage.scheduleRemoval(owned.flatMap(avatarRefs), manager);
  }

  private async notifyAdmins(manager: EntityManager, page: PageRow): Promise<boolean> {
    if (!(await pages.markAdminsNotified(manager, page.id))) return false;
    const content = PageEmails.newPage(page, this.mail.link(`/${page.handle}`));
    for (const email of await this.members.adminEmails())
      await this.mail.queue(email, content, manager);
    return true;
  }

  private async rowById(db: SqlRunner, pageId: string): Promise<PageRow> {
    const page = isUuid(pageId) ? await pages.pageById(db, pageId.toLowerCase()) : undefined;
    if (!page) throw PagesErrors.PAGE_NOT_FOUND();
    return page;
  }

  private async rowByHandle(handle: string): Promise<PageRow> {
    const normal = normalHandle(handle);
    const page = normal ? await pages.pageByHandle(this.sql, normal) : undefined;
    if (!page) throw PagesErrors.PAGE_NOT_FOUND();
    return page;
  }

  private async lockManaged(manager: EntityManager, member: Member, pageId: string) {
    const page = isUuid(pageId) ? await pages.lockPage(manager, pageId.toLowerCase()) : undefined;
    if (!page) throw PagesErrors.PAGE_NOT_FOUND();
    assertManages(viewerOf(member), page.owner_id);
    return page;
  }

  /** Tag ids that all exist (deduplicated); TAG_NOT_FOUND otherwise. */
  private async existingTags(tagIds: readonly number[]): Promise<number[]> {
    const unique = [...new Set(tagIds)];
    if (unique.length > PAGE_TAGS_MAX) throw PagesErrors.TOO_MANY_TAGS({ max: PAGE_TAGS_MAX });
    const found = await this.tags.tagsByIds(unique);
    if (found.size !== unique.length) throw PagesErrors.TAG_NOT_FOUND();
    return unique;
  }

  private async views(
    viewer: Viewer,
    rows: PageRow[],
    options: { publicOnly?: boolean } = {},
  ): Promise<PageView[]> {
    if (!rows.length) return [];
    const ids = rows.map((row) => row.id);
    const [links, settings] = await Promise.all([
      pages.tagIdsOfPages(this.sql, ids),
      pages.settingsOfPages(this.sql, ids),
    ]);
    const names = await this.tags.tagsByIds(links.map((link) => link.tag_id));
    const tagsOf = new Map<string, PageTagView[]>();
    for (const link of links) {
      const tag = names.get(link.tag_id);
      if (!tag) continue;
      const list = tagsOf.get(link.page_id) ?? [];
      list.push({ id: tag.id, name: tag.name });
      tagsOf.set(link.page_id, list);
    }
    const settingsOf = new Map(settings.map((row) => [row.page_id, row]));
    return rows.map((row) => {
      const canManage = mayManage(viewer, row.owner_id);
      return toPageView(
        row,
        (tagsOf.get(row.id) ?? []).sort((a, b) => a.name.localeCompare(b.name)),
        canManage,
        toSettingsView(settingsOf.get(row.id), row.id),
        canManage && !options.publicOnly,
      );
    });
  }
}

export function normalHandle(raw: unknown): string {
  return typeof raw === 'string' ? raw.trim().toLowerCase() : '';
}

export function mayManage(viewer: Viewer, ownerId: string): boolean {
  return viewer.kind === 'member' && (viewer.admin || viewer.userId === ownerId);
}

/** The owner and admins manage a page; anyone else gets NOT_THE_PAGE_OWNER. */
export function assertManages(viewer: Viewer, ownerId: string): void {
  if (!mayManage(viewer, ownerId)) throw PagesErrors.NOT_THE_PAGE_OWNER();
}

/** What Nest's logger takes as the stack of an error it logs. */
function stackOf(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}

function managed(page: PageRow): ManagedPage {
  return { id: page.id, handle: page.handle, name: page.name, ownerId: page.owner_id };
}

function avatarRefs(page: Pick<PageRow, 'avatar' | 'avatar_variants'>): string[] {
  return page.avatar ? [page.avatar, ...page.avatar_variants] : [];
}

function requiredText(value: string, field: string): string {
  const trimmed = value.trim();
  if (!trimmed)
    throw PlatformErrors.VALIDATION_FAILED([{ field, messages: [`${field} must not be blank`] }]);
  return trimmed;
}

const PLACE_FIELDS = ['suburb_city', 'state', 'country', 'latitude', 'longitude'] as const;

/**
 * A place is all five fields (as the place picker gives them) or none: a new page without one has
 * none; a change that names part of one is refused.
 */
function placeColumns(input: PagePlaceInput, creating: boolean): PageColumns {
  const given = PLACE_FIELDS.filter((field) => input[field] !== undefined);
  if (!given.length)
    return creating
      ? { suburb_city: null, state: null, country: null, latitude: null, longitude: null }
      : {};
  if (given.length !== PLACE_FIELDS.length)
    throw PlatformErrors.VALIDATION_FAILED(
      PLACE_FIELDS.filter((field) => input[field] === undefined).map((field) => ({
        field,
        messages: [`${field} is needed with the rest of the place`],
      })),
    );
  return {
    suburb_city: (input.suburb_city as string).trim(),
    state: (input.state as string).trim(),
    country: (input.country as string).trim(),
    latitude: input.latitude as number,
    longitude: input.longitude as number,
  };
}
