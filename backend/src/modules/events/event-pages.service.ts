import { Injectable } from '@nestjs/common';
import type { Viewer } from '../../platform/access/viewer';
import { PagesService } from '../pages';
import type { EventPageRefDto } from './dto/events.dto';

/** What events needs of pages: who manages a page, and a page's name and handle for lists. */
@Injectable()
export class EventPages {
  constructor(private readonly pages: PagesService) {}

  /** Whether the viewer owns the page (false when it is gone). */
  async owns(pageId: string, viewer: Viewer): Promise<boolean> {
    if (viewer.kind !== 'member') return false;
    const [page] = await this.pages.pagesByIds([pageId]);
    return page?.ownerId === viewer.userId;
  }

  /** An event's page: its ref for display and its owner, in one query (undefined: none, or gone). */
  async pageOf(
    pageId: string | null,
  ): Promise<{ ref: EventPageRefDto; ownerId: string } | undefined> {
    if (!pageId) return undefined;
    const [page] = await this.pages.pagesByIds([pageId]);
    return (
      page && { ref: { id: page.id, handle: page.handle, name: page.name }, ownerId: page.ownerId }
    );
  }

  /** The pages' refs for display, in one query; pages gone meanwhile are left out. */
  async refs(pageIds: Array<string | null>): Promise<Map<string, EventPageRefDto>> {
    const ids = pageIds.filter((id): id is string => Boolean(id));
    if (!ids.length) return new Map();
    const found = await this.pages.pagesByIds(ids);
    return new Map(
      found.map((page) => [page.id, { id: page.id, handle: page.handle, name: page.name }]),
    );
  }

  /** A page the caller may attach an event to: pages' PAGE_NOT_FOUND or NOT_THE_PAGE_OWNER. */
  async assertMayUse(pageId: string, viewer: Viewer): Promise<void> {
    await this.pages.managedPage(pageId, viewer);
  }
}
