/**
 * Nearby at the database, on one scratch database of `--members` members (default 100,000) around
 * six cities with as many located pages (`--pages`, a tenth hiding their place), as many event
 * locations (`--places`, four in five with public dates to come) and 1.25× as many plant listings
 * (four in five available: 100,000 at the default), all seeded set-based: every kind at the
 * issue's 100,000, so each index is compared with a full scan of a table that size. Times the very
 * statements the app sends — captured from the modules' query functions — for:
 *   people  PUT /api/users/nearby (nearestShownMembers);
 *   pages   GET /api/page/location/nearby-pages (pages.queries' nearestShownPages);
 *   events  GET /api/events/nearby and all/nearby, the first page: nearbyPlacesSql, then
 *           nearbyEventsAtPlaces for the places it read;
 *   plants  PUT /api/plants/avail-nearby: postPageSql's `near` query over the available listings'
 *           own GiST index (their owner's public point), NEARBY_RESULTS of them;
 * each by PostgreSQL itself (EXPLAIN ANALYZE's execution time, summed over the kind's statements)
 * as planned — the GiST index over the public point read in distance order — and with index and
 * bitmap scans turned off (every row read and sorted). Prints one table of p50/p99 per kind and
 * the ratio of the p50s; the target is p99 ≤ 10 ms indexed and ≥ 500× the unindexed run at
 * 100,000 members. The unindexed side runs max(5, runs / 20) times per kind (10 at the default).
 *
 *   cd backend && node -r @swc-node/register bench/nearby-index.ts [--members 100000] [--runs 200]
 *     [--pages <members>] [--places <members>]
 *
 * DATABASE_URL: a server where it may create (and then drops) a database. NEARBY_DB_KEEP=1 keeps
 * it; NEARBY_DB_URL=<its URL> measures that kept database again (migrated first, not re-seeded).
 */
import { DataSource } from 'typeorm';
import { createScratchDatabase } from '../scripts/schema-tools';
import { postPageSql } from '../src/modules/content/feed.queries';
import { NEARBY_DEFAULT_TAKE as EVENTS_NEARBY_DEFAULT_TAKE } from '../src/modules/events/dto/events.dto';
import { nearbyEventsAtPlaces, nearbyPlacesSql } from '../src/modules/events/events.queries';
import { nearestShownMembers } from '../src/modules/identity/directory.queries';
import { NEARBY_PAGES_DEFAULT, NEARBY_PAGES_RADIUS_KM } from '../src/modules/pages/dto/pages.dto';
import { nearestShownPages } from '../src/modules/pages/pages.queries';
import { NEARBY_DEFAULT_RADIUS_KM as PLANTS_NEARBY_DEFAULT_RADIUS_KM } from '../src/modules/plants/dto/plants.dto';
import { AVAILABLE_FILTER, PLANT_KIND } from '../src/modules/plants/plant-kind';
import { NEARBY_RESULTS } from '../src/modules/plants/plants.service';
import {
  NEARBY_PEOPLE_DEFAULT_RADIUS_KM,
  NEARBY_PEOPLE_DEFAULT_TAKE,
} from '../src/modules/profiles/dto/people.dto';
import { GUEST } from '../src/platform/access/viewer';
import { dataSourceOptions } from '../src/platform/database/data-source-options';
import { runMigrations } from '../src/platform/database/migrate';
import { SqlParams } from '../src/platform/database/sql-params';
import { publicEarthSql, publicLatitudeSql, publicLongitudeSql } from '../src/platform/geo/geo';
import { CITIES } from './dataset/steps/members';
import { serverUrl } from './support/env';

interface Timing {
  p50: number;
  p99: number;
  runs: number;
}

export type NearbyKind = 'people' | 'pages' | 'events' | 'plants';

export interface NearbyKindReport {
  kind: NearbyKind;
  /** The rows of the table the GiST index is over. */
  rows: number;
  indexed: Timing;
  unindexed: Timing;
  /** Unindexed p50 ÷ indexed p50. */
  speedup: number;
  /** Each statement's time and plan's node types, in the last indexed run. */
  plan: string[];
}

