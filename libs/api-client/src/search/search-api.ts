import { apiFetch as defaultApiFetch, type ApiFetch } from '../api-fetch';
import { dataOf } from '../envelope';
import type { Schemas } from '../schemas';
import { createApiClient } from '../typed-client';

export type SearchResults = Schemas['SearchResultsDto'];
export type SearchHit = Schemas['SearchHitDto'];
export type HandleHit = Schemas['HandleHitDto'];
/** The groups of a search's results, in the order they are shown. */
export const searchGroups = ['people', 'pages', 'tags', 'posts', 'plants', 'events'] as const;
export type SearchGroup = (typeof searchGroups)[number];
export type SearchOrder = 'recent' | 'relevance';
/** The longest term the API searches. */
export const SEARCH_TERM_MAX = 200;

/** `/api/iam/search/*`: full-text search and handle lookups (members only). */
export function createSearchApi(apiFetch: ApiFetch = defaultApiFetch) {
  const api = createApiClient(apiFetch);
  return {
    /**
     * Every group's first page (without `group`), or one group's page after its `cursor`
     * (recent order only).
     */
    term: (
      term: string,
      options: {
        group?: SearchGroup;
        cursor?: string | null;
        take?: number;
        order?: SearchOrder;
      } = {},
      signal?: AbortSignal,
    ) =>
      dataOf(
        api.get('/api/iam/search/term/{term}', {
          path: { term },
          query: {
            ...(options.group ? { group: options.group } : {}),
            ...(options.cursor ? { cursor: options.cursor } : {}),
            ...(options.take ? { take: options.take } : {}),
            ...(options.order ? { order: options.order } : {}),
          },
          signal,
        }),
      ),
    /** Usernames and page handles starting with `prefix` (3+ characters; shorter: exact). */
    handles: (prefix: string, signal?: AbortSignal) =>
      dataOf(
        api.get('/api/iam/search/username-page-handle/{handle}', {
          path: { handle: prefix },
          signal,
        }),
      ),
  };
}

export type SearchApi = ReturnType<typeof createSearchApi>;

export const searchApi: SearchApi = createSearchApi();
