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
 * A part first takes the group's newest matches — at most `candidates` of them — and only then
 * orders: by recency (candidatesSql: the recency index for a common or middling word, the GIN
 * index for a rare one; each part a keyset page) or by `ts_rank_cd` over that bounded set
 * (rerankCandidatesSql: the re-rank never ranks more than MAX_RERANK_CANDIDATES rows, and reads
 * a bounded part of the table to find them). The shown columns are computed for the rows
 * returned only.
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
 * A re-rank wants 1,000 candidates: it walks RERANK_WALK rows first (rerankCandidatesSql).
 */
export const WALK_PER_MATCH = 100;
export const MIN_WALK = 1000;
export const RERANK_WALK = 4000;
/** How far back a page's window reaches behind its walk, in spans of the walk (candidatesSql). */
export const WINDOW_PER_WALK = 20;

/**
 * A re-rank's sample (rerankCandidatesSql): the percent of a source's pages read
 * (TABLESAMPLE SYSTEM, the same pages every time for the same table) and the sampled matches
 * its window reaches back to. The window then holds about RERANK_SAMPLE_MATCHES /
 * (RERANK_SAMPLE_PERCENT / 100) = 2,400 matches: enough for the 1,000 candidates unless the
 * sample is far off (then every match is read, as before), and few enough to read by index.
 */
export const RERANK_SAMPLE_PERCENT = 0.5;
export const RERANK_SAMPLE_MATCHES = 12;
/**
 * The most rows a re-rank's window may span per match behind the walk (both as the sample
 * counts them), else every match is read instead: reading a match from the table costs about as
 * much as 20 entries of the recency index's range (1.5 µs and 65 ns at 1M posts). A word of 1
 * text post in 12 spans 0.4 rows per match (its window: 24,000 rows, 66,000 matches), a plant's
 * name in 1 listing in 12 about 6 (the recency index holds every kind of post); a word of 1 post
 * in 100 spans about 30 and one of 1 in 200 most of the table: their matches are read instead.
 */
export const RERANK_WINDOW_ROWS_PER_MATCH = 20;
/**
 * From this many matches in a re-rank's walk on, its window is sized by the walk's own rate of
 * matches (1.5 times the span the rest of the candidates should need) rather than placed by the
 * sample: 20 matches tell the rate within about a fifth, the sample's 12 within about a third
 * (its window holds 2.4 times what is wanted), so the window is smaller.
 */
export const RERANK_RATE_MATCHES = 20;

/** The bounds of a re-rank (the constants above; a test narrows them to reach each step). */
export interface RerankBounds {
  candidates: number;
  walk: number;
  samplePercent: number;
  sampleMatches: number;
  windowRowsPerMatch: number;
  rateMatches: number;
}

export const RERANK_BOUNDS: RerankBounds = {
  candidates: MAX_RERANK_CANDIDATES,
  walk: RERANK_WALK,
  samplePercent: RERANK_SAMPLE_PERCENT,
  sampleMatches: RERANK_SAMPLE_MATCHES,
  windowRowsPerMatch: RERANK_WINDOW_ROWS_PER_MATCH,
  rateMatches: RERANK_RATE_MATCHES,
};

/**
 * The newest `limit` matches of a source (id, recency), whatever the word's frequency, with no
 * guess of the planner's deciding the plan (its estimate of a word missing from the statistics
 * can make it walk the whole recency index for a rare word):
 * - first the newest `walk` rows are read in recency order and the match checked on each,
 *   stopping at the `limit`th match: a common or middling word fills the page from them;
 * - when they hold fewer (a word of 1 row in 200 holds about 5 in 1,000), a source with a
 *   window (`sample`) reads the matches of a time behind the walk, a multiple of its span (by
 *   its rate of matches; WINDOW_PER_WALK when it found none): the GIN index's matches ANDed
 *   with the recency index's range, at most 20 times the walk's rows in index entries (cheap)
 *   and their few matches from the table;
 * - only when those hold too few as well (a rare word) are all the matches behind read from the
 *   GIN index and sorted: their number is then small (a word of 1 row in `walk` × 20 / `limit`).
 * The window and the walk hold the newest matches whenever they hold `limit` of them, so the
 * page is the same whichever step fills it. The one-time filters on the counts keep PostgreSQL
 * from running a step it does not need, and the order by an expression keeps it from walking
 * the recency index for the GIN index's matches.
 */
