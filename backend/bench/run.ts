/**
 * `npm run bench`: the API against a raw node:http + pg baseline answering the same SQL with the
 * same JSON, in the same run, A/B interleaved (see README.md).
 *
 *   npm run bench -- --size small|large [--soak 300] [--only guest-feed,react] [--reseed]
 */
import autocannon from 'autocannon';
import type { AutocannonResult } from './support/autocannon-types';
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { hostname, cpus, totalmem } from 'node:os';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { execFileSync } from 'node:child_process';
import { Client } from 'pg';
import { io as connectSocket } from 'socket.io-client';
import { REALTIME_PATH } from '../src/platform/realtime/realtime-rooms';
import { GUEST } from '../src/platform/access/viewer';
import { DEFAULT_PAGE_SIZE, encodeCursor } from '../src/platform/paging/paging';
import { postPageSql, type PostRow } from '../src/modules/content/feed.queries';
import {
  counterMismatches,
  datasetSize,
  ensureDatasetDatabase,
  idSql,
  OLD_TAG,
  twelveMegapixelPhoto,
  type DatasetSize,
} from './dataset';
import {
  RATIO_TARGETS,
  resetDraws,
  SCENARIOS,
  type Scenario,
  type ScenarioFixtures,
} from './scenarios';
import { benchStorageDir, REPO_ROOT, redisUrl, serverUrl } from './support/env';
import { benchWriters, logIn, type SignedIn } from './support/members';
import {
  cpuByProcess,
  cpuMilliseconds,
  rssMegabytes,
  startApiProcess,
  startRawProcess,
  type RunningServer,
  untilIdle,
} from './support/servers';

export interface BenchOptions {
  size: DatasetSize;
  /** The PostgreSQL server (default DATABASE_URL) and Redis (default REDIS_URL). */
  serverUrl?: string;
  redisUrl?: string;
  /** The dataset database's name (default plantfolk_bench_<size>) and image folder. */
  databaseName?: string;
  storageDir?: string;
  /** Seconds of warm-up per server before each scenario's rounds (default 1). */
  warmupSeconds?: number;
  reseed?: boolean;
  /** Scenario names (default all), plus 'soak' and 'images'. */
  only?: string[];
  /** Seconds per round (each server gets `rounds` of them per scenario). */
  roundSeconds?: number;
  rounds?: number;
  connections?: number;
  /** Seconds of the mixed workload on the API alone, sampling its RSS (0: none). */
  soakSeconds?: number;
  /** Uploads per server in the image scenario (0: none). */
  imageUploads?: number;
  /** Photos uploaded before each busy round of the upload-backlog scenario (default 10 a second). */
  backlogUploads?: number;
  /**
   * Write a CPU profile of each server's rounds to this folder as
   * `<scenario>-<api|raw>-<round>.cpuprofile` (processes started here; see support/cpu-profile.cjs).
   */
  cpuProfileDir?: string;
  /**
   * Announcements per server in the notice fan-out (default max(5, rounds); 0 skips it, as with
   * in-process servers by default: the smoke test's API runs no worker to fan out).
   */
  noticeRuns?: number;
  /**
   * Messages sent through the API to a socket held by a second API instance (default 200; 0 skips
   * it, as with in-process servers by default).
   */
  liveMessages?: number;
  /** Build backend/dist first (default true when the API is started here). */
  build?: boolean;
  /** Override how the servers start (the smoke test runs them in-process). */
  startApi?: (env: Record<string, string>) => Promise<RunningServer>;
  startRaw?: (env: Record<string, string>) => Promise<RunningServer>;
  log?: (line: string) => void;
  /** Where logs and results go (default backend/bench/results). */
  resultsDir?: string;
  writeResults?: boolean;
}

export interface ServerStats {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  requests: number;
  failures: number;
}

export interface ScenarioResult {
  name: string;
  kind: Scenario['kind'] | 'images' | 'soak' | 'backlog' | 'fanout' | 'live';
  description: string;
  api: ServerStats;
  raw: ServerStats | null;
  ratio: number | null;
  target: string;
  pass: boolean;
  notes?: string;
}

export interface BenchResults {
  startedAt: string;
  machine: { host: string; cpus: string; cores: number; memoryGb: number; node: string };
  size: string;
  dataset: Record<string, number>;
  settings: { roundSeconds: number; rounds: number; connections: number };
  identity: Array<{
    scenario: string;
    identical: boolean;
    bytes: number;
    firstDifference?: string;
  }>;
  counters: string[];
  /** What may have skewed this run (e.g. another server still using the dataset). */
  warnings: string[];
  scenarios: ScenarioResult[];
  soak?: {
    seconds: number;
    rssMb: { start: number; end: number; max: number };
    samples: number[];
    pass: boolean;
  };
  /** single-post on the API alone, idle and while the worker renders a backlog of uploads. */
  uploadBacklog?: {
    scenario: string;
    uploadsPerRound: number;
    idle: ServerStats;
    busy: ServerStats;
    /** Per busy round: uploads still pending when its load started and when it ended. */
    pending: Array<{ start: number; end: number }>;
    p99Factor: number;
    pass: boolean;
  };
}

const NO_STATS: ServerStats = { requestsPerSecond: 0, p50: 0, p99: 0, requests: 0, failures: 0 };

/** Rounds of one server merged: total requests over total time, latencies weighted by requests. */
function merge(rounds: AutocannonResult[]): ServerStats {
  const requests = rounds.reduce((sum, round) => sum + round.requests.total, 0);
  const seconds = rounds.reduce((sum, round) => sum + round.duration, 0);
  const weighted = (pick: (round: AutocannonResult) => number) =>
    requests
      ? rounds.reduce((sum, round) => sum + pick(round) * round.requests.total, 0) / requests
      : 0;
  return {
    requestsPerSecond: seconds ? requests / seconds : 0,
    p50: weighted((round) => round.latency.p50),
    p99: weighted((round) => round.latency.p99),
    requests,
    failures: rounds.reduce((sum, round) => sum + round.non2xx + round.errors, 0),
  };
}

