import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { Viewer } from '../../platform/access/viewer';
import { Sql } from '../../platform/database/sql';
import { PlatformErrors } from '../../platform/http/platform.errors';
import { SearchService } from '../../platform/search/search.service';
import { handlesStartingWith, type HandleRow, peopleSearchSource } from './search.queries';

/** Handles listed for a prefix (a mention or "go to" box shows a few). */
export const HANDLE_SEARCH_LIMIT = 10;
const HANDLE_PREFIX = /^[a-z0-9_]{1,30}$/;

/**
 * Identity's part of search: people (registered members, not suspended) as a search provider,
 * and prefix lookups in the handle namespace it owns. The search itself is the platform's.
 */
@Injectable()
export class IdentitySearchService implements OnModuleInit {
  constructor(
    private readonly search: SearchService,
    private readonly sql: Sql,
  ) {}

  onModuleInit() {
    this.search.register({ group: 'people', idType: 'uuid', source: peopleSearchSource });
  }

  term(viewer: Viewer, raw: Parameters<SearchService['search']>[1]) {
    return this.search.search(viewer, raw);
  }

  /** Handles (users' and pages') starting with the given text, case-insensitively. */
  async handles(raw: unknown): Promise<HandleRow[]> {
    const prefix = typeof raw === 'string' ? raw.trim().toLowerCase() : '';
    if (!HANDLE_PREFIX.test(prefix))
      throw PlatformErrors.VALIDATION_FAILED([
        {
          field: 'handle',
          messages: ['handle must be 1 to 30 letters, digits or underscores'],
        },
      ]);
    return handlesStartingWith(this.sql, prefix, HANDLE_SEARCH_LIMIT);
  }
}
