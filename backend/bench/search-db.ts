/**
 * Search at the database, on a scratch database of `--posts` posts (default 1,000,000; a fifth
 * plant listings) by `--members` members (default 100,000, each with a handle), seeded set-based.
 * The post texts (and the members' bios) carry a vocabulary of 50,000 words, and words of known
 * frequency:
 *   common     'the'          in every second post;
 *   middling   'fern'         in one post in 100;
 *   uncommon   'zquncommon'   in one text post in 200 and one listing in 50: too rare for a
 *                             page's walk, too common to read every match cheaply;
 *   rare       'zqrareword'   in one post in 100,000 (10 at the default), the newest a third back;
 *   very rare  'zqveryrare'   in one post, the oldest.
 * Times the very statement GET /api/iam/search/term/{term} sends (platform/search searchSql over
 * the modules' registered sources, captured from them) by PostgreSQL's own EXPLAIN ANALYZE
 * execution time, for a verified member:
 *   recent     every group's first page, newest first (what the header box asks, order=recent);
 *   posts      one group's page of 20 (order=recent&group=posts);
 *   ranked     the re-rank of each group's newest ≤ 1,000 matches (order=relevance);
 * and the handle prefix (GET search/username-page-handle/{3 and 5 characters}). With
 * --per-group, also each group's part alone (`recent posts`, `ranked plants`, …). Targets: recent
 * p99 ≤ 10 ms for every word, ranked ≤ 50 ms, handle prefix ≤ 5 ms.
 *
 *   cd backend && node -r @swc-node/register bench/search-db.ts [--posts 1000000]
 *     [--members 100000] [--runs 100] [--per-group]
 *
 * DATABASE_URL: a server where it may create (and then drops) a database. SEARCH_DB_KEEP=1 keeps
 * it; SEARCH_DB_URL=<its URL> measures that kept database again (migrated first, not re-seeded).
 */
import { DataSource } from 'typeorm';
import { createScratchDatabase } from '../scripts/schema-tools';
import { handlesStartingWith } from '../src/modules/identity/search.queries';
import type { Viewer } from '../src/platform/access/viewer';
import { dataSourceOptions } from '../src/platform/database/data-source-options';
import { runMigrations } from '../src/platform/database/migrate';
import { searchSql } from '../src/platform/search/search.queries';
import { SEARCH_DEFAULT_TAKE } from '../src/platform/search/search.service';
import { SEARCH_PROVIDERS } from './raw-search';
import { serverUrl } from './support/env';

export const SEARCH_WORDS = {
  common: 'the',
  middling: 'fern',
  uncommon: 'zquncommon',
  rare: 'zqrareword',
  'very rare': 'zqveryrare',
} as const;

interface Statement {
  text: string;
  values: unknown[];
}

interface Timing {
  p50: number;
  p99: number;
  runs: number;
}