/** The fixtures the scenarios use, looked up in the seeded database. */
async function fixturesOf(
  db: Client,
  reader: SignedIn,
  writers: SignedIn[],
  members: number,
  log: (line: string) => void,
): Promise<ScenarioFixtures> {
  const [{ random_id: post }] = (
    await db.query(
      `SELECT random_id FROM post WHERE privacy = 'public' AND reaction_count > 0
        ORDER BY bumped_at DESC LIMIT 1 OFFSET 5`,
    )
  ).rows;
  const [{ username }] = (
    await db.query(
      `SELECT u.username FROM user_account u JOIN post p ON p.user_id = u.id
        WHERE u.username LIKE 'member\\_%' GROUP BY u.username ORDER BY count(*) DESC, u.username LIMIT 1`,
    )
  ).rows;
  const { rows: publicPosts } = await db.query<{ random_id: string }>(
    `SELECT random_id FROM post WHERE privacy = 'public' ORDER BY random_id`,
  );
  const ids = publicPosts.map((row) => row.random_id);
  const hotCount = Math.max(1, Math.min(200, Math.floor(ids.length / 10)));
  // The cursor after page deepPage - 1 of the guests' feed: the last row before that page.
  const visible = ids.length;
  const deepPage = Math.max(2, Math.min(1000, Math.floor(visible / DEFAULT_PAGE_SIZE) - 1));
  const lastBefore = postPageSql(GUEST, {}, null, 1);
  const [last] = (
    await db.query<PostRow>(
      `${lastBefore.text}\n OFFSET ${(deepPage - 1) * DEFAULT_PAGE_SIZE - 1}`,
      lastBefore.values,
    )
  ).rows;
  // A public event hosted by a page (the event page), its place (the nearby list's origin), and
  // the next dates of public events, which the bench members answer.
  const [event] = (
    await db.query<{ random_id: string; latitude: number; longitude: number }>(
      `SELECT e.random_id, l.latitude, l.longitude FROM event e
         JOIN event_template t ON t.event_id = e.id AND t.position = 0
         JOIN event_location l ON l.id = t.location_id
        WHERE e.privacy = 'public' AND e.page_id IS NOT NULL ORDER BY e.id LIMIT 1`,
    )
  ).rows;
  const { rows: eventDates } = await db.query<{ id: string }>(
    `SELECT s.id FROM event e
       CROSS JOIN LATERAL (SELECT s.id FROM event_specific s
                            WHERE s.event_id = e.id AND s.starts_at > now() + interval '1 day'
                              AND NOT s.cancelled ORDER BY s.starts_at LIMIT 4) s
      WHERE e.privacy = 'public' ORDER BY s.id LIMIT 400`,
  );
  // The reader's conversation with the most messages (the conversation page), and one
  // conversation per writer with a seeded member (member k mod members), made here as the app
  // makes one (undone with the bench's writes).
  const { rows: talks } = await db.query<{ me: string; other: string }>(
    `SELECT mu.username AS me, ou.username AS other
       FROM conversation_participant cp
       JOIN conversation c ON c.id = cp.conversation_id AND c.conv_type = 'u2u'
       JOIN conversation_participant o ON o.conversation_id = c.id AND o.user_id <> cp.user_id
       JOIN user_account mu ON mu.id = cp.user_id
       JOIN user_account ou ON ou.id = o.user_id
      WHERE cp.user_id = $1
      ORDER BY (SELECT count(*) FROM message m WHERE m.conversation_id = c.id) DESC, c.id
      LIMIT 1`,
    [reader.userId],
  );
  const { rows: started } = await db.query<{ id: string; starter_id: string }>(
    `WITH pairs AS (
       SELECT x.a, ${idSql('member', '(((x.k - 1) % $2) + 1)')} AS b
         FROM unnest($1::uuid[]) WITH ORDINALITY AS x(a, k)),
     c AS (
       INSERT INTO conversation (conv_type, pair_key, starter_id)
       SELECT 'u2u', 'u:' || LEAST(a::text COLLATE "C", b::text COLLATE "C") || ':'
                      || GREATEST(a::text COLLATE "C", b::text COLLATE "C"), a
         FROM pairs
       RETURNING id, starter_id),
     joined AS (
       INSERT INTO conversation_participant (conversation_id, user_id, role)
       SELECT c.id, p.a, 'member' FROM c JOIN pairs p ON p.a = c.starter_id
       UNION ALL
       SELECT c.id, p.b, 'member' FROM c JOIN pairs p ON p.a = c.starter_id)
     SELECT id, starter_id FROM c`,
    [writers.map((writer) => writer.userId), members],
  );
  const conversationOf = new Map(started.map((row) => [row.starter_id, row.id]));
  log(
    `fixtures: post ${post}, member ${username}, feed page ${deepPage} deep, event ${event?.random_id}, ` +
      `conversation ${talks[0]?.me}/${talks[0]?.other}`,
  );
  return {
    event: event?.random_id ?? '',
    eventPoint: {
      // As a client sends a place: four decimals (the API takes at most twelve).
      latitude: Number(Number(event?.latitude ?? 0).toFixed(4)),
      longitude: Number(Number(event?.longitude ?? 0).toFixed(4)),
    },
    eventDates: eventDates.map((row) => row.id),
    conversationPath: `/api/iam/messages/conversation/${talks[0]?.me}/${talks[0]?.other}`,
    writerConversations: writers.map((writer) => conversationOf.get(writer.userId) ?? ''),
    reader,
    writers,
    post,
    username,
    oldTag: OLD_TAG,
    deepCursor: encodeCursor('bumped_at', { at: last.cursor_at, id: last.id }),
    deepPage,
    hotPosts: ids.slice(0, hotCount),
    spreadPosts: ids.slice(hotCount),
  };
}

/**
 * Everything the bench members wrote, undone with its counts: the dataset as seeded again. Each
 * count moves by exactly the rows its statement deleted (DELETE … RETURNING), so a write still
 * landing meanwhile cannot leave a count off.
 */
export async function undoBenchWrites(db: Client): Promise<void> {
  const bench = `(SELECT id FROM user_account WHERE username LIKE 'bench\\_%')`;
  await db.query(
    `WITH gone AS (DELETE FROM reaction WHERE user_id IN ${bench} RETURNING post_id, comment_id),
     posts AS (UPDATE post SET reaction_count = post.reaction_count - counted.n
                 FROM (SELECT post_id, count(*)::int AS n FROM gone WHERE post_id IS NOT NULL
                        GROUP BY post_id) counted
                WHERE post.id = counted.post_id)
     UPDATE comment SET reaction_count = comment.reaction_count - counted.n
       FROM (SELECT comment_id, count(*)::int AS n FROM gone WHERE comment_id IS NOT NULL
              GROUP BY comment_id) counted
      WHERE comment.id = counted.comment_id`,
  );
  await db.query(
    `WITH gone AS (DELETE FROM comment WHERE user_id IN ${bench} RETURNING post_id)
     UPDATE post SET comment_count = post.comment_count - counted.n
       FROM (SELECT post_id, count(*)::int AS n FROM gone GROUP BY post_id) counted
      WHERE post.id = counted.post_id`,
  );
  await db.query(
    `WITH gone AS (DELETE FROM post WHERE user_id IN ${bench} RETURNING id, privacy)
     UPDATE tag SET post_count = GREATEST(tag.post_count - counted.n, 0)
       FROM (SELECT pt.tag_id, count(*)::int AS n FROM post_tag pt JOIN gone ON gone.id = pt.post_id
              WHERE gone.privacy = 'public' GROUP BY pt.tag_id) counted
      WHERE tag.id = counted.tag_id`,
  );
  await db.query(`DELETE FROM uploaded_image WHERE user_id IN ${bench}`);
  await db.query(`DELETE FROM event_attendee WHERE user_id IN ${bench}`);
  await db.query(`DELETE FROM notification WHERE actor_id IN ${bench}`);
  // Conversations the bench started (their messages and participants go with them), the e-mail
  // items their messages recorded, the announcements of the fan-out (their notifications go too).
  await db.query(`DELETE FROM conversation WHERE starter_id IN ${bench}`);
  await db.query(`DELETE FROM email_item WHERE actor_id IN ${bench}`);
  await db.query(`DELETE FROM announcement WHERE author_id IN ${bench}`);
  await db.query(`UPDATE user_account SET is_admin = false WHERE is_admin AND id IN ${bench}`);
  await db.query(`DELETE FROM auth_session WHERE user_id IN ${bench} OR user_agent = 'bench'`);
  await db.query(`DELETE FROM outbox_message WHERE dispatched_at IS NOT NULL`);
}

