import { Injectable } from '@nestjs/common';
import type { Viewer } from '../access/viewer';
import { Sql } from '../database/sql';
import { PlatformErrors } from '../http/platform.errors';
import { isUuid } from '../ids/uuid';
import { isRealInstant } from '../paging/paging';
import { SEARCH_GROUPS, type SearchGroup, type SearchProvider } from './search-provider';
import { searchSql, type SearchHitRow, type SearchPart } from './search.queries';

/** The longest term searched (longer asks are refused: nobody types more into a search box). */
export const SEARCH_TERM_MAX = 200;
/** Results per group when all groups are asked for at once (the header box), and at most. */
export const SEARCH_DEFAULT_TAKE = 5;
export const SEARCH_MAX_TAKE = 50;
export const SEARCH_ORDERS = ['recent', 'relevance'] as const;
export type SearchOrder = (typeof SEARCH_ORDERS)[number];

export interface SearchHit {
  id: string;
  key: string;
  title: string;
  detail: string | null;
  image: string | null;
  at: Date;
}

export interface SearchGroupPage {
  items: SearchHit[];
  next_cursor: string | null;
}

export type SearchResults = { term: string; order: SearchOrder } & Record<
  SearchGroup,
  SearchGroupPage
>;

const EMPTY_PAGE: SearchGroupPage = { items: [], next_cursor: null };

/**
 * Full-text search over what the modules register: one provider per group, each over its own
 * table's `search_vector`, each applying the same visibility rules as its feeds. This merges
 * them into one statement and pages each group by its own cursor (or re-ranks a bounded set).
 */
@Injectable()
export class SearchService {
  private readonly providers = new Map<SearchGroup, SearchProvider>();

  constructor(private readonly sql: Sql) {}

  register(provider: SearchProvider): void {
    if (!SEARCH_GROUPS.includes(provider.group))
      throw new Error(`Unknown search group "${provider.group}"`);
    if (this.providers.has(provider.group))
      throw new Error(`Search group "${provider.group}" registered twice`);
    this.providers.set(provider.group, provider);
  }

  groups(): SearchGroup[] {
    return SEARCH_GROUPS.filter((group) => this.providers.has(group));
  }

  /**
   * Every group's first page, or (with `group`) one group's page after `cursor`. A cursor is
   * a recency position, so it needs `group` and the recent order.
   */
  async search(
    viewer: Viewer,
    raw: { term: unknown; group?: unknown; cursor?: unknown; take?: unknown; order?: unknown },
  ): Promise<SearchResults> {
    const term = parseSearchTerm(raw.term);
    const order = parseOption(raw.order, SEARCH_ORDERS, 'order') ?? 'recent';
    const group = parseOption(raw.group, SEARCH_GROUPS, 'group');
    const take = parseSearchTake(raw.take, group ? 20 : SEARCH_DEFAULT_TAKE);
    const cursor = decodeSearchCursor(raw.cursor, group, order, (name) => this.providers.get(name));
    const results = { term, order } as SearchResults;
    for (const name of SEARCH_GROUPS) results[name] = EMPTY_PAGE;
    if (!hasPositiveWord(term)) return results;

    const parts: SearchPart[] = (group ? [group] : this.groups())
      .map((name) => this.providers.get(name))
      .filter((provider): provider is SearchProvider => provider !== undefined)
      .map((provider) => ({ provider, cursor, limit: take + 1 }));
    if (!parts.length) return results;

    const statement = searchSql(term, viewer, parts, order);
    const rows = await this.sql.query<SearchHitRow[]>(statement.text, statement.values);
    for (const { provider } of parts) {
      const own = rows
        .filter((row) => row.group === provider.group)
        .sort((a, b) => a.position - b.position);
      const items = own.slice(0, take);
      const last = items[items.length - 1];
      results[provider.group] = {
        items: items.map(({ id, key, title, detail, image, at }) => ({
          id,
          key,
          title,
          detail,
          image,
          at,
        })),
        next_cursor:
          own.length > take && order === 'recent' && last
            ? encodeSearchCursor(provider.group, last.cursor_at, last.id)
            : null,
      };
    }
    return results;
  }
}

const CONTROL_CHARACTERS = /\p{Cc}/u;

/** A term to search: 1 to SEARCH_TERM_MAX characters once trimmed, no control characters. */
export function parseSearchTerm(raw: unknown): string {
  const fail = (message: string) =>
    PlatformErrors.VALIDATION_FAILED([{ field: 'term', messages: [message] }]);
  if (typeof raw !== 'string') throw fail('term must be text');
  if (CONTROL_CHARACTERS.test(raw)) throw fail('term must not contain control characters');
  const term = raw.trim().replace(/\s+/g, ' ');
  if (!term) throw fail('term must not be empty');
  if ([...term].length > SEARCH_TERM_MAX)
    throw fail(`term must be at most ${SEARCH_TERM_MAX} characters`);
  return term;
}

/**
 * Whether the term has a word to look up that is not excluded (`-word`): a query of exclusions
 * alone would match nearly every row and no index could serve it, so it finds nothing instead.
 */
function hasPositiveWord(term: string): boolean {
  return term
    .split(' ')
    .some((word) => !word.startsWith('-') && /[\p{L}\p{N}]/u.test(word) && word !== 'or');
}

function parseOption<T extends string>(
  raw: unknown,
  options: readonly T[],
  field: string,
): T | undefined {
  if (raw === undefined || raw === '') return undefined;
  if (typeof raw !== 'string' || !options.includes(raw as T))
    throw PlatformErrors.VALIDATION_FAILED([
      { field, messages: [`${field} must be one of ${options.join(', ')}`] },
    ]);
  return raw as T;
}

function parseSearchTake(raw: unknown, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  if (typeof raw !== 'string' || !/^\d{1,6}$/.test(raw))
    throw PlatformErrors.VALIDATION_FAILED([
      { field: 'take', messages: ['take must be a whole number'] },
    ]);
  return Math.min(SEARCH_MAX_TAKE, Math.max(1, Number(raw)));
}

/** Cursors are opaque to clients: base64url of the group and the last item's (at, id). */
function encodeSearchCursor(group: SearchGroup, at: string, id: string): string {
  return Buffer.from(JSON.stringify({ group, at, id })).toString('base64url');
}

function decodeSearchCursor(
  raw: unknown,
  group: SearchGroup | undefined,
  order: SearchOrder,
  providerOf: (group: SearchGroup) => SearchProvider | undefined,
): { at: string; id: string } | null {
  if (raw === undefined || raw === '') return null;
  const invalid = PlatformErrors.INVALID_CURSOR;
  if (typeof raw !== 'string' || raw.length > 300 || !/^[A-Za-z0-9_-]+$/.test(raw)) throw invalid();
  // A cursor continues one group's recency order: it means nothing across groups or ranked.
  if (!group || order !== 'recent') throw invalid();
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  const fields = (parsed ?? {}) as Record<string, unknown>;
  const provider = providerOf(group);
  const { at, id } = fields;
  if (fields.group !== group || !provider || typeof at !== 'string' || typeof id !== 'string')
    throw invalid();
  const idOk =
    provider.idType === 'uuid' ? isUuid(id) : /^\d{1,15}$/.test(id) && Number(id) <= 2 ** 31 - 1;
  if (!idOk || !isRealInstant(at)) throw invalid();
  return { at, id: id.toLowerCase() };
}
