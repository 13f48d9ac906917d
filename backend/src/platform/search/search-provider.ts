import type { Viewer } from '../access/viewer';
import type { SqlParams } from '../database/sql-params';

/** The groups of a search's results, in the order they are shown. */
export const SEARCH_GROUPS = ['people', 'pages', 'tags', 'posts', 'plants', 'events'] as const;
export type SearchGroup = (typeof SEARCH_GROUPS)[number];

/** What a provider's SQL is given: where its values go, the search's tsquery, who is looking. */
export interface SearchContext {
  params: SqlParams;
  /** The SQL expression of the search's `tsquery` (already unaccented, 'simple' configuration). */
  query: string;
  viewer: Viewer;
}

/**
 * One group's matches as SQL over the owning module's own tables, newest first by (`at`, `id`).
 * Every expression is SQL text built in the module's `*.queries.ts`; the platform only wraps it
 * (keyset, limit, re-rank) and never reads the module's tables itself.
 */
export interface SearchSource {
  /** The FROM clause the match is found in (tables and joins), e.g. `post p`. */
  from: string;
  /**
   * The match, served by one GIN index: a row's whole document is one `tsvector` on one row (a
   * match split over two rows' vectors cannot be bounded by either index).
   */
  match: string;
  /** Every other condition: what the viewer may see, the row's kind. */
  where: string[];
  /**
   * Whether the newest rows may be walked (and the match checked on each) before the GIN index
   * is read: a row of `from` must then be cheap to read in recency order. Default true.
   */
  walk?: boolean;
  /**
   * Whether a search may read a window of `from` behind its walk (search.queries: a page's
   * window by the walk's span, a re-rank's placed by a sample of the table, TABLESAMPLE): `from`
   * must then be one table with its alias, and `at` have a btree index (the window is its
   * range). Default false: what the walk does not find is read from every match older than it.
   */
  sample?: boolean;
  /** The row's `tsvector`, for ranking. */
  vector: string;
  /** The recency of a row (timestamptz) and its unique id: the keyset. */
  at: string;
  id: string;
  /**
   * The FROM clause the shown columns are read from, for the rows returned only (by `id`):
   * `from` when not given; e.g. `from` joined to a kind's table for its title.
   */
  shownFrom?: string;
  /** What a result shows: the key its screen is addressed by, a title, a detail, an image ref. */
  key: string;
  title: string;
  detail: string;
  image: string;
}

/**
 * A module that owns searchable rows registers one provider per group at start-up
 * (`SearchService.register`), as post kinds register with content.
 */
export interface SearchProvider {
  group: SearchGroup;
  /** The SQL type of `SearchSource.id`, so a cursor's id is checked before it reaches SQL. */
  idType: 'uuid' | 'int';
  source(context: SearchContext): SearchSource;
}
