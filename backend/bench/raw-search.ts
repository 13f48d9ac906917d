/**
 * The raw baseline's search route (raw-baseline.ts): the platform's SearchService over the pool
 * with the modules' own search sources registered as the modules register them
 * (SEARCH_PROVIDERS), so the statement and the JSON are the API's. No Nest, no guards: the raw
 * server checks the member itself.
 */
import { kindSearchSource, postsSearchSource } from '../src/modules/content/search.queries';
import { eventsSearchSource } from '../src/modules/events/events.queries';
import { peopleSearchSource } from '../src/modules/identity/search.queries';
import { pagesSearchSource } from '../src/modules/pages/pages.queries';
import { PLANT_KIND } from '../src/modules/plants/plant-kind';
import { tagsSearchSource } from '../src/modules/tags/tags.queries';
import type { Viewer } from '../src/platform/access/viewer';
import type { Sql } from '../src/platform/database/sql';
import type { SqlRunner } from '../src/platform/database/sql-runner';
import type { SearchProvider } from '../src/platform/search/search-provider';
import { SearchService } from '../src/platform/search/search.service';

/** The providers as the modules register them (SearchService.register at start-up). */
export const SEARCH_PROVIDERS: SearchProvider[] = [
  { group: 'people', idType: 'uuid', source: peopleSearchSource },
  { group: 'pages', idType: 'uuid', source: pagesSearchSource },
  { group: 'tags', idType: 'int', source: tagsSearchSource },
  { group: 'posts', idType: 'uuid', source: postsSearchSource },
  {
    group: 'plants',
    idType: 'uuid',
    source: kindSearchSource({
      type: PLANT_KIND.type,
      table: PLANT_KIND.table,
      search: PLANT_KIND.search,
    }),
  },
  { group: 'events', idType: 'uuid', source: eventsSearchSource },
];

export function rawSearch(db: SqlRunner) {
  const service = new SearchService(db as Sql);
  for (const provider of SEARCH_PROVIDERS) service.register(provider);
  const param = (params: URLSearchParams, name: string) => params.get(name) ?? undefined;
  return {
    term: (viewer: Viewer, term: string, params: URLSearchParams) =>
      service.search(viewer, {
        term,
        group: param(params, 'group'),
        order: param(params, 'order'),
        cursor: param(params, 'cursor'),
        take: param(params, 'take'),
      }),
  };
}