/**
 * Other sessions on the dataset database before this run starts its servers: most likely an API
 * or worker of an earlier run left running (its parent killed). Its outbox relay takes this run's
 * jobs onto its own queue, so its worker renders (or, with another storage folder, fails) this
 * run's uploads and handles its notifications, and the numbers mean little.
 */
async function foreignSessions(db: Client): Promise<string[]> {
  const { rows } = await db.query<{ sessions: number; since: Date | null }>(
    `SELECT count(*)::int AS sessions, min(backend_start) AS since FROM pg_stat_activity
      WHERE datname = current_database() AND pid <> pg_backend_pid()`,
  );
  const [{ sessions, since }] = rows;
  if (!sessions) return [];
  return [
    `${sessions} other session(s) on this dataset's database, the oldest since ` +
      `${since?.toISOString()}: is a server of an earlier run still running? Its outbox relay ` +
      'takes this run’s jobs (uploads rendered or failed elsewhere, notifications handled there).',
  ];
}

/**
 * Waits (at most `seconds`) until no other session on the dataset's database is running a
 * statement. A scenario's statements can outlive its load: a search of seconds keeps running
 * after autocannon hangs up (up to a pool's worth queued behind it), a worker drains the jobs the
 * writes queued. Left running, they slowed the next scenario's first round, which is the API's
 * (a p99 of 121 ms against the raw side's 38 ms on signed-in-single-post, after search-ranked).
 * Both servers' rounds then start from the same quiet database. How long it took, and how many
 * statements still ran when it gave up (0 when quiet).
 */
async function untilDatabaseQuiet(
  db: Client,
  seconds: number,
): Promise<{ seconds: number; busy: number }> {
  const started = Date.now();
  let busy = 0;
  while (Date.now() - started < seconds * 1000) {
    const { rows } = await db.query<{ busy: number }>(
      `SELECT count(*)::int AS busy FROM pg_stat_activity
        WHERE datname = current_database() AND pid <> pg_backend_pid() AND state = 'active'
          AND backend_type = 'client backend'`,
    );
    busy = rows[0].busy;
    if (!busy) break;
    await new Promise((wait) => setTimeout(wait, 100));
  }
  return { seconds: (Date.now() - started) / 1000, busy };
}

/** Fetches each read scenario from both servers: the bodies must be the same bytes. */
async function identityCheck(
  api: RunningServer,
  raw: RunningServer,
  fixtures: ScenarioFixtures,
  scenarios: Scenario[],
): Promise<BenchResults['identity']> {
  const checks: BenchResults['identity'] = [];
  for (const scenario of scenarios) {
    if (!scenario.check) continue;
    const { path, headers, method, body } = scenario.check(fixtures);
    const [fromApi, fromRaw] = await Promise.all(
      [api, raw].map(async (server) => {
        const response = await fetch(`${server.url}${path}`, { headers, method, body });
        return `${response.status} ${await response.text()}`;
      }),
    );
    let at = 0;
    while (at < fromApi.length && fromApi[at] === fromRaw[at]) at += 1;
    checks.push({
      scenario: scenario.name,
      identical: fromApi === fromRaw,
      bytes: fromApi.length,
      ...(fromApi === fromRaw
        ? {}
        : {
            firstDifference: `at ${at}: api …${fromApi.slice(Math.max(0, at - 40), at + 60)}… raw …${fromRaw.slice(Math.max(0, at - 40), at + 60)}…`,
          }),
    });
  }
  return checks;
}

async function load(
  server: RunningServer,
  scenario: Scenario,
  fixtures: ScenarioFixtures,
  seconds: number,
  connections: number,
): Promise<AutocannonResult> {
  return autocannon({
    url: server.url,
    connections,
    duration: seconds,
    timeout: 30,
    requests: scenario.requests(fixtures),
  });
}

/** A fetch that gives up after two minutes; a keep-alive socket the server just closed is retried once. */
function send(url: string, init: RequestInit): Promise<Response> {
  const attempt = () => fetch(url, { ...init, signal: AbortSignal.timeout(120_000) });
  return attempt().catch(attempt);
}

/** Posts `count` photos to the API's upload route, two at a time; the refs it answered. */
async function sendUploads(
  server: RunningServer,
  photo: Buffer,
  count: number,
  writer: SignedIn,
): Promise<{ refs: string[]; failures: number }> {
  const refs: string[] = [];
  let failures = 0;
  let next = 0;
  const { 'content-type': _json, ...headers } = writer.headers;
  const one = async () => {
    while (next < count) {
      next += 1;
      const form = new FormData();
      form.append('photos', new Blob([photo], { type: 'image/jpeg' }), 'photo.jpg');
      const response = await send(`${server.url}/api/iam/posts/photos`, {
        method: 'POST',
        headers,
        body: form,
      });
      const body = (await response.json()) as { data?: Array<{ ref: string }> };
      if (!response.ok || !Array.isArray(body.data)) failures += 1;
      else refs.push(...body.data.map((item) => item.ref));
    }
  };
  await Promise.all([one(), one()]);
  return { refs, failures };
}

