import type { Viewer } from '../access/viewer';
import { SqlParams } from '../database/sql-params';
import { cursorTimeSql } from '../paging/paging';
import type { SearchGroup, SearchProvider, SearchSource } from './search-provider';

/**
 * The one statement of a search: each group's provider gives its matches as SQL over its own
 * tables (SearchSource); this wraps each into a bounded, keyset-paged part and merges the parts
 * with UNION ALL, so a search is one round trip whatever the number of groups.
 *
 * A part first takes the group's newest matches (candidatesSql: the recency index for a common
 * word, the GIN index for a rarer one) — at most `candidates` of them — and only then orders: by recency (the same rows, each
 * part a keyset page) or by `ts_rank_cd` over that bounded set (the re-rank never ranks more than
 * MAX_RERANK_CANDIDATES rows). The shown columns are computed for the rows returned only.
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
 * The term's words joined by websearch's `or` (quotes and exclusions dropped): a row matching the
 * term matches this too. Built in code so the tsquery is a constant the planner folds and reads
 * the statistics of, as it does for the term itself.
 */
export function anyWordTerm(term: string): string {
  const words = term
    .replace(/["]/g, ' ')
    .split(' ')
    .filter((word) => word && !word.startsWith('-') && word.toLowerCase() !== 'or');
  return words.join(' or ');
}

/** How many newest rows per wanted match a search walks before it reads the GIN index instead. */
export const WALK_FACTOR = 4;
/** The fewest newest rows walked (a header box asks for six per group). */
export const MIN_WALK = 500;

/**
 * The newest `limit` matches of a source (id, recency, vector), whatever the word's frequency,
 * with no guess of the planner's deciding the plan (its estimate of a word missing from the
 * statistics can make it walk the whole recency index for a rare word):
 * - first the newest `walk` rows are read in recency order and the match checked on each: a
 *   common word fills the page from them;
 * - only when they hold fewer than `limit` matches (a rarer word) are the matches read from the
 *   GIN index of each alternative and sorted: their number is then small. The one-time filter
 *   on the walk's count keeps PostgreSQL from running the branch it does not need, and the
 *   order by an expression keeps it from walking the recency index there.
 */
function candidatesSql(source: SearchSource, where: string[], limitParam: string, walk: number) {
  const conditions = (extra: string[]) => [...where, ...extra].join('\n           AND ') || 'TRUE';
  const checks = source.check ? [source.check] : [];
  const columns = `${source.id} AS hit_id, ${source.at} AS hit_at, ${source.vector} AS hit_vector`;
  const fromIndex = source.matches.map(
    (match) => `SELECT ${columns} FROM ${source.from}
         WHERE ${conditions([match, ...checks])}
         ORDER BY ${source.at} + interval '0 seconds' DESC, ${source.id} DESC
         LIMIT ${limitParam}`,
  );
  const union =
    fromIndex.length === 1 ? fromIndex[0] : fromIndex.map((part) => `(${part})`).join('\n UNION ');
  const indexed = `SELECT * FROM (${union}) indexed
         ORDER BY hit_at DESC, hit_id DESC LIMIT ${limitParam}`;
  if (source.walk === false) return indexed;
  return `WITH walked AS MATERIALIZED (
         SELECT hit_id, hit_at, hit_vector FROM (
           SELECT ${columns}, (${[`(${source.matches.join(' OR ')})`, ...checks].join(' AND ')}) AS hit_match
             FROM ${source.from}
            WHERE ${conditions([])}
            ORDER BY ${source.at} DESC, ${source.id} DESC
            LIMIT ${walk}) newest
          WHERE hit_match LIMIT ${limitParam})
       SELECT * FROM walked WHERE (SELECT count(*) FROM walked) >= ${limitParam}
       UNION ALL
       SELECT * FROM (${indexed}) gin WHERE (SELECT count(*) FROM walked) < ${limitParam}`;
}

export function searchSql(
  term: string,
  viewer: Viewer,
  parts: SearchPart[],
  order: 'recent' | 'relevance',
): Sql {
  const params = new SqlParams();
  const termParam = params.add(term);
  const query = tsquerySql(termParam);
  // Added only when a provider asks for it: PostgreSQL refuses a parameter no statement uses.
  let anyWordParam: string | undefined;
  const anyWord = () => tsquerySql((anyWordParam ??= params.add(anyWordTerm(term))));
  const statements = parts.map(({ provider, cursor, limit }) => {
    const source = provider.source({
      params,
      query,
      get anyWord() {
        return anyWord();
      },
      viewer,
    });
    const where = [...source.where];
    if (cursor && order === 'recent')
      where.push(
        `(${source.at}, ${source.id}) < (${params.add(cursor.at)}::timestamptz, ${params.add(cursor.id)}::${provider.idType})`,
      );
    const candidates = order === 'recent' ? limit : MAX_RERANK_CANDIDATES;
    const picked = `SELECT hit_id, hit_at, ${order === 'relevance' ? `ts_rank_cd(hit_vector, ${query})` : '0::real'} AS hit_rank
          FROM (${candidatesSql(source, where, params.add(candidates), Math.max(MIN_WALK, candidates * WALK_FACTOR))}) candidates
         ORDER BY ${order === 'relevance' ? 'hit_rank DESC, ' : ''}hit_at DESC, hit_id DESC
         LIMIT ${params.add(limit)}`;
    const orderBy = `${order === 'relevance' ? 'top.hit_rank DESC, ' : ''}top.hit_at DESC, top.hit_id DESC`;
    // The shown columns, for the picked rows only: the source again, by its unique id.
    return `(SELECT ${params.add(provider.group)}::text AS "group", top.hit_id::text AS id,
       shown.key, shown.title, shown.detail, shown.image, top.hit_at AS at,
       ${cursorTimeSql('top.hit_at')} AS cursor_at,
       row_number() OVER (ORDER BY ${orderBy})::int AS position
  FROM (${picked}) top
  CROSS JOIN LATERAL (
        SELECT (${source.key})::text AS key, (${source.title})::text AS title,
               (${source.detail})::text AS detail, (${source.image})::text AS image
          FROM ${source.from}
         WHERE ${source.id} = top.hit_id
         LIMIT 1) shown
 ORDER BY ${orderBy})`;
  });
  return { text: statements.join('\nUNION ALL\n'), values: params.values };
}
