import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import pino from 'pino';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { createApp } from '../../src/app.factory';
import { AppConfig } from '../../src/platform/config/app-config';
import { backendVersion } from '../../src/platform/config/load-config';
import { JobQueue } from '../../src/platform/queues/job-queue.service';
import { createMember, type TestMember } from '../support/members';
import { createTestDatabase } from '../support/test-database';
import { eventually, testEnv, type TestApp } from '../support/test-app';

const REDIS_SERVER = '/usr/bin/redis-server';
const ZONE = 'Australia/Melbourne';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** A Redis server of this test's own: its own port and folder, nothing saved. */
class OwnRedis {
  private child: ChildProcess | null = null;

  constructor(
    readonly port: number,
    private readonly dir: string,
  ) {}

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    const child = spawn(
      REDIS_SERVER,
      [
        '--port',
        String(this.port),
        '--bind',
        '127.0.0.1',
        '--dir',
        this.dir,
        '--save',
        '',
        '--appendonly',
        'no',
        '--protected-mode',
        'no',
      ],
      { stdio: 'ignore' },
    );
    this.child = child;
    await eventually(async () => {
      if (child.exitCode !== null) throw new Error(`redis-server exited (${child.exitCode})`);
      const probe = new Redis(this.url, { lazyConnect: true, retryStrategy: () => null });
      try {
        await probe.connect();
        expect(await probe.ping()).toBe('PONG');
      } finally {
        probe.disconnect();
      }
    });
  }

  async stop(): Promise<void> {
    const child = this.child;
    this.child = null;
    if (!child || child.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  }
}

describe('notifications: the outbox keeps causes while Redis is down and delivers each once after', () => {
  let redis: OwnRedis;
  let redisDir: string;
  let storageDir: string;
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let t: TestApp;
  let refusedOnConsole = 0;

  beforeAll(async () => {
    // BullMQ prints each refused connection of the outage on console.error when a queue has no
    // `error` listener; JobQueue has one (it logs once per outage), so none may reach the console.
    const print = console.error.bind(console);
    jest.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
      if (args.some((arg) => String(arg).includes(`ECONNREFUSED 127.0.0.1:${redis?.port}`)))
        refusedOnConsole += 1;
      else print(...args);
    });
    redisDir = await mkdtemp(join(tmpdir(), 'plantfolk-redis-'));
    storageDir = await mkdtemp(join(tmpdir(), 'plantfolk-storage-'));
    redis = new OwnRedis(await freePort(), redisDir);
    await redis.start();
    database = await createTestDatabase();
    const config = AppConfig.fromEnv(
      testEnv({
        DATABASE_URL: database.url,
        STORAGE_DIR: storageDir,
        REDIS_URL: redis.url,
        WORKERS: 'inline',
      }),
      backendVersion(),
    );
    const app = await createApp(config, { logger: pino({ level: 'silent' }) });
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
    // Closed below by hand: TestApp.close would clear keys on the shared Redis.
    t = {
      app,
      config,
      http: () => request(app.getHttpServer()),
      dataSource: app.get(DataSource),
      databaseUrl: database.url,
      storageDir,
      close: async () => undefined,
    };
  }, 30_000);

  afterAll(async () => {
    await t?.app.close();
    await redis?.stop();
    await database?.drop();
    await rm(redisDir, { recursive: true, force: true });
    await rm(storageDir, { recursive: true, force: true });
    jest.restoreAllMocks();
  }, 30_000);

  async function createEvent(creator: TestMember) {
    const start = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(
      new Date(Date.now() + 3 * 86_400_000),
    );
    const created = await t
      .http()
      .post('/api/iam/events/new')
      .set(creator.headers)
      .send({
        title: 'Repotting morning',
        time_zone: ZONE,
        start_date: start,
        start_time: '09:00',
        end_time: '11:00',
        recurrence: { frequency: 'weekly', count: 3 },
      })
      .expect(201);
    return created.body.data as { id: string; dates: Array<{ id: string }> };
  }

  const answer = (member: TestMember, specificId: string) =>
    t
      .http()
      .put('/api/iam/events/upsert-attend-specific')
      .set(member.headers)
      .send({ specificId, status: 'GOING' })
      .expect(200);

  const pendingOutbox = async () =>
    (
      await t.dataSource.query(
        'SELECT count(*)::int AS n FROM outbox_message WHERE dispatched_at IS NULL',
      )
    )[0].n as number;

  it('writes every cause while Redis is stopped; after its restart each recipient is told exactly once', async () => {
    const creator = await createMember(t, 'trusted');
    const fans = await Promise.all(Array.from({ length: 5 }, () => createMember(t, 'registered')));
    const event = await createEvent(creator);
    const dates = event.dates.map((date) => date.id);
    expect(dates).toHaveLength(3);
    // Everything so far delivered while Redis is up: the queue is empty and idle.
    await eventually(async () => expect(await pendingOutbox()).toBe(0));
    await eventually(async () => {
      const counts = await t.app.get(JobQueue).queue('notifications').getJobCounts();
      expect((counts.waiting ?? 0) + (counts.active ?? 0) + (counts.delayed ?? 0)).toBe(0);
    });

    await redis.stop();

    // Causes written while Redis is down: answers (each tells the creator) and, per date, a
    // cancellation (each tells every answerer). The writes succeed; the jobs wait in PostgreSQL.
    for (const fan of fans) for (const date of dates) await answer(fan, date);
    for (const date of dates)
      await t
        .http()
        .put('/api/iam/events/update-specific')
        .set(creator.headers)
        .send({ specificId: date, cancelled: true })
        .expect(200);
    expect(await pendingOutbox()).toBe(fans.length * dates.length + dates.length);
    const [{ n: early }] = await t.dataSource.query('SELECT count(*)::int AS n FROM notification');
    expect(early).toBe(0);

    await redis.start();

    const tally = async () =>
      (await t.dataSource.query(
        `SELECT user_id, subtype, count(*)::int AS n, count(DISTINCT event_specific_id)::int AS dates
           FROM notification GROUP BY user_id, subtype ORDER BY subtype, user_id`,
      )) as Array<{ user_id: string; subtype: string; n: number; dates: number }>;
    const expected = [
      ...fans
        .map((fan) => fan.id)
        .sort()
        .map((id) => ({ user_id: id, subtype: 'EVENT_DATE_CANCELLED', n: 3, dates: 3 })),
      { user_id: creator.id, subtype: 'EVENT_ATTENDANCE', n: 15, dates: 3 },
    ].sort((a, b) => a.subtype.localeCompare(b.subtype));
    await eventually(async () => expect(await tally()).toEqual(expected), 25_000);
    expect(await pendingOutbox()).toBe(0);
    // Nothing further arrives once the queue is idle: each notification exactly once.
    await eventually(async () => {
      const counts = await t.app.get(JobQueue).queue('notifications').getJobCounts();
      expect((counts.waiting ?? 0) + (counts.active ?? 0) + (counts.delayed ?? 0)).toBe(0);
    });
    expect(await tally()).toEqual(expected);
    const [{ duplicates }] = await t.dataSource.query(
      'SELECT count(*)::int - count(DISTINCT dedupe_key)::int AS duplicates FROM notification',
    );
    expect(duplicates).toBe(0);
    // The outage was reported by JobQueue's listeners, not printed by BullMQ per retry.
    expect(refusedOnConsole).toBe(0);
  }, 60_000);
});