export interface NearbyIndexReport {
  members: number;
  /** People nearby (as before): */
  indexed: Timing;
  unindexed: Timing;
  /** Unindexed p50 ÷ indexed p50. */
  speedup: number;
  plan: string[];
  /** Every kind, people first. */
  kinds: NearbyKindReport[];
}

interface Statement {
  text: string;
  values: unknown[];
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** A runner that records the statements a queries function sends and answers none. */
function capture(): {
  runner: { query: (text: string, values?: unknown[]) => Promise<unknown[]> };
  statements: Statement[];
} {
  const statements: Statement[] = [];
  return {
    runner: {
      query: async (text: string, values?: unknown[]) => {
        statements.push({ text, values: values ?? [] });
        return [];
      },
    },
    statements,
  };
}

/** A deterministic uuid per (kind, n), so rows of one kind can point at another's without joins. */
const idSql = (kind: number, n: string) =>
  `('00000000-0000-4000-${8000 + kind}-' || lpad(to_hex(${n}), 12, '0'))::uuid`;
/** A point ~±50 km around city `g % cities` (the members' spread, other strides per kind). */
const pointSql = (g: string, a: number, b: number) => ({
  lat: `c.lat + (((${g}::bigint * ${a}) % 10007) / 10007.0 - 0.5) * 0.9`,
  lng: `c.lng + (((${g}::bigint * ${b}) % 10009) / 10009.0 - 0.5) * 1.2`,
});
const CITY_JOIN = `JOIN unnest($2::float8[], $3::float8[]) WITH ORDINALITY AS c(lat, lng, n)
           ON c.n = g % $4 + 1`;

async function seed(
  dataSource: DataSource,
  sizes: { members: number; pages: number; places: number },
  log: (line: string) => void,
) {
  const cities = [CITIES.map((city) => city.lat), CITIES.map((city) => city.lng), CITIES.length];
  const { members, pages, places } = sizes;
  const listings = Math.floor(members * 1.25);
  log(`seeding ${members} members`);
  // Set-based: members spread over ~±50 km of six cities, a twentieth unfinished or suspended.
  const member = pointSql('g', 7919, 104729);
  await dataSource.query(
    `INSERT INTO user_account (id, email, password_hash, email_verified_at, username, registered_at,
                               suspended_at, latitude, longitude)
     SELECT ${idSql(0, 'g')}, 'nearby' || g || '@bench.plantfolk.test', 'x', now(),
            CASE WHEN g % 40 <> 0 THEN 'nearby' || g END,
            CASE WHEN g % 40 <> 0 THEN now() END,
            CASE WHEN g % 40 = 1 THEN now() END,
            ${member.lat}, ${member.lng}
       FROM generate_series(1, $1::int) AS g
       ${CITY_JOIN}`,
    [members, ...cities],
  );
  log(`seeding ${pages} pages (a tenth hide their place)`);
  const page = pointSql('g', 6151, 49157);
  await dataSource.query(
    `INSERT INTO page (id, handle, name, owner_id, latitude, longitude)
     SELECT ${idSql(1, 'g')}, 'nearby_page_' || g, 'Page ' || g, ${idSql(0, `(g % $5 + 1)`)},
            ${page.lat}, ${page.lng}
       FROM generate_series(1, $1::int) AS g
       ${CITY_JOIN}`,
    [pages, ...cities, members],
  );
  await dataSource.query(
    `INSERT INTO page_settings (page_id, show_location)
     SELECT ${idSql(1, 'g')}, g % 10 <> 0 FROM generate_series(1, $1::int) AS g WHERE g % 2 = 0`,
    [pages],
  );
  log(`seeding ${places} event locations, one event each (four in five with dates to come)`);
  const place = pointSql('g', 3571, 65537);
  await dataSource.query(
    `INSERT INTO event_location (id, name, latitude, longitude)
     SELECT ${idSql(2, 'g')}, 'Place ' || g, ${place.lat}, ${place.lng}
       FROM generate_series(1, $1::int) AS g
       ${CITY_JOIN}`,
    [places, ...cities],
  );
  await dataSource.query(
    `INSERT INTO event (id, random_id, creator_id, privacy)
     SELECT ${idSql(3, 'g')}, 'E' || lpad(g::text, 9, '0'), ${idSql(0, `(g % $2 + 1)`)},
            CASE WHEN g % 10 = 0 THEN 'members' ELSE 'public' END
       FROM generate_series(1, $1::int) AS g`,
    [places, members],
  );
  await dataSource.query(
    `INSERT INTO event_template (event_id, position, title, time_zone, start_date, start_time,
                                 end_time, frequency, rrule, location_id)
     SELECT ${idSql(3, 'g')}, 0, 'Swap ' || g, 'UTC', current_date - 7, '10:00', '12:00', 'weekly',
            'FREQ=WEEKLY;COUNT=4', ${idSql(2, 'g')}
       FROM generate_series(1, $1::int) AS g`,
    [places],
  );
  // Four weekly dates from a week ago; every fifth event's dates all lie in the past.
  await dataSource.query(
    `INSERT INTO event_specific (event_id, local_date, starts_at, ends_at)
     SELECT ${idSql(3, 'g')}, d.day, d.day + time '10:00', d.day + time '12:00'
       FROM generate_series(1, $1::int) AS g
      CROSS JOIN LATERAL (
        SELECT (current_date + (CASE WHEN g % 5 = 0 THEN -60 ELSE -7 END) + 7 * k)::date AS day
          FROM generate_series(0, 3) AS k) d`,
    [places],
  );
  log(`seeding ${listings} plant listings`);
  await dataSource.query(
    `INSERT INTO post (id, random_id, type, user_id, privacy, bumped_at)
     SELECT ${idSql(4, 'g')}, 'P' || lpad(g::text, 9, '0'), $3, ${idSql(0, `(g % $2 + 1)`)},
            CASE WHEN g % 10 = 0 THEN 'members' ELSE 'public' END, now() - g * interval '1 minute'
       FROM generate_series(1, $1::int) AS g`,
    [listings, members, PLANT_KIND.type],
  );
  // Each listing carries its owner's public point as PlantsService writes it (MemberPlaces):
  // none while the owner is unfinished or suspended.
  const shown = 'u.registered_at IS NOT NULL AND u.suspended_at IS NULL';
  await dataSource.query(
    `INSERT INTO plant (post_id, user_id, name, available, owner_latitude, owner_longitude)
     SELECT ${idSql(4, 'g')}, u.id, 'Plant ' || g, g % 5 <> 0,
            CASE WHEN ${shown} THEN ${publicLatitudeSql('u.latitude')} END,
            CASE WHEN ${shown} THEN ${publicLongitudeSql('u.latitude', 'u.longitude')} END
       FROM generate_series(1, $1::int) AS g
       JOIN user_account u ON u.id = ${idSql(0, `(g % $2 + 1)`)}`,
    [listings, members],
  );
  for (const table of [
    'user_account',
    'page',
    'page_settings',
    'event_location',
    'event',
    'event_template',
    'event_specific',
    'post',
    'plant',
  ])
    await dataSource.query(`ANALYZE ${table}`);
  return { people: members, pages, events: places, plants: listings };
}

/** A kept database's rows per kind (counted once, off the timed path), analyzed if migrated. */
async function counted(
  dataSource: DataSource,
  migrated: boolean,
): Promise<Record<NearbyKind, number>> {
  if (migrated) await dataSource.query('VACUUM ANALYZE');
  const [row] = (await dataSource.query(
    `SELECT (SELECT count(*) FROM user_account)::int AS people,
            (SELECT count(*) FROM page)::int AS pages,
            (SELECT count(*) FROM event_location)::int AS events,
            (SELECT count(*) FROM plant)::int AS plants`,
  )) as Array<Record<NearbyKind, number>>;
  return row;
}

/**
 * The statements one request of the kind sends, captured from the modules' queries functions.
 * A later statement that depends on an earlier one's answer gets it from the database.
 */
async function statementsOf(dataSource: DataSource, kind: NearbyKind): Promise<Statement[]> {
  const origin = { latitude: CITIES[0].lat, longitude: CITIES[0].lng };
  const first = capture();
  switch (kind) {
    case 'people':
      await nearestShownMembers(
        first.runner,
        origin,
        NEARBY_PEOPLE_DEFAULT_RADIUS_KM,
        NEARBY_PEOPLE_DEFAULT_TAKE + 1,
      );
      return first.statements;
    case 'pages':
      // PagesService.nearby's statement, from the pages module's own query function.
      await nearestShownPages(first.runner, origin, NEARBY_PAGES_RADIUS_KM, NEARBY_PAGES_DEFAULT);
      return first.statements;
    case 'events': {
      // EventViewsService.nearbyPage's first page: 2 × take + 1 places, then their events.
      const take = EVENTS_NEARBY_DEFAULT_TAKE;
      const params = new SqlParams();
      const range = { from: null, to: null };
      const places: Statement = {
        text: nearbyPlacesSql(
          GUEST,
          params,
          origin,
          range,
          null,
          2 * take + 1,
          publicEarthSql('l.latitude', 'l.longitude'),
        ),
        values: params.values,
      };
      const read = (await dataSource.query(places.text, places.values)) as Array<{ id: string }>;
      await nearbyEventsAtPlaces(
        first.runner,
        GUEST,
        new SqlParams(),
        read.map((row) => row.id),
        range,
        null,
        take + 1,
      );
      return [places, ...first.statements];
    }
    case 'plants':
      // PlantsService.nearby: one statement over the available listings' GiST index.
      return [
        postPageSql(
          GUEST,
          {
            type: PLANT_KIND.type,
            kindFilter: {
              table: PLANT_KIND.table,
              column: PLANT_KIND.filters[AVAILABLE_FILTER].column,
            },
            near: {
              ...origin,
              radiusKm: PLANTS_NEARBY_DEFAULT_RADIUS_KM,
              location: { table: PLANT_KIND.table, ...PLANT_KIND.location },
            },
          },
          null,
          NEARBY_RESULTS,
        ),
      ];
  }
}

type PlanNode = { 'Node Type': string; 'Index Name'?: string; Plans?: PlanNode[] };

function nodeTypes(plan: PlanNode): string[] {
  const out: string[] = [];
  const walk = (node: PlanNode) => {
    out.push(
      node['Index Name'] ? `${node['Node Type']} (${node['Index Name']})` : node['Node Type'],
    );
    for (const child of node.Plans ?? []) walk(child);
  };
  walk(plan);
  return out;
}

async function timeKind(
  dataSource: DataSource,
  kind: NearbyKind,
  rows: number,
  runs: number,
): Promise<NearbyKindReport> {
  const statements = await statementsOf(dataSource, kind);
  if (!statements.length) throw new Error(`no statement captured for ${kind}`);
  const time = async (settings: string[]) =>
    dataSource.transaction(async (manager) => {
      for (const setting of settings) await manager.query(setting);
      let ms = 0;
      const plans: string[] = [];
      for (const { text, values } of statements) {
        const [row] = await manager.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${text}`, values);
        const [result] = row['QUERY PLAN'];
        ms += result['Execution Time'] as number;
        plans.push(
          `${(result['Execution Time'] as number).toFixed(3)} ms: ${nodeTypes(result.Plan).join(' → ')}`,
        );
      }
      return { ms, plans };
    });

  for (let warm = 0; warm < 5; warm += 1) await time([]);
  const indexed: number[] = [];
  let plan: string[] = [];
  for (let run = 0; run < runs; run += 1) {
    const result = await time([]);
    indexed.push(result.ms);
    plan = result.plans;
  }
  const off = ['SET LOCAL enable_indexscan = off', 'SET LOCAL enable_bitmapscan = off'];
  const unindexedRuns = Math.max(5, Math.floor(runs / 20));
  await time(off);
  const unindexed: number[] = [];
  for (let run = 0; run < unindexedRuns; run += 1) unindexed.push((await time(off)).ms);
  const timing = (values: number[]): Timing => ({
    p50: percentile(values, 50),
    p99: percentile(values, 99),
    runs: values.length,
  });
  return {
    kind,
    rows,
    indexed: timing(indexed),
    unindexed: timing(unindexed),
    speedup: percentile(unindexed, 50) / percentile(indexed, 50),
    plan,
  };
}

export const NEARBY_KINDS: readonly NearbyKind[] = ['people', 'pages', 'events', 'plants'];

/**
 * Seeds, measures and drops its own database; or, with `reuseUrl`, measures a database this
 * script seeded before and kept (NEARBY_DB_KEEP=1), migrating it to the current schema first.
 */
export async function measureNearbyIndex(options: {
  serverUrl: string;
  reuseUrl?: string;
  members: number;
  /** Located pages (default: as many as members). */
  pages?: number;
  /** Event locations, one event each (default: as many as members). */
  places?: number;
  runs: number;
  log?: (line: string) => void;
}): Promise<NearbyIndexReport> {
  const log = options.log ?? (() => undefined);
  const scratch = options.reuseUrl
    ? { url: options.reuseUrl, drop: async () => undefined }
    : await createScratchDatabase(options.serverUrl, 'plantfolk_nearby_bench');
  const dataSource = new DataSource(dataSourceOptions(scratch.url));
  try {
    await dataSource.initialize();
    const migrated = await runMigrations(dataSource);
    const rows = options.reuseUrl
      ? await counted(dataSource, migrated.length > 0)
      : await seed(
          dataSource,
          {
            members: options.members,
            pages: Math.max(1, options.pages ?? options.members),
            places: Math.max(1, options.places ?? options.members),
          },
          log,
        );
    const kinds: NearbyKindReport[] = [];
    for (const kind of NEARBY_KINDS) {
      log(`timing ${kind}`);
      kinds.push(await timeKind(dataSource, kind, rows[kind], options.runs));
    }
    const [people] = kinds;
    return {
      members: options.members,
      indexed: people.indexed,
      unindexed: people.unindexed,
      speedup: people.speedup,
      plan: people.plan,
      kinds,
    };
  } finally {
    if (dataSource.isInitialized) await dataSource.destroy();
    // NEARBY_DB_KEEP=1 keeps the database to look at plans by hand (its URL is logged).
    if (process.env.NEARBY_DB_KEEP === '1' || options.reuseUrl) log(`kept ${scratch.url}`);
    else await scratch.drop();
  }
}

function argument(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? Number(process.argv[index + 1]) : fallback;
}

if (require.main === module) {
  measureNearbyIndex({
    serverUrl: serverUrl(),
    reuseUrl: process.env.NEARBY_DB_URL,
    members: argument('members', 100_000),
    pages: argument('pages', NaN) || undefined,
    places: argument('places', NaN) || undefined,
    runs: argument('runs', 200),
    log: (line) => process.stderr.write(`${line}\n`),
  })
    .then((report) => {
      const passes = (kind: NearbyKindReport) => kind.indexed.p99 <= 10 && kind.speedup >= 500;
      const lines = [
        `nearby at ${report.members.toLocaleString('en')} members (database execution time, ms; ` +
          'target: indexed p99 ≤ 10 ms and ≥ 500× unindexed):',
        '| kind   | rows    | indexed p50 | indexed p99 | unindexed p50 | unindexed p99 | runs     | ratio  | target |',
        '| ------ | ------- | ----------- | ----------- | ------------- | ------------- | -------- | ------ | ------ |',
        ...report.kinds.map(
          (kind) =>
            `| ${kind.kind.padEnd(6)} | ${kind.rows.toLocaleString('en').padStart(7)} ` +
            `| ${kind.indexed.p50.toFixed(3).padStart(11)} | ${kind.indexed.p99.toFixed(3).padStart(11)} ` +
            `| ${kind.unindexed.p50.toFixed(1).padStart(13)} | ${kind.unindexed.p99.toFixed(1).padStart(13)} ` +
            `| ${`${kind.indexed.runs}/${kind.unindexed.runs}`.padEnd(8)} ` +
            `| ${`${Math.round(kind.speedup).toLocaleString('en')}×`.padStart(6)} ` +
            `| ${(passes(kind) ? 'pass' : 'FAIL').padEnd(6)} |`,
        ),
        '',
        ...report.kinds.flatMap((kind) =>
          kind.plan.map((plan, index) => `plan ${kind.kind} #${index + 1}: ${plan}`),
        ),
        '',
      ];
      process.stdout.write(lines.join('\n'));
    })
    .catch((error) => {
      console.error(error);
      process.exit(1);
    });
}
