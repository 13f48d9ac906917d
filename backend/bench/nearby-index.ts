/**
 * Nearby people at the database: the query PUT /api/users/nearby sends, on a scratch database of
 * `--members` members (default 100,000) around six cities, timed by PostgreSQL itself (EXPLAIN
 * ANALYZE's execution time) as the app runs it — the GiST index over the public point read in
 * distance order — and the same statement with index scans turned off (a scan of every member and
 * a sort). Prints p50/p99 of each and the ratio; the target is p99 ≤ 10 ms indexed and ≥ 500× the
 * unindexed run at 100,000 members.
 *
 *   cd backend && node -r @swc-node/register bench/nearby-index.ts [--members 100000] [--runs 200]
 *
 * DATABASE_URL: a server where it may create (and then drops) a database.
 */
import { DataSource } from 'typeorm';
import { createScratchDatabase } from '../scripts/schema-tools';
import { nearestShownMembers } from '../src/modules/identity/directory.queries';
import {
  NEARBY_PEOPLE_DEFAULT_RADIUS_KM,
  NEARBY_PEOPLE_DEFAULT_TAKE,
} from '../src/modules/profiles/dto/people.dto';
import { dataSourceOptions } from '../src/platform/database/data-source-options';
import { runMigrations } from '../src/platform/database/migrate';
import { CITIES } from './dataset/steps/members';
import { serverUrl } from './support/env';

export interface NearbyIndexReport {
  members: number;
  indexed: { p50: number; p99: number; runs: number };
  unindexed: { p50: number; p99: number; runs: number };
  /** Unindexed p50 ÷ indexed p50. */
  speedup: number;
  plan: string[];
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** Seeds, measures and drops its own database. */
export async function measureNearbyIndex(options: {
  serverUrl: string;
  members: number;
  runs: number;
  log?: (line: string) => void;
}): Promise<NearbyIndexReport> {
  const log = options.log ?? (() => undefined);
  const scratch = await createScratchDatabase(options.serverUrl, 'plantfolk_nearby_bench');
  const dataSource = new DataSource(dataSourceOptions(scratch.url));
  try {
    await dataSource.initialize();
    await runMigrations(dataSource);
    log(`seeding ${options.members} members`);
    // Set-based: members spread over ~±50 km of six cities, a twentieth unfinished or suspended.
    await dataSource.query(
      `INSERT INTO user_account (email, password_hash, email_verified_at, username, registered_at,
                                 suspended_at, latitude, longitude)
       SELECT 'nearby' || g || '@bench.plantfolk.test', 'x', now(),
              CASE WHEN g % 40 <> 0 THEN 'nearby' || g END,
              CASE WHEN g % 40 <> 0 THEN now() END,
              CASE WHEN g % 40 = 1 THEN now() END,
              c.lat + (((g::bigint * 7919) % 10007) / 10007.0 - 0.5) * 0.9,
              c.lng + (((g::bigint * 104729) % 10009) / 10009.0 - 0.5) * 1.2
         FROM generate_series(1, $1::int) AS g
         JOIN unnest($2::float8[], $3::float8[]) WITH ORDINALITY AS c(lat, lng, n)
           ON c.n = g % $4 + 1`,
      [
        options.members,
        CITIES.map((city) => city.lat),
        CITIES.map((city) => city.lng),
        CITIES.length,
      ],
    );
    await dataSource.query('ANALYZE user_account');

    // The statement the app sends, captured from the queries function itself.
    let statement: { text: string; values: unknown[] } | null = null;
    await nearestShownMembers(
      {
        query: async (text: string, values?: unknown[]) => {
          statement = { text, values: values ?? [] };
          return [];
        },
      },
      { latitude: CITIES[0].lat, longitude: CITIES[0].lng },
      NEARBY_PEOPLE_DEFAULT_RADIUS_KM,
      NEARBY_PEOPLE_DEFAULT_TAKE + 1,
    );
    if (!statement) throw new Error('no statement captured');
    const { text, values } = statement as { text: string; values: unknown[] };

    const time = async (settings: string[]) =>
      dataSource.transaction(async (manager) => {
        for (const setting of settings) await manager.query(setting);
        const [row] = await manager.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${text}`, values);
        const [result] = row['QUERY PLAN'];
        return { ms: result['Execution Time'] as number, plan: result.Plan };
      });
    const nodeTypes = (plan: { 'Node Type': string; 'Index Name'?: string; Plans?: unknown[] }) => {
      const out: string[] = [];
      const walk = (node: { 'Node Type': string; 'Index Name'?: string; Plans?: unknown[] }) => {
        out.push(
          node['Index Name'] ? `${node['Node Type']} (${node['Index Name']})` : node['Node Type'],
        );
        for (const child of (node.Plans ?? []) as Array<typeof node>) walk(child);
      };
      walk(plan);
      return out;
    };

    for (let warm = 0; warm < 5; warm += 1) await time([]);
    const indexed: number[] = [];
    let plan: string[] = [];
    for (let run = 0; run < options.runs; run += 1) {
      const result = await time([]);
      indexed.push(result.ms);
      plan = nodeTypes(result.plan);
    }
    const off = ['SET LOCAL enable_indexscan = off', 'SET LOCAL enable_bitmapscan = off'];
    const unindexedRuns = Math.max(5, Math.floor(options.runs / 20));
    await time(off);
    const unindexed: number[] = [];
    for (let run = 0; run < unindexedRuns; run += 1) unindexed.push((await time(off)).ms);

    return {
      members: options.members,
      indexed: { p50: percentile(indexed, 50), p99: percentile(indexed, 99), runs: indexed.length },
      unindexed: {
        p50: percentile(unindexed, 50),
        p99: percentile(unindexed, 99),
        runs: unindexed.length,
      },
      speedup: percentile(unindexed, 50) / percentile(indexed, 50),
      plan,
    };
  } finally {
    if (dataSource.isInitialized) await dataSource.destroy();
    await scratch.drop();
  }
}

function argument(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? Number(process.argv[index + 1]) : fallback;
}

if (require.main === module) {
  measureNearbyIndex({
    serverUrl: serverUrl(),
    members: argument('members', 100_000),
    runs: argument('runs', 200),
    log: (line) => process.stderr.write(`${line}\n`),
  })
    .then((report) => {
      const verdict = report.indexed.p99 <= 10 && report.speedup >= 500 ? 'pass' : 'FAIL';
      process.stdout.write(
        [
          `people-nearby at ${report.members.toLocaleString('en')} members (database execution time):`,
          `  indexed   p50 ${report.indexed.p50.toFixed(3)} ms, p99 ${report.indexed.p99.toFixed(3)} ms (${report.indexed.runs} runs)`,
          `  unindexed p50 ${report.unindexed.p50.toFixed(1)} ms, p99 ${report.unindexed.p99.toFixed(1)} ms (${report.unindexed.runs} runs)`,
          `  speedup ${Math.round(report.speedup)}× (target: indexed p99 ≤ 10 ms, ≥ 500×): ${verdict}`,
          `  plan: ${report.plan.join(' → ')}`,
          '',
        ].join('\n'),
      );
    })
    .catch((error) => {
      console.error(error);
      process.exit(1);
    });
}
