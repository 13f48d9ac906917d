import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { Client } from 'pg';
import {
  counterMismatches,
  datasetSize,
  dropDatabase,
  ensureDatasetDatabase,
} from '../bench/dataset';
import { startRawBaseline } from '../bench/raw-baseline';
import { runBench, type BenchResults } from '../bench/run';
import { SCENARIOS } from '../bench/scenarios';
import { createApp } from '../src/app.factory';
import { AppConfig } from '../src/platform/config/app-config';
import { backendVersion } from '../src/platform/config/load-config';
import { clearRedisPrefix, testRedisUrl } from './support/test-app';
import { testServerUrl } from './support/test-database';

/**
 * `npm run bench` at the tiny size, a short round per scenario and server, both servers in this
 * process: the pipeline works end to end (seed, log in, identity check, load, results), not how
 * fast anything is. Each scenario is warmed up first and a round lasts two seconds: in CI this
 * shares two cores with other test runs, and a cold first request (an unwarmed path, with the
 * load generator in the same event loop) once outlasted a one-second round, so no answer came
 * back within it.
 */
describe('the benchmark (tiny smoke run)', () => {
  const databaseName = `plantfolk_bench_smoke_${process.pid}_${Date.now().toString(36)}`;
  let storageDir: string;
  let redisPrefix: string | undefined;
  let results: BenchResults;

  beforeAll(async () => {
    storageDir = await mkdtemp(join(tmpdir(), 'plantfolk-bench-'));
    results = await runBench({
      size: datasetSize('tiny'),
      serverUrl: testServerUrl(),
      redisUrl: testRedisUrl(),
      databaseName,
      storageDir,
      roundSeconds: 2,
      rounds: 1,
      warmupSeconds: 1,
      connections: 4,
      soakSeconds: 0,
      imageUploads: 0,
      writeResults: false,
      resultsDir: storageDir,
      log: () => undefined,
      startApi: async (env) => {
        redisPrefix = env.REDIS_PREFIX;
        const config = AppConfig.fromEnv(
          { ...env, PORT: '0', LOG_LEVEL: 'silent' },
          backendVersion(),
        );
        const app = await createApp(config, { logger: pino({ level: 'silent' }) });
        await app.listen({ port: 0, host: '127.0.0.1' });
        const { port } = app.getHttpServer().address() as AddressInfo;
        return { url: `http://127.0.0.1:${port}`, close: () => app.close() };
      },
      startRaw: (env) =>
        startRawBaseline({
          databaseUrl: env.DATABASE_URL,
          jwtSecret: env.JWT_SECRET,
          storageDir: env.STORAGE_DIR,
        }),
    });
  }, 300_000);

  afterAll(async () => {
    await dropDatabase(testServerUrl(), databaseName);
    if (redisPrefix) await clearRedisPrefix(redisPrefix);
    await rm(storageDir, { recursive: true, force: true });
  });

  it('seeds counts that agree with the rows, and leaves them so after the writes', async () => {
    expect(results.dataset.post).toBe(datasetSize('tiny').posts);
    expect(results.dataset.reaction).toBeGreaterThan(0);
    expect(results.dataset.comment).toBeGreaterThan(0);
    expect(results.counters).toEqual([]);
    const reused = await ensureDatasetDatabase(testServerUrl(), {
      name: databaseName,
      size: datasetSize('tiny'),
      storageDir,
    });
    expect(reused.seeded).toBe(false);
    const client = new Client({ connectionString: reused.url });
    await client.connect();
    try {
      expect(await counterMismatches(client)).toEqual([]);
    } finally {
      await client.end();
    }
  });

  it('answers every read scenario with the same bytes from the API and the raw baseline', () => {
    const reads = SCENARIOS.filter((scenario) => scenario.check).map((scenario) => scenario.name);
    expect(results.identity.map((check) => check.scenario)).toEqual(reads);
    // The differing ones, with where they first differ.
    expect(results.identity.filter((check) => !check.identical)).toEqual([]);
  });

  it('measures every scenario on both servers', () => {
    for (const scenario of SCENARIOS) {
      const row = results.scenarios.find((candidate) => candidate.name === scenario.name);
      expect(row?.api.requestsPerSecond).toBeGreaterThan(0);
      expect(row?.raw?.requestsPerSecond).toBeGreaterThan(0);
    }
  });
});