async function uploadsIn(
  db: Client,
  refs: string[],
  status: 'pending' | 'failed',
): Promise<number> {
  const { rows } = await db.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM uploaded_image WHERE ref = ANY($1) AND status = $2`,
    [refs, status],
  );
  return rows[0].count;
}

/** Waits (polling every 10 ms, at most `seconds`) until none of the uploads is pending. */
async function untilRendered(db: Client, refs: string[], seconds = 300): Promise<void> {
  const deadline = Date.now() + seconds * 1000;
  while (refs.length && Date.now() < deadline && (await uploadsIn(db, refs, 'pending')) > 0)
    await new Promise((wait) => setTimeout(wait, 10));
}

/** Upload `count` 12 MP JPEGs, two at a time; done when every upload's variants exist. */
async function uploads(
  server: RunningServer,
  which: 'api' | 'raw',
  photo: Buffer,
  count: number,
  writer: SignedIn,
  db: Client,
  statusColumn: boolean,
): Promise<{ seconds: number; failures: number }> {
  const started = performance.now();
  if (which === 'raw') {
    let failures = 0;
    let next = 0;
    const one = async () => {
      while (next < count) {
        next += 1;
        const response = await send(`${server.url}/raw/photos`, { method: 'POST', body: photo });
        await response.arrayBuffer();
        if (!response.ok) failures += 1;
      }
    };
    await Promise.all([one(), one()]);
    return { seconds: (performance.now() - started) / 1000, failures };
  }
  const { refs, failures } = await sendUploads(server, photo, count, writer);
  if (!statusColumn) return { seconds: (performance.now() - started) / 1000, failures };
  // Rendering happens off the request path (the images queue): wait for the variants.
  await untilRendered(db, refs);
  const seconds = (performance.now() - started) / 1000;
  return { seconds, failures: failures + (await uploadsIn(db, refs, 'failed')) };
}

function formatTable(results: BenchResults): string {
  const header = [
    'scenario',
    'API req/s',
    'raw req/s',
    'ratio',
    'API p50',
    'p99',
    'raw p50',
    'p99',
    'target',
    'result',
  ];
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  const rows = results.scenarios.map((row) => [
    row.name,
    row.api.requestsPerSecond.toFixed(row.kind === 'images' ? 2 : 0),
    row.raw ? row.raw.requestsPerSecond.toFixed(row.kind === 'images' ? 2 : 0) : '–',
    row.ratio === null ? '–' : row.ratio.toFixed(2),
    row.kind === 'images' || row.kind === 'soak' ? '–' : ms(row.api.p50),
    row.kind === 'images' || row.kind === 'soak' ? '–' : ms(row.api.p99),
    row.raw && row.kind !== 'images' ? ms(row.raw.p50) : '–',
    row.raw && row.kind !== 'images' ? ms(row.raw.p99) : '–',
    row.target,
    row.pass ? 'pass' : 'FAIL',
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column].length)),
  );
  const line = (cells: string[]) =>
    `| ${cells.map((cell, column) => cell.padEnd(widths[column])).join(' | ')} |`;
  return [
    line(header),
    `|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`,
    ...rows.map(line),
  ].join('\n');
}

export async function runBench(options: BenchOptions): Promise<BenchResults> {
  const log = options.log ?? ((line: string) => process.stderr.write(`[bench] ${line}\n`));
  const roundSeconds = options.roundSeconds ?? 5;
  const rounds = options.rounds ?? 3;
  const connections = options.connections ?? 16;
  const resultsDir = options.resultsDir ?? resolve(REPO_ROOT, 'backend/bench/results');
  const wanted = (name: string) => !options.only?.length || options.only.includes(name);
  await mkdir(resultsDir, { recursive: true });
  const startedAt = new Date().toISOString();
  const stamp = startedAt.replace(/[:.]/g, '-');

  const storageDir = options.storageDir ?? benchStorageDir(options.size.name);
  const dataset = await ensureDatasetDatabase(options.serverUrl ?? serverUrl(), {
    name: options.databaseName,
    size: options.size,
    storageDir,
    reseed: options.reseed,
    onProgress: (line) => log(`seed: ${line}`),
  });
  log(
    `${dataset.seeded ? 'seeded' : 'reusing'} ${dataset.name}: ${JSON.stringify(dataset.counts)}`,
  );
  const db = new Client({ connectionString: dataset.url });
  await db.connect();
  let api: RunningServer | undefined;
  let raw: RunningServer | undefined;
  // Ctrl-C stops the servers this run started, not only the driver.
  const interrupted = () => {
    void Promise.allSettled([api?.close(), raw?.close()]).finally(() => process.exit(130));
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  try {
    await undoBenchWrites(db);
    const warnings = await foreignSessions(db);
    for (const warning of warnings) log(`WARNING: ${warning}`);
    const jwtSecret = randomBytes(32).toString('base64url');
    const env: Record<string, string> = {
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      DATABASE_URL: dataset.url,
      REDIS_URL: options.redisUrl ?? redisUrl(),
      REDIS_PREFIX: `plantfolk-bench-${process.pid}`,
      SMTP_URL: 'smtp://127.0.0.1:1',
      SMS_DRIVER: 'http',
      SMS_HTTP_URL: 'http://127.0.0.1:9/sms',
      SMS_HTTP_TOKEN: 'bench',
      SMS_FROM: 'Plantfolk',
      STORAGE_DRIVER: 'local',
      STORAGE_DIR: storageDir,
      JWT_SECRET: jwtSecret,
      WORKERS: 'off',
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
      RATE_LIMITS: 'off',
      ...(process.env.BENCH_API_DIST ? { BENCH_API_DIST: process.env.BENCH_API_DIST } : {}),
      ...(options.cpuProfileDir ? { BENCH_CPU_PROFILE_DIR: resolve(options.cpuProfileDir) } : {}),
    };
    if (options.cpuProfileDir) await mkdir(options.cpuProfileDir, { recursive: true });
    if (!options.startApi && options.build !== false) {
      log('building the backend (nx run backend:build)');
      execFileSync('npx', ['nx', 'run', 'backend:build', '--output-style=static'], {
        cwd: REPO_ROOT,
        stdio: 'ignore',
        env: { ...process.env, NX_DAEMON: 'false', NX_TUI: 'false', NX_NO_CLOUD: 'true' },
      });
    }
    const logFile = resolve(resultsDir, `${stamp}-${options.size.name}.log`);
    api = await (options.startApi ?? ((e) => startApiProcess(e, logFile)))(env);
    // The raw server writes the API's calendar links (its PUBLIC_URL: its own address).
    const apiUrl = api.url;
    raw = await (
      options.startRaw ?? ((e) => startRawProcess({ ...e, PUBLIC_URL: apiUrl }, logFile))
    )(env);
    log(`API on ${api.url} (pid ${api.pid ?? 'in-process'}), raw baseline on ${raw.url}`);

    const reader = await logIn(api.url, 'member-7@bench.plantfolk.test');
    const writers = await benchWriters(db, jwtSecret, options.size.benchMembers);
    const fixtures = await fixturesOf(db, reader, writers, options.size.members, log);
    resetDraws();

    const scenarios = SCENARIOS.filter((scenario) => wanted(scenario.name));
    const identity = await identityCheck(api, raw, fixtures, scenarios);
    for (const check of identity)
      log(`identity ${check.scenario}: ${check.identical ? 'identical' : check.firstDifference}`);

    const results: BenchResults = {
      startedAt,
      machine: {
        host: hostname(),
        cpus: cpus()[0]?.model ?? 'unknown',
        cores: cpus().length,
        memoryGb: Math.round(totalmem() / 2 ** 30),
        node: process.version,
      },
      size: options.size.name,
      dataset: dataset.counts,
      settings: { roundSeconds, rounds, connections },
      identity,
      counters: [],
      warnings,
      scenarios: [],
    };

    for (const scenario of scenarios) {
      const quiet = await untilDatabaseQuiet(db, 120);
      if (quiet.seconds >= 1)
        log(
          `${scenario.name}: waited ${quiet.seconds.toFixed(1)} s for the statements left running ` +
            `before it${quiet.busy ? ` (${quiet.busy} still running)` : ''}`,
        );
      log(`${scenario.name}: warm-up, then ${rounds} × ${roundSeconds} s per server, interleaved`);
      const warmup = options.warmupSeconds ?? 1;
      if (warmup > 0) {
        await load(api, scenario, fixtures, warmup, connections);
        await load(raw, scenario, fixtures, warmup, connections);
      }
      const byServer: { api: AutocannonResult[]; raw: AutocannonResult[] } = { api: [], raw: [] };
      for (let round = 0; round < rounds; round += 1) {
        for (const [name, server] of [
          ['api', api],
          ['raw', raw],
        ] as const) {
          const profiled = options.cpuProfileDir && server.pid ? server.pid : undefined;
          if (profiled) process.kill(profiled, 'SIGWINCH');
          byServer[name].push(await load(server, scenario, fixtures, roundSeconds, connections));
          if (!profiled || !options.cpuProfileDir) continue;
          process.kill(profiled, 'SIGWINCH');
          const file = `${scenario.name}-${name}-${round + 1}`;
          await keepProfile(options.cpuProfileDir, profiled, file);
        }
      }
      const apiStats = merge(byServer.api);
      const rawStats = merge(byServer.raw);
      const ratio = rawStats.requestsPerSecond
        ? apiStats.requestsPerSecond / rawStats.requestsPerSecond
        : 0;
      const target = RATIO_TARGETS[scenario.kind];
      results.scenarios.push({
        name: scenario.name,
        kind: scenario.kind,
        description: scenario.description,
        api: apiStats,
        raw: rawStats,
        ratio,
        target: `≥ ${target.toFixed(2)}`,
        pass: ratio >= target && !apiStats.failures && !rawStats.failures,
        ...(apiStats.failures || rawStats.failures
          ? { notes: `failed requests: API ${apiStats.failures}, raw ${rawStats.failures}` }
          : {}),
      });
      log(
        `${scenario.name}: API ${apiStats.requestsPerSecond.toFixed(0)} req/s, raw ${rawStats.requestsPerSecond.toFixed(0)} req/s, ratio ${ratio.toFixed(2)}` +
          (apiStats.failures || rawStats.failures
            ? ` (failures: API ${apiStats.failures}, raw ${rawStats.failures})`
            : ''),
      );
    }

    const noticeRuns = options.noticeRuns ?? (options.startApi ? 0 : Math.max(5, rounds));
    if (wanted('notice-fanout') && noticeRuns > 0) {
      const admin = writers[writers.length - 1];
      const fanout = await noticeFanout(db, api, raw, admin, noticeRuns, log);
      results.scenarios.push(fanout);
      log(`notice-fanout: ${fanout.notes}`);
    }

    const liveMessages = options.liveMessages ?? (options.startApi ? 0 : 200);
    if (wanted('message-live') && liveMessages > 0) {
      const second = await startApiProcess(env, logFile);
      try {
        const live = await messageLive(db, api, second, writers, liveMessages, log);
        results.scenarios.push(live);
        log(`message-live: ${live.notes}`);
      } finally {
        await second.close();
      }
    }

    const first = results.scenarios.find((row) => row.name === 'guest-feed');
    const deep = results.scenarios.find((row) => row.name === 'guest-feed-deep');
    if (first && deep) {
      const factor = deep.api.p50 / Math.max(first.api.p50, 0.001);
      results.scenarios.push({
        name: `deep-page-${fixtures.deepPage}-vs-first`,
        kind: 'read',
        description: `API p50 of feed page ${fixtures.deepPage} ÷ p50 of page 1`,
        api: { ...deep.api },
        raw: null,
        ratio: factor,
        target: '≤ 1.20× p50',
        pass: factor <= 1.2,
      });
    }

    if (wanted('images') && (options.imageUploads ?? 12) > 0) {
      const count = options.imageUploads ?? 12;
      const photo = await twelveMegapixelPhoto();
      const statusColumn = (
        await db.query(
          `SELECT 1 FROM information_schema.columns WHERE table_name = 'uploaded_image' AND column_name = 'status'`,
        )
      ).rowCount;
      log(
        `images: ${count} uploads of a 12 MP JPEG (${(photo.length / 1e6).toFixed(1)} MB) per server, 2 at a time`,
      );
      // The worker renders in the background (SCHED_IDLE or niceness 10, see worker-priority.ts);
      // the raw renders run at that priority too, in a raw server of their own, so that load from
      // outside this run slows both alike. (In-process servers, as in the smoke test, share one.)
      const rawImages = options.startRaw
        ? raw
        : await startRawProcess({ ...env, RAW_BACKGROUND: '1' }, logFile);
      const apiRuns: Array<{ seconds: number; failures: number }> = [];
      const rawRuns: Array<{ seconds: number; failures: number }> = [];
      // CPU time of the servers' processes (API and worker; the raw server) over their rounds:
      // the work per upload, which other load on the machine barely moves (wall-clock does).
      const cpu = { api: 0 as number | null, raw: 0 as number | null };
      // The API's share split by process (the upload request; the worker's render job), summed
      // over its rounds, to tell where the API's time per upload goes.
      const split = new Map<number, number>();
      const timed = async <T>(which: 'api' | 'raw', pids: number[] | undefined, run: () => T) => {
        const before = await cpuMilliseconds(pids);
        const each = which === 'api' ? await cpuByProcess(pids) : null;
        const result = await run();
        const after = await cpuMilliseconds(pids);
        const eachAfter = which === 'api' ? await cpuByProcess(pids) : null;
        if (each && eachAfter)
          for (const [pid, ms] of eachAfter)
            split.set(pid, (split.get(pid) ?? 0) + ms - (each.get(pid) ?? 0));
        const spent = cpu[which];
        cpu[which] =
          before === null || after === null || spent === null ? null : spent + after - before;
        return result;
      };
      const apiServer = api;
      // Work left from the scenarios before (the notification and e-mail jobs of the writes, an
      // announcement's fan-out) is not the uploads': wait until the API and its worker are idle,
      // so it counts on neither side (it would slow the raw rounds too).
      const settled = await untilIdle(apiServer.pids, 120);
      log(
        `images: the API and worker ${settled.idle ? 'settled' : 'still busy'} after ` +
          `${settled.seconds.toFixed(1)} s (then ${settled.msPerSecond} ms CPU a second)`,
      );
      try {
        for (let round = 0; round < 2; round += 1) {
          // --cpu-prof: the API process's main thread over each round (the upload requests).
          const profiled = options.cpuProfileDir && apiServer.pid ? apiServer.pid : undefined;
          if (profiled) process.kill(profiled, 'SIGWINCH');
          apiRuns.push(
            await timed('api', apiServer.pids, () =>
              uploads(apiServer, 'api', photo, count / 2, writers[0], db, Boolean(statusColumn)),
            ),
          );
          if (profiled && options.cpuProfileDir) {
            process.kill(profiled, 'SIGWINCH');
            await keepProfile(options.cpuProfileDir, profiled, `images-api-${round + 1}`);
          }
          rawRuns.push(
            await timed('raw', rawImages.pids, () =>
              uploads(rawImages, 'raw', photo, count / 2, writers[0], db, false),
            ),
          );
        }
      } finally {
        if (rawImages !== raw) await rawImages.close();
      }
      const rate = (runs: Array<{ seconds: number }>) =>
        count / runs.reduce((sum, run) => sum + run.seconds, 0);
      const stats = (runs: Array<{ seconds: number; failures: number }>): ServerStats => ({
        ...NO_STATS,
        requestsPerSecond: rate(runs),
        requests: count,
        failures: runs.reduce((sum, run) => sum + run.failures, 0),
      });
      const apiStats = stats(apiRuns);
      const rawStats = stats(rawRuns);
      const ratio = apiStats.requestsPerSecond / rawStats.requestsPerSecond;
      results.scenarios.push({
        name: 'image-upload-12mp',
        kind: 'images',
        description:
          'Uploads/s of 12 MP JPEGs until every variant exists (API: upload then its render ' +
          'job; raw: the same renderImage in the request), two at a time',
        api: apiStats,
        raw: rawStats,
        ratio,
        target: '≥ 5/s, ≥ 0.90',
        pass:
          apiStats.requestsPerSecond >= 5 &&
          ratio >= 0.9 &&
          !apiStats.failures &&
          !rawStats.failures,
        notes:
          (statusColumn ? 'API measured to variants existing' : 'API measured to acceptance') +
          (cpu.api !== null && cpu.raw !== null
            ? `; CPU per upload: API + worker ${Math.round(cpu.api / count)} ms` +
              (apiServer.pids?.length === 2
                ? ` (request ${Math.round((split.get(apiServer.pids[0]) ?? 0) / count)} ms, ` +
                  `worker ${Math.round((split.get(apiServer.pids[1]) ?? 0) / count)} ms)`
                : '') +
              `, raw ${Math.round(cpu.raw / count)} ms (raw ÷ API ${(cpu.raw / cpu.api).toFixed(2)})`
            : '') +
          (settled.idle
            ? `; idle after ${settled.seconds.toFixed(0)} s of earlier work`
            : `; still busy with earlier work after ${settled.seconds.toFixed(0)} s`) +
          (apiStats.failures || rawStats.failures
            ? `; failed (request or render): API ${apiStats.failures}, raw ${rawStats.failures}`
            : ''),
      });
      log(
        `images: API ${apiStats.requestsPerSecond.toFixed(2)}/s, raw ${rawStats.requestsPerSecond.toFixed(2)}/s` +
          (cpu.api !== null && cpu.raw !== null
            ? `; CPU per upload API + worker ${Math.round(cpu.api / count)} ms, raw ${Math.round(cpu.raw / count)} ms`
            : ''),
      );
    }

    // The API's reads while the worker renders: single-post idle, then with a backlog of uploads
    // accepted just before (their renders queued), round by round; the backlog must last the round.
    if (wanted('upload-backlog') && (options.imageUploads ?? 12) > 0) {
      const read = SCENARIOS.find((scenario) => scenario.name === 'single-post') as Scenario;
      const photo = await twelveMegapixelPhoto();
      const backlog = options.backlogUploads ?? Math.max(10, roundSeconds * 10);
      log(
        `upload-backlog: ${read.name} on the API, ${rounds} × ${roundSeconds} s idle and as many ` +
          `with ${backlog} uploads rendering`,
      );
      const warmup = options.warmupSeconds ?? 1;
      if (warmup > 0) await load(api, read, fixtures, warmup, connections);
      const idleRounds: AutocannonResult[] = [];
      const busyRounds: AutocannonResult[] = [];
      const pending: Array<{ start: number; end: number }> = [];
      let uploadFailures = 0;
      for (let round = 0; round < rounds; round += 1) {
        idleRounds.push(await load(api, read, fixtures, roundSeconds, connections));
        const { refs, failures } = await sendUploads(api, photo, backlog, writers[0]);
        uploadFailures += failures;
        const start = await uploadsIn(db, refs, 'pending');
        busyRounds.push(await load(api, read, fixtures, roundSeconds, connections));
        pending.push({ start, end: await uploadsIn(db, refs, 'pending') });
        await untilRendered(db, refs);
        uploadFailures += await uploadsIn(db, refs, 'failed');
      }
      const idle = merge(idleRounds);
      const busy = merge(busyRounds);
      const factor = busy.p99 / Math.max(idle.p99, 0.001);
      const lasted = pending.every((round) => round.end > 0);
      const pass = factor <= 1.5 && lasted && !idle.failures && !busy.failures && !uploadFailures;
      results.uploadBacklog = {
        scenario: read.name,
        uploadsPerRound: backlog,
        idle,
        busy,
        pending,
        p99Factor: factor,
        pass,
      };
      const ms = (value: number) => `${value.toFixed(1)} ms`;
      results.scenarios.push({
        name: 'upload-backlog-p99',
        kind: 'backlog',
        description:
          `API p99 of ${read.name} while the worker renders a backlog of 12 MP uploads, ` +
          'divided by its p99 idle (same rounds, interleaved)',
        api: busy,
        raw: null,
        ratio: factor,
        target: '≤ 1.50× p99',
        pass,
        notes:
          `idle p50 ${ms(idle.p50)} p99 ${ms(idle.p99)} (${idle.requestsPerSecond.toFixed(0)} req/s); ` +
          `backlog p50 ${ms(busy.p50)} p99 ${ms(busy.p99)} (${busy.requestsPerSecond.toFixed(0)} req/s); ` +
          `pending at start → end of each round: ${pending.map((r) => `${r.start}→${r.end}`).join(', ')}` +
          (lasted ? '' : ' (the backlog ran out during a round)') +
          (uploadFailures ? `; ${uploadFailures} uploads failed` : ''),
      });
      log(`upload-backlog: ${results.scenarios[results.scenarios.length - 1].notes}`);
    }

    if (wanted('soak') && (options.soakSeconds ?? 60) > 0) {
      const seconds = options.soakSeconds ?? 60;
      const mixed = SCENARIOS.find((scenario) => scenario.name === 'mixed-90-10') as Scenario;
      log(`soak: the mixed workload on the API for ${seconds} s, RSS sampled every second`);
      const samples: number[] = [];
      const sampler = setInterval(() => {
        void rssMegabytes(api?.pid).then((mb) => mb !== null && samples.push(mb));
      }, 1000);
      const soaked = await load(api, mixed, fixtures, seconds, connections).finally(() =>
        clearInterval(sampler),
      );
      const tenth = Math.max(1, Math.floor(samples.length / 10));
      const average = (values: number[]) =>
        values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length);
      const rss = {
        start: average(samples.slice(0, tenth)),
        end: average(samples.slice(-tenth)),
        max: Math.max(0, ...samples),
      };
      const flat = rss.end <= rss.start * 1.1 + 10;
      results.soak = {
        seconds,
        rssMb: rss,
        samples: samples.map((mb) => Math.round(mb)),
        pass: rss.max <= 350 && flat,
      };
      const soakStats = merge([soaked]);
      results.scenarios.push({
        name: `soak-${seconds}s-rss`,
        kind: 'soak',
        description: 'The mixed workload on the API alone; RSS at the start, end and peak',
        api: soakStats,
        raw: null,
        ratio: null,
        target: '≤ 350 MB, flat',
        pass: results.soak.pass && !soakStats.failures,
        notes: `RSS ${rss.start.toFixed(0)} → ${rss.end.toFixed(0)} MB, max ${rss.max.toFixed(0)} MB`,
      });
      log(`soak: ${results.scenarios[results.scenarios.length - 1].notes}`);
    }

    // Let the last requests of the last round land before undoing what they wrote.
    await new Promise((wait) => setTimeout(wait, 1000));
    await undoBenchWrites(db);
    results.counters = await counterMismatches(db);
    log(
      results.counters.length ? `counters: ${results.counters.join('; ')}` : 'counters consistent',
    );
    const table = formatTable(results);
    if (options.writeResults !== false) {
      const file = resolve(resultsDir, `${stamp}-${options.size.name}.json`);
      await writeFile(file, `${JSON.stringify(results, null, 2)}\n`);
      // The committed table is a whole run's: a run of some scenarios (--only) leaves it as it is.
      if (!options.only?.length)
        await writeFile(resolve(resultsDir, `latest-${options.size.name}.md`), `${table}\n`);
      log(`results: ${file}`);
    }
    process.stdout.write(
      `\n${table}\n\n${results.warnings.map((warning) => `WARNING: ${warning}\n`).join('')}`,
    );
    return results;
  } finally {
    process.off('SIGINT', interrupted);
    process.off('SIGTERM', interrupted);
    await api?.close().catch(() => undefined);
    await raw?.close().catch(() => undefined);
    await db.end();
  }
}

/** The p-th percentile (0–100) of some numbers, nearest rank. */
function percentile(values: number[], p: number): number {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/**
 * A site announcement (`POST /api/iam/notifications/new-immutable`, an admin) fanned out to every
 * registered, unsuspended member: from the request's start until the last recipient's receipt
 * exists (the recipient with the greatest id: the fan-out walks members by id), polled every 5 ms
 * by its key. The API answers at once and its worker writes the rows (the `announce` job, batches
 * of ANNOUNCE_BATCH, one set-based insert each); the raw server runs the same batches in the
 * request. Rows/s is all rows over all runs' time, end to end (job pick-up included); p50/p99 are
 * the runs' times to the last recipient. API and raw alternate; each announcement is deleted (its
 * rows with it) after its run.
 */
async function noticeFanout(
  db: Client,
  api: RunningServer,
  raw: RunningServer,
  admin: SignedIn,
  runs: number,
  log: (line: string) => void,
): Promise<ScenarioResult> {
  await db.query(`UPDATE user_account SET is_admin = true WHERE id = $1`, [admin.userId]);
  try {
    const { rows: audienceRows } = await db.query<{ audience: number }>(
      `SELECT count(*)::int AS audience FROM user_account
        WHERE registered_at IS NOT NULL AND suspended_at IS NULL`,
    );
    const audience = audienceRows[0].audience;
    const { rows: lastRows } = await db.query<{ id: string }>(
      `SELECT id FROM user_account WHERE registered_at IS NOT NULL AND suspended_at IS NULL
        ORDER BY id DESC LIMIT 1`,
    );
    const lastRecipient = lastRows[0].id;
    log(`notice-fanout: ${runs} announcements per server to ${audience} members, alternating`);
    const one = async (server: RunningServer, n: number) => {
      const started = performance.now();
      const response = await fetch(`${server.url}/api/iam/notifications/new-immutable`, {
        method: 'POST',
        headers: { ...admin.headers },
        body: JSON.stringify({ message: `Bench notice ${n}: the plant swap moves to Sunday.` }),
      });
      const body = (await response.json()) as { data?: { id?: string } };
      const id = body.data?.id;
      if (!response.ok || !id) return { ms: 0, rows: 0, failed: true };
      const deadline = Date.now() + 60_000;
      let done = false;
      while (!done && Date.now() < deadline) {
        done = (
          await db.query(
            `SELECT 1 FROM announcement_receipt WHERE announcement_id = $1 AND user_id = $2`,
            [id, lastRecipient],
          )
        ).rowCount
          ? true
          : false;
        if (!done) await new Promise((wait) => setTimeout(wait, 5));
      }
      const ms = performance.now() - started;
      // The last batch's statement has committed, so every row of this announcement is visible.
      const { rows } = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM announcement_receipt WHERE announcement_id = $1`,
        [id],
      );
      await db.query(`DELETE FROM announcement WHERE id = $1`, [id]);
      return { ms, rows: rows[0].n, failed: !done || rows[0].n !== audience };
    };
    // Warm-up: one of each, not counted.
    await one(api, 0);
    await one(raw, 0);
    const times: {
      api: Array<{ ms: number; rows: number; failed: boolean }>;
      raw: typeof times.api;
    } = { api: [], raw: [] };
    for (let run = 1; run <= runs; run += 1) {
      times.api.push(await one(api, run));
      times.raw.push(await one(raw, run));
    }
    const stats = (list: typeof times.api): ServerStats => {
      const seconds = list.reduce((sum, run) => sum + run.ms, 0) / 1000;
      const rows = list.reduce((sum, run) => sum + run.rows, 0);
      const ms = list.map((run) => run.ms);
      return {
        requestsPerSecond: seconds ? rows / seconds : 0,
        p50: percentile(ms, 50),
        p99: percentile(ms, 99),
        requests: list.length,
        failures: list.filter((run) => run.failed).length,
      };
    };
    const apiStats = stats(times.api);
    const rawStats = stats(times.raw);
    const ratio = rawStats.requestsPerSecond
      ? apiStats.requestsPerSecond / rawStats.requestsPerSecond
      : 0;
    const fmt = (value: number) => Math.round(value).toLocaleString('en');
    return {
      name: `notice-fanout-${audience}`,
      kind: 'fanout',
      description:
        `An admin's announcement fanned out to ${audience} members (POST /api/iam/notifications/` +
        'new-immutable): rows/s end to end; p50/p99 from the request to the last recipient’s row',
      api: apiStats,
      raw: rawStats,
      ratio,
      target: '≥ 100,000 rows/s, p99 ≤ 5 s',
      pass: apiStats.requestsPerSecond >= 100_000 && apiStats.p99 <= 5000 && !apiStats.failures,
      notes:
        `API ${fmt(apiStats.requestsPerSecond)} rows/s (last recipient p50 ${apiStats.p50.toFixed(0)} ms, ` +
        `p99 ${apiStats.p99.toFixed(0)} ms), raw ${fmt(rawStats.requestsPerSecond)} rows/s ` +
        `(p50 ${rawStats.p50.toFixed(0)} ms, p99 ${rawStats.p99.toFixed(0)} ms), ${runs} runs each` +
        (apiStats.failures || rawStats.failures
          ? `; incomplete runs: API ${apiStats.failures}, raw ${rawStats.failures}`
          : ''),
    };
  } finally {
    await db.query(`UPDATE user_account SET is_admin = false WHERE id = $1`, [admin.userId]);
  }
}

