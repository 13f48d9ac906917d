/**
 * Feed paging benchmark: keyset (what the feeds use) against OFFSET, first page and page ~1000.
 *
 *   node -r @swc-node/register backend/bench/feed-keyset.ts
 *
 * Env: DATABASE_URL (a server where we may create databases; default
 * postgres://postgres@127.0.0.1:5432/postgres), BENCH_POSTS (default 200000), BENCH_RUNS (default 15).
 *
 * It creates a scratch database on that server, runs the app's migrations, bulk-inserts posts by
 * 1000 members with generate_series (80% public, 15% members-only, 5% private; a fifth of them
 * plant listings), then times one feed page. The keyset query is the very SQL the feed service runs:
 * `postPageSql` from src/modules/content/feed.queries.ts, built for a guest and for a member. The
 * OFFSET comparison is that same first-page SQL with `OFFSET n` appended. Only the page query is
 * timed: the service's other queries per page (photos and tags, plants, responders) look up the
 * page's 20 ids by key and cost the same on any page. It prints median and best milliseconds
 * (and the plan's access path), then drops the database, also on failure. Not a test: nothing is
 * asserted.
 */
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { postPageSql, type PostRow, type Sql } from '../src/modules/content/feed.queries';
import { DEFAULT_PAGE_SIZE } from '../src/platform/paging/paging';
import { GUEST, type Viewer } from '../src/platform/access/viewer';
import { dataSourceOptions } from '../src/platform/database/data-source-options';
import { runMigrations } from '../src/platform/database/migrate';

const SERVER_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const POSTS = Number(process.env.BENCH_POSTS ?? 200_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const MEMBERS = 1_000;
const DEEP_PAGE = 1_000;

function databaseUrl(name: string): string {
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

async function onServer(sql: string): Promise<void> {
  const admin = new Client({ connectionString: SERVER_URL });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

async function seed(db: DataSource): Promise<void> {
  await db.query(
    `INSERT INTO user_account (email, password_hash, username, registered_at)
     SELECT 'bench-' || g || '@plantfolk.test', 'x', 'bench_' || g, now()
       FROM generate_series(1, $1) AS g`,
    [MEMBERS],
  );
  // One post about every 10 s back from now, with jitter (and so some equal times: ties by id).
  await db.query(
    `WITH members AS (SELECT array_agg(id ORDER BY id) AS ids FROM user_account)
     INSERT INTO post (random_id, type, user_id, text, privacy, created_at, updated_at, bumped_at)
     SELECT lpad(g::text, 10, '0'),
            CASE WHEN g % 5 = 0 THEN 'plant/image' ELSE 'text/image' END,
            members.ids[1 + (g * 7919) % $2],
            'bench post ' || g,
            CASE WHEN g % 20 = 0 THEN 'private' WHEN g % 20 < 4 THEN 'members' ELSE 'public' END,
            t.at, t.at, t.at
       FROM members, generate_series(1, $1) AS g,
            LATERAL (SELECT now() - g * interval '10 seconds'
                            + date_trunc('second', random() * interval '5 seconds') AS at) t`,
    [POSTS, MEMBERS],
  );
  await db.query('VACUUM ANALYZE post');
  await db.query('ANALYZE user_account');
}

async function time(db: DataSource, sql: Sql): Promise<{ median: number; best: number }> {
  for (let i = 0; i < 2; i += 1) await db.query(sql.text, sql.values); // warm the cache
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const start = performance.now();
    await db.query(sql.text, sql.values);
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  return { median: samples[Math.floor(samples.length / 2)], best: samples[0] };
}

/** The plan's nodes, one line: enough to see which index a query walks. */
async function accessPath(db: DataSource, sql: Sql): Promise<string> {
  const [row] = await db.query(`EXPLAIN (FORMAT JSON) ${sql.text}`, sql.values);
  const names: string[] = [];
  const visit = (node: Record<string, unknown>) => {
    const index = node['Index Name'] ? ` ${node['Index Name']}` : '';
    names.push(`${node['Node Type']}${index}`);
    for (const child of (node.Plans as Array<Record<string, unknown>>) ?? []) visit(child);
  };
  visit((row['QUERY PLAN'] as Array<{ Plan: Record<string, unknown> }>)[0].Plan);
  return names.join(' > ');
}

/** `pageSize` rows after skipping `skip`: the same SQL as the first page, plus OFFSET. */
function offsetSql(viewer: Viewer, skip: number): Sql {
  const first = postPageSql(viewer, {}, null, DEFAULT_PAGE_SIZE + 1);
  return { text: `${first.text}\n OFFSET ${skip}`, values: first.values };
}

async function bench(db: DataSource, label: string, viewer: Viewer): Promise<void> {
  const take = DEFAULT_PAGE_SIZE + 1; // the service asks for one more to know if there is a next page
  const skip = (DEEP_PAGE - 1) * DEFAULT_PAGE_SIZE;
  // The cursor a client holds after page DEEP_PAGE - 1: the last row before the deep page.
  const lastBefore = postPageSql(viewer, {}, null, 1);
  const [last]: PostRow[] = await db.query(
    `${lastBefore.text}\n OFFSET ${skip - 1}`,
    lastBefore.values,
  );
  if (!last) throw new Error(`fewer than ${skip} posts visible to ${label}`);
  const cases: Array<[string, Sql]> = [
    ['keyset, first page', postPageSql(viewer, {}, null, take)],
    [
      `keyset, page ${DEEP_PAGE}`,
      postPageSql(viewer, {}, { at: last.cursor_at, id: last.id }, take),
    ],
    ['OFFSET, first page', offsetSql(viewer, 0)],
    [`OFFSET, page ${DEEP_PAGE}`, offsetSql(viewer, skip)],
  ];
  // Both deep pages must be the same rows, or the comparison means nothing.
  const keysetDeep: PostRow[] = await db.query(cases[1][1].text, cases[1][1].values);
  const offsetDeep: PostRow[] = await db.query(cases[3][1].text, cases[3][1].values);
  if (keysetDeep.map((row) => row.id).join() !== offsetDeep.map((row) => row.id).join())
    throw new Error(`${label}: keyset and OFFSET disagree on page ${DEEP_PAGE}`);

  console.info(`\n${label}`);
  for (const [name, sql] of cases) {
    const { median, best } = await time(db, sql);
    console.info(
      `  ${name.padEnd(22)} median ${median.toFixed(2).padStart(8)} ms   best ${best
        .toFixed(2)
        .padStart(8)} ms   ${await accessPath(db, sql)}`,
    );
  }
}

async function main(): Promise<void> {
  const name = `plantfolk_bench_${process.pid}_${randomBytes(3).toString('hex')}`;
  await onServer(`CREATE DATABASE "${name}"`);
  const db = new DataSource(dataSourceOptions(databaseUrl(name)));
  try {
    await db.initialize();
    await runMigrations(db);
    const seeding = performance.now();
    await seed(db);
    console.info(
      `Seeded ${POSTS} posts by ${MEMBERS} members in ${((performance.now() - seeding) / 1000).toFixed(1)} s ` +
        `(database ${name}; ${RUNS} timed runs per query after 2 warm-ups; page size ${DEFAULT_PAGE_SIZE})`,
    );
    const [member] = await db.query('SELECT id FROM user_account ORDER BY id LIMIT 1');
    await bench(db, 'guest (public posts only)', GUEST);
    await bench(db, 'member (public + members + own private)', {
      kind: 'member',
      userId: member.id,
      admin: false,
      verified: true,
    });
  } finally {
    if (db.isInitialized) await db.destroy();
    await onServer(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    console.info(`\nDropped ${name}`);
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
