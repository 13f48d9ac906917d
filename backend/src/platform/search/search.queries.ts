import type { Viewer } from '../access/viewer';
import { SqlParams } from '../database/sql-params';
import { cursorTimeSql } from '../paging/paging';
import type { SearchGroup, SearchProvider, SearchSource } from './search-provider';

/**
 * The one statement of a search: each group's provider gives its matches as SQL over its own
 * tables (SearchSource); this wraps each into a bounded, keyset-paged part and merges the parts
 * with UNION ALL, so a search is one round trip whatever the number of groups (each part costs
 * about a millisecond at 300,000 posts: bench/search-db.ts times each and the merge).
 *
 * A part first takes the group's newest matches (candidatesSql: the recency index for a common
 * or middling word, the GIN index for a rare one) — at most `candidates` of them — and only then
 * orders: by recency (the same rows, each part a keyset page) or by `ts_rank_cd` over that bounded
 * set (the re-rank never ranks more than MAX_RERANK_CANDIDATES rows, and reads their vectors by
 * id). The shown columns are computed for the rows returned only.
 */

/** The most candidates a ranked search re-ranks per group. */
export const MAX_RERANK_CANDIDATES = 1000;

export interface SearchPart {
  provider: SearchProvider;
  /** The position after which this page starts (recency only). */
  cursor: { at: string; id: string } | null;
  /** Rows to return (a page, plus one to know whether there is more). */
  limit: number;
}

export interface SearchHitRow {
  group: SearchGroup;
  id: string;
  key: string;
  title: string;
  detail: string | null;
  image: string | null;
  at: Date;
  cursor_at: string;
  /** 1-based place of the row in its group. */
  position: number;
}

export interface Sql {
  text: string;
  values: unknown[];
}

/** The tsquery of a search term: unaccented like the documents, no stemming ('simple'). */
function tsquerySql(term: string): string {
  return `websearch_to_tsquery('simple'::regconfig, search_unaccent(${term}::text))`;
}

/**
 * How many newest rows a search walks (checking the match on each) before it reads the GIN index
 * instead: WALK_PER_MATCH per wanted match, at least MIN_WALK. A word in one row in N fills a
 * page of L from about L × N rows, so a page walks to words of about 1 in 100; what reaches the
 * GIN branch is rarer, and it reads at most rows × L / walk matches (1 in 100 of the rows).
 * A re-rank wants 1,000 candidates: it walks RERANK_WALK rows, then reads the GIN index.
 */
export const WALK_PER_MATCH = 100;
export const MIN_WALK = 1000;
export const RERANK_WALK = 4000;

/**
 * The newest `limit` matches of a source (id, recency, vector), whatever the word's frequency,
 * with no guess of the planner's deciding the plan (its estimate of a word missing from the
 * statistics can make it walk the whole recency index for a rare word):
 * - first the newest `walk` rows are read in recency order and the match checked on each,
 *   stopping at the `limit`th match: a common or middling word fills the page from them;
 * - only when they hold fewer than `limit` matches (a rare word) are the matches read from the
 *   GIN index and sorted: their number is then small (see MIN_WALK). The one-time filter on the
 *   walk's count keeps PostgreSQL from running the branch it does not need, and the order by an
 *   expression keeps it from walking the recency index there.
 */
function candidatesSql(source: SearchSource, where: string[], limitParam: string, walk: number) {
  const conditions = (extra: string[]) => [...where, ...extra].join('\n           AND ') || 'TRUE';
  const columns = `${source.id} AS hit_id, ${source.at} AS hit_at`;
  const indexed = `SELECT ${columns} FROM ${source.from}
         WHERE ${conditions([source.match])}
         ORDER BY ${source.at} + interval '0 seconds' DESC, ${source.id} DESC
         LIMIT ${limitParam}`;
  if (source.walk === false) return indexed;
  return `WITH walked AS MATERIALIZED (
         SELECT hit_id, hit_at FROM (
           SELECT ${columns}, (${source.match}) AS hit_match
             FROM ${source.from}
            WHERE ${conditions([])}
            ORDER BY ${source.at} DESC, ${source.id} DESC
            LIMIT ${walk}) newest
          WHERE hit_match LIMIT ${limitParam})
       SELECT * FROM walked WHERE (SELECT count(*) FROM walked) >= ${limitParam}
       UNION ALL
       SELECT * FROM (${indexed}) gin WHERE (SELECT count(*) FROM walked) < ${limitParam}`;
}

/**
 * One group's part of a search: its page (recency, after the cursor) or its re-rank of the
 * newest MAX_RERANK_CANDIDATES matches, with the shown columns read for the rows returned only.
 */
function partSql(
  params: SqlParams,
  query: string,
  viewer: Viewer,
  { provider, cursor, limit }: SearchPart,
  order: 'recent' | 'relevance',
): string {
  const source = provider.source({ params, query, viewer });
  const where = [...source.where];
  if (cursor && order === 'recent')
    where.push(
      `(${source.at}, ${source.id}) < (${params.add(cursor.at)}::timestamptz, ${params.add(cursor.id)}::${provider.idType})`,
    );
  const candidates = order === 'recent' ? limit : MAX_RERANK_CANDIDATES;
  const walk = order === 'recent' ? Math.max(MIN_WALK, limit * WALK_PER_MATCH) : RERANK_WALK;
  // Ranked: each candidate's vector is read by its id (the candidates are at most 1,000).
  const picked =
    order === 'relevance'
      ? `SELECT c.hit_id, c.hit_at, ts_rank_cd(ranked.vector, ${query}) AS hit_rank
          FROM (${candidatesSql(source, where, params.add(candidates), walk)}) c
          CROSS JOIN LATERAL (SELECT ${source.vector} AS vector FROM ${source.from}
                               WHERE ${source.id} = c.hit_id LIMIT 1) ranked
         ORDER BY hit_rank DESC, c.hit_at DESC, c.hit_id DESC
         LIMIT ${params.add(limit)}`
      : `SELECT hit_id, hit_at, 0::real AS hit_rank
          FROM (${candidatesSql(source, where, params.add(candidates), walk)}) candidates
         ORDER BY hit_at DESC, hit_id DESC
         LIMIT ${params.add(limit)}`;
  const orderBy = `${order === 'relevance' ? 'top.hit_rank DESC, ' : ''}top.hit_at DESC, top.hit_id DESC`;
  return `(SELECT ${params.add(provider.group)}::text AS "group", top.hit_id::text AS id,
       shown.key, shown.title, shown.detail, shown.image, top.hit_at AS at,
       ${cursorTimeSql('top.hit_at')} AS cursor_at,
       row_number() OVER (ORDER BY ${orderBy})::int AS position
  FROM (${picked}) top
  CROSS JOIN LATERAL (
        SELECT (${source.key})::text AS key, (${source.title})::text AS title,
               (${source.detail})::text AS detail, (${source.image})::text AS image
          FROM ${source.shownFrom ?? source.from}
         WHERE ${source.id} = top.hit_id
         LIMIT 1) shown
 ORDER BY ${orderBy})`;
}

/** Every part in one statement (UNION ALL): one round trip whatever the number of groups. */
export function searchSql(
  term: string,
  viewer: Viewer,
  parts: SearchPart[],
  order: 'recent' | 'relevance',
): Sql {
  const params = new SqlParams();
  const query = tsquerySql(params.add(term));
  const statements = parts.map((part) => partSql(params, query, viewer, part, order));
  return { text: statements.join('\nUNION ALL\n'), values: params.values };
}