/**
 * A message sent through one API instance (`POST /api/iam/messages/new`, writer 0) to a member
 * whose socket (socket.io-client, websocket, their access token) is held by a second instance:
 * from the request's start until that socket gets the 'message' event (the Redis adapter between
 * the instances). One message at a time; p50/p99 over all of them. No raw baseline: the target is
 * absolute.
 */
async function messageLive(
  db: Client,
  sender: RunningServer,
  holder: RunningServer,
  writers: SignedIn[],
  count: number,
  log: (line: string) => void,
): Promise<ScenarioResult> {
  const [from, to] = writers;
  const { rows } = await db.query<{ id: string }>(
    `WITH c AS (
       INSERT INTO conversation (conv_type, pair_key, starter_id)
       VALUES ('u2u', 'u:' || LEAST($1::text COLLATE "C", $2::text COLLATE "C") || ':'
                      || GREATEST($1::text COLLATE "C", $2::text COLLATE "C"), $1::uuid)
       ON CONFLICT (pair_key) DO UPDATE SET pair_key = EXCLUDED.pair_key RETURNING id),
     joined AS (
       INSERT INTO conversation_participant (conversation_id, user_id, role)
       SELECT c.id, x.id, 'member' FROM c, unnest(ARRAY[$1::uuid, $2::uuid]) AS x(id)
       ON CONFLICT DO NOTHING)
     SELECT id FROM c`,
    [from.userId, to.userId],
  );
  const conversationId = rows[0].id;
  const token = to.headers.authorization.replace(/^Bearer /, '');
  const socket = connectSocket(holder.url, {
    path: REALTIME_PATH,
    transports: ['websocket'],
    auth: { token },
    reconnection: false,
  });
  const waiting = new Map<string, (at: number) => void>();
  socket.on('message', (payload: { text?: string }) => {
    const done = payload?.text ? waiting.get(payload.text) : undefined;
    if (done) done(performance.now());
  });
  await new Promise<void>((ready, fail) => {
    socket.once('connect', () => ready());
    socket.once('connect_error', (error) => fail(error));
  });
  log(`message-live: ${count} messages via ${sender.url} to a socket on ${holder.url}`);
  const latencies: number[] = [];
  let failures = 0;
  const started = performance.now();
  try {
    for (let n = 0; n < count; n += 1) {
      const text = `Live bench message ${n}`;
      const received = new Promise<number | null>((arrived) => {
        const timer = setTimeout(() => arrived(null), 5_000);
        waiting.set(text, (at) => {
          clearTimeout(timer);
          arrived(at);
        });
      });
      const sent = performance.now();
      const response = await fetch(`${sender.url}/api/iam/messages/new`, {
        method: 'POST',
        headers: { ...from.headers },
        body: JSON.stringify({ convnId: conversationId, message: text }),
      });
      await response.arrayBuffer();
      const at = await received;
      waiting.delete(text);
      if (!response.ok || at === null) failures += 1;
      else latencies.push(at - sent);
    }
  } finally {
    socket.close();
  }
  const seconds = (performance.now() - started) / 1000;
  const stats: ServerStats = {
    requestsPerSecond: count / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    requests: count,
    failures,
  };
  return {
    name: 'message-live-cross-instance',
    kind: 'live',
    description:
      'A message sent through one API instance reaching a socket held by another (socket.io, ' +
      'Redis adapter): from the request’s start to the socket’s event, one at a time',
    api: stats,
    raw: null,
    ratio: null,
    target: 'p99 ≤ 100 ms',
    pass: stats.p99 <= 100 && !failures && latencies.length > 0,
    notes:
      `p50 ${stats.p50.toFixed(1)} ms, p99 ${stats.p99.toFixed(1)} ms, max ` +
      `${Math.max(0, ...latencies).toFixed(1)} ms over ${latencies.length} messages` +
      (failures ? `; ${failures} not delivered within 5 s or refused` : ''),
  };
}

