import { Injectable } from '@nestjs/common';
import { ContentErrors } from './content.errors';

/** The page a post was made as, as its content item carries it (`page`). */
export interface PostPageRef {
  id: string;
  handle: string;
  name: string;
  /** The page avatar's image ref, or null. */
  avatar: string | null;
}

/**
 * What content needs of pages, which sit above it: whether a member may post as a page, and the
 * pages posts were made as. The pages module registers it at start-up (ContentService
 * .registerPageDirectory); until then no post can name a page (PAGE_NOT_FOUND).
 */
export interface PostPageDirectory {
  /**
   * Resolves when `userId` may post as the page; throws the pages module's error otherwise
   * (404 when there is no such page, 403 when the member does not own it).
   */
  assertMayPostAs(userId: string, pageId: string): Promise<void>;
  /** The given pages, by id; ids of pages that are gone are left out. */
  refsOf(pageIds: readonly string[]): Promise<Map<string, PostPageRef>>;
  /** Who owns each of the given pages (page id → member id), to tell them the page was mentioned. */
  ownersOf(pageIds: readonly string[]): Promise<Map<string, string>>;
}

/** The registered page directory (one, or none). */
@Injectable()
export class PostPages {
  private directory: PostPageDirectory | null = null;

  register(directory: PostPageDirectory): void {
    if (this.directory) throw new Error('A post page directory is already registered');
    this.directory = directory;
  }

  async assertMayPostAs(userId: string, pageId: string): Promise<void> {
    if (!this.directory) throw ContentErrors.PAGE_NOT_FOUND();
    await this.directory.assertMayPostAs(userId, pageId);
  }

  async refsOf(pageIds: readonly string[]): Promise<Map<string, PostPageRef>> {
    const unique = [...new Set(pageIds)];
    if (!this.directory || !unique.length) return new Map();
    return this.directory.refsOf(unique);
  }

  async ownersOf(pageIds: readonly string[]): Promise<Map<string, string>> {
    const unique = [...new Set(pageIds)];
    if (!this.directory || !unique.length) return new Map();
    return this.directory.ownersOf(unique);
  }
}
