import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { Member } from '../../platform/access/current-caller.decorator';
import type { Viewer } from '../../platform/access/viewer';
import type { Cursor } from '../../platform/paging/paging';
import { ContentItemsService } from './content-items.service';
import { ContentSearch } from './content-search';
import type { PostPrivacy } from './entities/post.entity';
import { type PostKind, PostKinds } from './post-kinds';
import { type PostPageDirectory, PostPages } from './post-pages';
import type { PostCount, PostQuery } from './feed.queries';
import { type LockedPost, type NewPostInput, PostsService } from './posts.service';

/**
 * What other modules may do with posts: a post kind's module (plants) registers its kind, writes
 * posts of its type and lists them; composition modules (profiles) count them. Every read applies
 * the viewer's privacy.
 */
@Injectable()
export class ContentService {
  constructor(
    private readonly posts: PostsService,
    private readonly items: ContentItemsService,
    private readonly kinds: PostKinds,
    private readonly pages: PostPages,
    private readonly search: ContentSearch,
  ) {}

  /** Call once at start-up (onModuleInit): from then on content items of `kind.type` carry its details. */
  registerKind<Details extends object>(kind: PostKind<Details>): void {
    this.kinds.register(kind);
    this.search.registerKind(kind);
  }

  /**
   * Call once at start-up (the pages module): from then on a post may name a page its author owns,
   * and content items carry the page they were made as.
   */
  registerPageDirectory(directory: PostPageDirectory): void {
    this.pages.register(directory);
  }

  createPost(manager: EntityManager, userId: string, input: NewPostInput): Promise<string> {
    return this.posts.createPost(manager, userId, input);
  }

  lockForEdit(manager: EntityManager, member: Member, key: string): Promise<LockedPost> {
    return this.posts.lockForEdit(manager, member, key);
  }

  setPrivacy(manager: EntityManager, post: LockedPost, privacy: PostPrivacy): Promise<void> {
    return this.posts.setPrivacy(manager, post, privacy);
  }

  /** What a locked post says changed (a kind's details): readers see "Edited" with the time. */
  markEdited(manager: EntityManager, postId: string): Promise<void> {
    return this.posts.markEdited(manager, postId);
  }

  bump(manager: EntityManager, postId: string): Promise<void> {
    return this.posts.bump(manager, postId);
  }

  updatePhotoTexts(
    manager: EntityManager,
    postId: string,
    photos: Array<{ id: string; description: string; alt_text?: string | null }>,
  ): Promise<void> {
    return this.posts.updatePhotoTexts(manager, postId, photos);
  }

  page(viewer: Viewer, query: PostQuery, cursor: Cursor | null, take: number) {
    return this.items.page(viewer, query, cursor, take);
  }

  listItems(viewer: Viewer, query: PostQuery, limit: number) {
    return this.items.listItems(viewer, query, limit);
  }

  /** Posts of a located kind nearest a point (PostQuery's `near`), with their distance in km. */
  nearestItems(
    viewer: Viewer,
    query: PostQuery & { near: NonNullable<PostQuery['near']> },
    limit: number,
  ) {
    return this.items.nearestItems(viewer, query, limit);
  }

  one(viewer: Viewer, key: string) {
    return this.items.one(viewer, key);
  }

  /** The posts that match as the viewer may see them (`total`), and each named count of them. */
  count(viewer: Viewer, query: PostQuery, counts: Record<string, PostCount> = {}) {
    return this.items.count(viewer, query, counts);
  }

  respondersOf(items: Array<{ user_id: string }>) {
    return this.items.respondersOf(items);
  }
}