export interface SearchDbRow {
  what: string;
  word: string;
  timing: Timing;
  target: number;
  plan: string;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

const idSql = (kind: number, n: string) =>
  `('00000000-0000-4000-${8000 + kind}-' || lpad(to_hex(${n}), 12, '0'))::uuid`;

async function seed(
  dataSource: DataSource,
  sizes: { members: number; posts: number },
  log: (line: string) => void,
) {
  const { members, posts } = sizes;
  log(`seeding ${members} members with handles`);
  await dataSource.query(
    `INSERT INTO user_account (id, email, password_hash, email_verified_at, username, display_name,
                               registered_at, bio)
     SELECT ${idSql(0, 'g')}, 'search' || g || '@bench.plantfolk.test', 'x', now(),
            'grower_' || g, 'Grower ' || g, now() - g * interval '1 minute',
            'Grows v' || ((g::bigint * 31) % 200) || ' and w' || ((g::bigint * 7919) % 50000)
       FROM generate_series(1, $1::int) AS g`,
    [members],
  );
  await dataSource.query(
    `INSERT INTO handle (handle, owner_type, owner_id)
     SELECT 'grower_' || g, 'user', ${idSql(0, 'g')} FROM generate_series(1, $1::int) AS g`,
    [members],
  );
  const batch = 200_000;
  for (let from = 1; from <= posts; from += batch) {
    const to = Math.min(posts, from + batch - 1);
    log(`seeding posts ${from}–${to} of ${posts}`);
    // Post g is g × 30 s old: g = 1 the newest.
    await dataSource.query(
      `INSERT INTO post (id, random_id, type, user_id, text, privacy, created_at, updated_at, bumped_at)
       SELECT ${idSql(1, 'g')}, 's' || lpad(g::text, 9, '0'),
              CASE WHEN g % 5 = 0 THEN 'plant/image' ELSE 'text/image' END,
              ${idSql(0, '(g % $3 + 1)')},
              -- A vocabulary as real texts have one: a word of 200 and a word of 50,000 each.
              concat_ws(' ', 'Repotted', CASE WHEN g % 2 = 0 THEN 'the' END, 'monstera today',
                        'v' || ((g::bigint * 7919) % 200), 'w' || ((g::bigint * 104729) % 50000),
                        CASE WHEN g % 100 = 7 THEN 'fern' END,
                        CASE WHEN g % 250 IN (11, 135) THEN 'zquncommon' END,
                        CASE WHEN g % 100000 = $4::int / 3 % 100000 THEN 'zqrareword' END,
                        CASE WHEN g = $4 THEN 'zqveryrare' END),
              CASE WHEN g % 20 = 0 THEN 'private' WHEN g % 20 < 4 THEN 'members' ELSE 'public' END,
              now() - g * interval '30 seconds', now() - g * interval '30 seconds',
              now() - g * interval '30 seconds'
         FROM generate_series($1::int, $2::int) AS g`,
      [from, to, members, posts],
    );
  }
  log('seeding plant listings');
  await dataSource.query(
    `INSERT INTO plant (post_id, user_id, name, species, available)
     SELECT p.id, p.user_id, 'Plant ' || (substr(p.random_id, 2)::int % 500), NULL, true
       FROM post p WHERE p.type = 'plant/image'`,
  );
  log('vacuum analyze');
  // As autovacuum would have: the listings' triggers rewrote a fifth of the posts.
  await dataSource.query('VACUUM ANALYZE');
}

/** A verified member who wrote none of the posts: sees public and members' posts. */
const READER: Viewer = {
  kind: 'member',
  userId: '00000000-0000-4000-9999-000000000001',
  admin: false,
  verified: true,
};

function statementsFor(word: string, perGroup: boolean): Record<string, Statement[]> {
  const parts = (providers: typeof SEARCH_PROVIDERS, limit: number) =>
    providers.map((provider) => ({ provider, cursor: null, limit }));
  const header = SEARCH_DEFAULT_TAKE + 1;
  const posts = SEARCH_PROVIDERS.filter((provider) => provider.group === 'posts');
  const statements: Record<string, Statement[]> = {
    recent: [searchSql(word, READER, parts(SEARCH_PROVIDERS, header), 'recent')],
    posts: [searchSql(word, READER, parts(posts, 21), 'recent')],
    ranked: [searchSql(word, READER, parts(SEARCH_PROVIDERS, header), 'relevance')],
  };
  // Each group's own part alone (the merged statement is their sum plus the merge).
  if (perGroup)
    for (const provider of SEARCH_PROVIDERS)
      for (const order of ['recent', 'relevance'] as const)
        statements[`${order === 'recent' ? 'recent' : 'ranked'} ${provider.group}`] = [
          searchSql(word, READER, parts([provider], header), order),
        ];
  return statements;
}

async function handleStatement(prefix: string): Promise<Statement> {
  let captured: Statement | undefined;
  await handlesStartingWith(
    {
      query: async (text: string, values?: unknown[]) => {
        captured = { text, values: values ?? [] };
        return [];
      },
    },
    prefix,
    10,
  );
  return captured as Statement;
}

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

function nodeTypes(plan: PlanNode): string[] {
  const out: string[] = [];
  const walk = (node: PlanNode) => {
    if (node['Index Name']) out.push(`${node['Node Type']} (${node['Index Name']})`);
    for (const child of node.Plans ?? []) walk(child);
  };
  walk(plan);
  return [...new Set(out)];
}

async function time(dataSource: DataSource, statements: Statement[], runs: number) {
  const once = async () => {
    let ms = 0;
    let plan = '';
    for (const { text, values } of statements) {
      const [row] = await dataSource.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${text}`, values);
      const [result] = row['QUERY PLAN'];
      ms += result['Execution Time'] as number;
      plan = nodeTypes(result.Plan).join(', ');
    }
    return { ms, plan };
  };
  for (let warm = 0; warm < 3; warm += 1) await once();
  const values: number[] = [];
  let plan = '';
  for (let run = 0; run < runs; run += 1) {
    const result = await once();
    values.push(result.ms);
    plan = result.plan;
  }
  return {
    timing: { p50: percentile(values, 50), p99: percentile(values, 99), runs: values.length },
    plan,
  };
}

/**
 * Seeds, measures and drops its own database; or, with `reuseUrl`, measures a database this
 * script seeded before and kept (SEARCH_DB_KEEP=1), migrating it to the current schema first.
 */
export async function measureSearchDb(options: {
  serverUrl: string;
  posts: number;
  members: number;
  runs: number;
  perGroup?: boolean;
  reuseUrl?: string;
  log?: (line: string) => void;
}): Promise<SearchDbRow[]> {
  const log = options.log ?? (() => undefined);
  const scratch = options.reuseUrl
    ? { url: options.reuseUrl, drop: async () => undefined }
    : await createScratchDatabase(options.serverUrl, 'plantfolk_search_bench');
  const dataSource = new DataSource(dataSourceOptions(scratch.url));
  try {
    await dataSource.initialize();
    const migrated = await runMigrations(dataSource);
    if (!options.reuseUrl) await seed(dataSource, options, log);
    else if (migrated.length) await dataSource.query('VACUUM ANALYZE');
    const rows: SearchDbRow[] = [];
    for (const [frequency, word] of Object.entries(SEARCH_WORDS)) {
      for (const [what, statements] of Object.entries(
        statementsFor(word, options.perGroup ?? false),
      )) {
        log(`timing ${what} for the ${frequency} word`);
        const { timing, plan } = await time(dataSource, statements, options.runs);
        rows.push({
          what,
          word: `${frequency} (${word})`,
          timing,
          target: what.startsWith('ranked') ? 50 : 10,
          plan,
        });
      }
    }
    for (const prefix of ['gro', 'grower_12']) {
      log(`timing the handle prefix ${prefix}`);
      const { timing, plan } = await time(
        dataSource,
        [await handleStatement(prefix)],
        options.runs,
      );
      rows.push({ what: 'handle prefix', word: prefix, timing, target: 5, plan });
    }
    return rows;
  } finally {
    if (dataSource.isInitialized) await dataSource.destroy();
    // SEARCH_DB_KEEP=1 keeps the database to look at plans by hand (its URL is logged).
    if (process.env.SEARCH_DB_KEEP === '1' || options.reuseUrl) log(`kept ${scratch.url}`);
    else await scratch.drop();
  }
}

export function searchDbTable(rows: SearchDbRow[]): string {
  return [
    '| what            | word                     | p50 ms | p99 ms | runs | target ms | result |',
    '| --------------- | ------------------------ | ------ | ------ | ---- | --------- | ------ |',
    ...rows.map(
      (row) =>
        `| ${row.what.padEnd(15)} | ${row.word.padEnd(24)} | ${row.timing.p50.toFixed(3).padStart(6)} ` +
        `| ${row.timing.p99.toFixed(3).padStart(6)} | ${String(row.timing.runs).padStart(4)} ` +
        `| ${String(row.target).padStart(9)} | ${(row.timing.p99 <= row.target ? 'pass' : 'FAIL').padEnd(6)} |`,
    ),
  ].join('\n');
}

function argument(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? Number(process.argv[index + 1]) : fallback;
}

if (require.main === module) {
  measureSearchDb({
    serverUrl: serverUrl(),
    posts: argument('posts', 1_000_000),
    members: argument('members', 100_000),
    runs: argument('runs', 100),
    perGroup: process.argv.includes('--per-group'),
    reuseUrl: process.env.SEARCH_DB_URL,
    log: (line) => process.stderr.write(`${line}\n`),
  })
    .then((rows) => {
      process.stdout.write(
        `${searchDbTable(rows)}\n\n${rows.map((row) => `plan ${row.what} ${row.word}: ${row.plan}`).join('\n')}\n`,
      );
    })
    .catch((error) => {
      console.error(error);
      process.exit(1);
    });
}