/** Renames the profile a server writes after its second SIGWINCH to `<name>.cpuprofile`. */
async function keepProfile(dir: string, pid: number, name: string): Promise<void> {
  const { readdir, rename } = await import('node:fs/promises');
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const written = (await readdir(dir)).find((file) => file.startsWith(`profile-${pid}-`));
    if (written) {
      // Written in one synchronous call; a moment more lets a large one finish.
      await new Promise((wait) => setTimeout(wait, 200));
      await rename(resolve(dir, written), resolve(dir, `${name}.cpuprofile`));
      return;
    }
    await new Promise((wait) => setTimeout(wait, 100));
  }
  throw new Error(`the server wrote no CPU profile for ${name} within 30 s`);
}

if (require.main === module) {
  const { values } = parseArgs({
    options: {
      size: { type: 'string', default: 'small' },
      database: { type: 'string' },
      reseed: { type: 'boolean', default: false },
      only: { type: 'string' },
      soak: { type: 'string', default: '60' },
      round: { type: 'string', default: '5' },
      rounds: { type: 'string', default: '3' },
      connections: { type: 'string', default: '16' },
      images: { type: 'string', default: '12' },
      backlog: { type: 'string' },
      'no-build': { type: 'boolean', default: false },
      'cpu-prof': { type: 'string' },
      notices: { type: 'string' },
      live: { type: 'string' },
    },
  });
  runBench({
    size: datasetSize(values.size as string),
    databaseName: values.database,
    reseed: values.reseed,
    only: values.only?.split(',').map((name) => name.trim()),
    soakSeconds: Number(values.soak),
    roundSeconds: Number(values.round),
    rounds: Number(values.rounds),
    connections: Number(values.connections),
    imageUploads: Number(values.images),
    backlogUploads: values.backlog === undefined ? undefined : Number(values.backlog),
    build: !values['no-build'],
    cpuProfileDir: values['cpu-prof'],
    noticeRuns: values.notices === undefined ? undefined : Number(values.notices),
    liveMessages: values.live === undefined ? undefined : Number(values.live),
  }).catch((error) => {
    console.error(error);
    process.exitCode = 1;
  });
}