function candidatesSql(source: SearchSource, where: string[], limitParam: string, walk: number) {
  const conditions = (extra: string[]) => [...where, ...extra].join('\n           AND ') || 'TRUE';
  const columns = `${source.id} AS hit_id, ${source.at} AS hit_at`;
  const newestMatches = (extra: string[]) => `SELECT ${columns} FROM ${source.from}
         WHERE ${conditions([source.match, ...extra])}
         ORDER BY ${source.at} + interval '0 seconds' DESC, ${source.id} DESC
         LIMIT ${limitParam}`;
  if (source.walk === false) return newestMatches([]);
  if (!source.sample)
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
       SELECT * FROM (${newestMatches([])}) gin WHERE (SELECT count(*) FROM walked) < ${limitParam}`;
  // Behind the walk's last row; for `older` in a form the recency index cannot serve (its range
  // would be most of the table: see rerankCandidatesSql).
  const behind = (at: string) => `(${at}, ${source.id}) < (SELECT edge_at, edge_id FROM edge)`;
  const walkedShort = `(SELECT count(*) FROM walked) < ${limitParam} AND EXISTS (SELECT FROM edge)`;
  const windowedFull = `(SELECT count(*) FROM walked) + (SELECT count(*) FROM windowed) >= ${limitParam}`;
  // The window's reach in spans of the walk: three times what the walk's own rate of matches
  // says the page still needs, at least one span, at most WINDOW_PER_WALK (a walk with none).
  const spans = `(SELECT CASE WHEN count(*) = 0 THEN ${WINDOW_PER_WALK}
                     ELSE least(${WINDOW_PER_WALK},
                                greatest(1, 3 * (${limitParam} - count(*))::float8 / count(*))) END
                    FROM walked)`;
  return `WITH newest AS MATERIALIZED (
         SELECT ${columns}, (${source.match}) AS hit_match
           FROM ${source.from}
          WHERE ${conditions([])}
          ORDER BY ${source.at} DESC, ${source.id} DESC
          LIMIT ${walk}),
       walked AS MATERIALIZED (
         SELECT hit_id, hit_at FROM newest WHERE hit_match LIMIT ${limitParam}),
       edge AS MATERIALIZED (
         SELECT hit_at AS edge_at, hit_id AS edge_id,
                hit_at - ${spans} * ((SELECT max(hit_at) FROM newest) - hit_at) AS window_at
           FROM newest ORDER BY hit_at DESC, hit_id DESC OFFSET ${walk - 1} LIMIT 1),
       windowed AS MATERIALIZED (${newestMatches([
         behind(source.at),
         `${source.at} >= (SELECT window_at FROM edge)`,
       ])}),
       older AS MATERIALIZED (${newestMatches([behind(`${source.at} + interval '0 seconds'`)])})
       SELECT * FROM walked
       UNION ALL
       SELECT * FROM windowed WHERE ${walkedShort} AND ${windowedFull}
       UNION ALL
       SELECT * FROM older WHERE ${walkedShort} AND NOT ${windowedFull}`;
}

/**
 * The newest MAX_RERANK_CANDIDATES matches of a source (id, recency, vector) for a re-rank,
 * read with a bounded amount of work whatever the word's frequency. The GIN index finds a
 * word's matches but not in recency order: sorting all of them is what made a common word slow
 * (every one of 66,000 matches of a word in 1 post in 12 read from the table at 1M posts, to
 * keep the newest 1,000). So:
 * - the newest RERANK_WALK rows are walked and the match checked on each (`walked`, stopping
 *   at the 1,000th match): a common word's candidates are all there;
 * - else, behind the walk (`edge`), a window is `placed`: by the walk's own rate of matches when
 *   it found RERANK_RATE_MATCHES, else by a sample of the table's pages (`sampled`), the window
 *   then holding about 2.4 times the matches still `wanted` (RERANK_SAMPLE_MATCHES for all
 *   1,000); only the matches inside it are read: the GIN index's matches intersected with the
 *   recency index's range (`windowed`), if the sample says its rows are few beside the matches
 *   (RERANK_WINDOW_ROWS_PER_MATCH);
 * - only when the sample has too few matches (a rare word: its matches are then few) or the
 *   window holds too few of them is every match behind the walk read (`older`).
 * A window that holds enough matches holds the newest of them, so the set is always exactly
 * the newest matches; the sample decides only how much is read. Each step runs only when the
 * steps before it came short (one-time filters on the counts). The candidates carry their
 * vectors, read with their rows, for the rank. A source without `sample` skips the window.
 */
function rerankCandidatesSql(
  source: SearchSource,
  where: string[],
  limitParam: string,
  bounds: RerankBounds,
) {
  // A source that is not walked: its newest matches by its GIN index, each vector read by id.
  if (source.walk === false)
    return `SELECT c.hit_id, c.hit_at, ranked.vector AS hit_vector
          FROM (${candidatesSql(source, where, limitParam, 0)}) c
          CROSS JOIN LATERAL (SELECT ${source.vector} AS vector FROM ${source.from}
                               WHERE ${source.id} = c.hit_id LIMIT 1) ranked`;
  const conditions = (extra: string[]) => [...where, ...extra].join('\n           AND ') || 'TRUE';
  const columns = `${source.id} AS hit_id, ${source.at} AS hit_at, ${source.vector} AS hit_vector`;
  const behind = (at: string) => `(${at}, ${source.id}) < (SELECT edge_at, edge_id FROM edge)`;
  // The order by an expression keeps PostgreSQL from walking the recency index backwards for
  // the GIN index's matches (see candidatesSql).
  const newestMatches = (extra: string[]) => `SELECT ${columns} FROM ${source.from}
         WHERE ${conditions([source.match, ...extra])}
         ORDER BY ${source.at} + interval '0 seconds' DESC, ${source.id} DESC
         LIMIT ${limitParam}`;
  // Every match behind the walk (`older`): the recency index's range would be most of the
  // table, so its bound is an expression the index cannot serve (else PostgreSQL ANDs that range
  // with the GIN index's matches when it expects many, reading an entry per row of the table).
  const noIndex = `${source.at} + interval '0 seconds'`;
  const walkedShort = `(SELECT count(*) FROM walked) < ${limitParam}
           AND EXISTS (SELECT FROM edge)`;
  // The window is read only when it was placed (a source with `sample`: by the walk's rate, or
  // by enough sampled matches) and its rows are few beside the matches behind the walk: each row
  // of the window, whatever its kind, is an entry of the recency index's range, each match a row
  // read from the table (RERANK_WINDOW_ROWS_PER_MATCH).
  const windowWorthReading = `(SELECT window_at FROM placed) IS NOT NULL
           AND (SELECT count(*) FROM sample WHERE hit_at >= (SELECT window_at FROM placed))
               <= ${bounds.windowRowsPerMatch} * (SELECT count(*) FROM sample WHERE hit_match)`;
  const windowedFull = `(SELECT count(*) FROM walked) + (SELECT count(*) FROM windowed) >= ${limitParam}`;
  // Whether the walk found enough matches to size the window by its rate.
  const rated = source.sample ? `(SELECT count(*) FROM walked) >= ${bounds.rateMatches}` : 'FALSE';
  // The sample's rows behind the walk, of any kind, each with whether it is a visible match.
  const sample = source.sample
    ? `SELECT ${source.at} AS hit_at, (${conditions([source.match])}) AS hit_match
         FROM ${source.from} TABLESAMPLE SYSTEM (${bounds.samplePercent}) REPEATABLE (0)
        WHERE ${source.at} < (SELECT edge_at FROM edge)`
    : `SELECT NULL::timestamptz AS hit_at, FALSE AS hit_match WHERE FALSE`;
  return `WITH newest AS MATERIALIZED (
         SELECT ${source.id} AS hit_id, ${source.at} AS hit_at,
                CASE WHEN ${source.match} THEN ${source.vector} END AS hit_vector
           FROM ${source.from}
          WHERE ${conditions([])}
          ORDER BY ${source.at} DESC, ${source.id} DESC
          LIMIT ${bounds.walk}),
       walked AS MATERIALIZED (
         SELECT * FROM newest WHERE hit_vector IS NOT NULL LIMIT ${limitParam}),
       edge AS MATERIALIZED (
         SELECT hit_at AS edge_at, hit_id AS edge_id FROM newest
          ORDER BY hit_at DESC, hit_id DESC OFFSET ${bounds.walk - 1} LIMIT 1),
       wanted AS MATERIALIZED (
         SELECT greatest(1, ceil(${bounds.sampleMatches}::numeric
                * (${limitParam} - (SELECT count(*) FROM walked)) / ${limitParam}))::int AS n),
       sample AS MATERIALIZED (${sample}),
       sampled AS MATERIALIZED (
         SELECT hit_at FROM sample WHERE hit_match
          ORDER BY hit_at DESC LIMIT (SELECT n FROM wanted)),
       placed AS MATERIALIZED (
         SELECT CASE
                WHEN ${rated}
                THEN (SELECT edge_at FROM edge) - ((SELECT max(hit_at) FROM newest) - (SELECT edge_at FROM edge))
                     * (1.5 * (${limitParam} - (SELECT count(*) FROM walked))::float8
                        / (SELECT count(*) FROM walked))
                WHEN (SELECT count(*) FROM sampled) = (SELECT n FROM wanted)
                THEN (SELECT min(hit_at) FROM sampled) END AS window_at),
       windowed AS MATERIALIZED (${newestMatches([
         behind(source.at),
         `${source.at} >= (SELECT window_at FROM placed)`,
       ])}),
       older AS MATERIALIZED (${newestMatches([behind(noIndex)])})
       SELECT * FROM (
         SELECT * FROM walked
         UNION ALL
         SELECT * FROM windowed WHERE ${walkedShort} AND ${windowWorthReading} AND ${windowedFull}
         UNION ALL
         SELECT * FROM older WHERE ${walkedShort} AND NOT (${windowWorthReading} AND ${windowedFull})
       ) found
       ORDER BY hit_at DESC, hit_id DESC
       LIMIT ${limitParam}`;
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
  bounds: RerankBounds,
): string {
  const source = provider.source({ params, query, viewer });
  const where = [...source.where];
  if (cursor && order === 'recent')
    where.push(
      `(${source.at}, ${source.id}) < (${params.add(cursor.at)}::timestamptz, ${params.add(cursor.id)}::${provider.idType})`,
    );
  const candidates = order === 'recent' ? limit : bounds.candidates;
  const walk = Math.max(MIN_WALK, limit * WALK_PER_MATCH);
  // Ranked: at most MAX_RERANK_CANDIDATES candidates, each with the vector read with its row.
  const picked =
    order === 'relevance'
      ? `SELECT c.hit_id, c.hit_at, ts_rank_cd(c.hit_vector, ${query}) AS hit_rank
          FROM (${rerankCandidatesSql(source, where, params.add(candidates), bounds)}) c
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
  bounds: RerankBounds = RERANK_BOUNDS,
): Sql {
  const params = new SqlParams();
  const query = tsquerySql(params.add(term));
  const statements = parts.map((part) => partSql(params, query, viewer, part, order, bounds));
  return { text: statements.join('\nUNION ALL\n'), values: params.values };
}
