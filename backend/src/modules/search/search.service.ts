import { Injectable } from '@nestjs/common';
import type { Viewer } from '../../platform/access/viewer';
import { SearchService } from '../../platform/search/search.service';
import { HandlesService } from '../identity';

/** Handles listed for a prefix (a mention or "go to" box shows a few). */
export const HANDLE_SEARCH_LIMIT = 10;

/**
 * The search endpoints: the term over every group the modules register with the platform's
 * SearchService (people, pages, tags, posts, plants, events), and prefix lookups in identity's
 * handle namespace. The rules live there; this only joins them up.
 */
@Injectable()
export class SiteSearchService {
  constructor(
    private readonly search: SearchService,
    private readonly handles: HandlesService,
  ) {}

  term(viewer: Viewer, raw: Parameters<SearchService['search']>[1]) {
    return this.search.search(viewer, raw);
  }

  handlesStartingWith(raw: unknown) {
    return this.handles.startingWith(raw, HANDLE_SEARCH_LIMIT);
  }
}
