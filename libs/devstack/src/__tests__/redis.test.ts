import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getFreePort } from '../ports.js';
import { isProcessAlive } from '../processes.js';
import { REDIS_MISSING_MESSAGE, type ResolvedRedis, redisCommand, resolveRedis } from '../redis.js';

const localRedisAnswers = (await redisCommand(6379, ['PING'])) === '+PONG';
let rootDir: string;
let closedPort: number;
const toStop: ResolvedRedis[] = [];

beforeAll(async () => {
  rootDir = await fs.mkdtemp(path.join(os.tmpdir(), 'plantfolk-redis-'));
  closedPort = await getFreePort();
});

afterAll(async () => {
  for (const redis of toStop.reverse()) await redis.stop();
  await fs.rm(rootDir, { recursive: true, force: true });
});

function portOf(url: string): number {
  return Number(new URL(url).port);
}

describe('resolveRedis', () => {
  it('uses REDIS_URL when it is set, and starts nothing', async () => {
    const redis = await resolveRedis({
      rootDir,
      env: { REDIS_URL: 'redis://cache.internal:6380/2' },
    });
    expect(redis).toMatchObject({ url: 'redis://cache.internal:6380/2', source: 'env' });
    await expect(fs.access(path.join(rootDir, '.data', 'redis'))).rejects.toThrow();
  });

  it('starts a redis-server in .data/redis (append-only, noeviction) when none answers', async () => {
    const redis = await resolveRedis({
      rootDir,
      env: process.env.PATH ? { PATH: process.env.PATH } : {},
      localPort: closedPort,
      port: 0,
    });
    toStop.push(redis);
    expect(redis.source).toBe('spawned');
    expect(redis.spawned?.startedHere).toBe(true);
    const port = portOf(redis.url);
    expect(await redisCommand(port, ['PING'])).toBe('+PONG');
    expect(await redisCommand(port, ['CONFIG', 'GET', 'appendonly'])).toContain('\r\nyes\r\n');
    expect(await redisCommand(port, ['CONFIG', 'GET', 'maxmemory-policy'])).toContain(
      '\r\nnoeviction\r\n',
    );
    expect(await redisCommand(port, ['CONFIG', 'GET', 'dir'])).toContain(
      path.join(rootDir, '.data', 'redis'),
    );
  });

  it('reuses the redis-server already running on this data dir, and leaves it running on stop', async () => {
    const first = toStop[0]!;
    const again = await resolveRedis({
      rootDir,
      env: { PATH: process.env.PATH ?? '' },
      localPort: closedPort,
      port: 0,
    });
    expect(again.url).toBe(first.url);
    expect(again.spawned?.startedHere).toBe(false);
    await again.stop();
    expect(await redisCommand(portOf(first.url), ['PING'])).toBe('+PONG');
  });

  it('keeps the server running while another process still uses it', async () => {
    const first = toStop[0]!;
    const other = spawn('sleep', ['60']);
    await fs.writeFile(path.join(rootDir, '.data', 'redis-users', String(other.pid)), '');
    try {
      const user = await resolveRedis({
        rootDir,
        env: { PATH: process.env.PATH ?? '' },
        localPort: closedPort,
        port: 0,
      });
      await user.stop();
      expect(await redisCommand(portOf(first.url), ['PING'])).toBe('+PONG');
    } finally {
      other.kill();
      await new Promise((resolve) => other.once('exit', resolve));
    }
  });

  it('uses a Redis that answers PING on the local port', async () => {
    const port = portOf(toStop[0]!.url);
    const redis = await resolveRedis({ rootDir, env: {}, localPort: port });
    expect(redis).toMatchObject({ url: `redis://127.0.0.1:${port}`, source: 'local' });
  });

  // Skipped (and reported as skipped) on a machine without a Redis on 6379.
  it.runIf(localRedisAnswers)('uses the Redis on 127.0.0.1:6379 when one answers', async () => {
    const redis = await resolveRedis({ rootDir, env: {} });
    expect(redis).toMatchObject({ url: 'redis://127.0.0.1:6379', source: 'local' });
  });

  it('stops the redis-server it started', async () => {
    const redis = toStop.shift()!;
    const state = JSON.parse(
      await fs.readFile(path.join(rootDir, '.data', 'redis', 'devstack-server.json'), 'utf8'),
    ) as { pid: number };
    await redis.stop();
    expect(isProcessAlive(state.pid)).toBe(false);
    expect(await redisCommand(portOf(redis.url), ['PING'])).toBeUndefined();
  });

  it('says how to get Redis when none answers and redis-server is not on PATH', async () => {
    const empty = await fs.mkdtemp(path.join(os.tmpdir(), 'plantfolk-nopath-'));
    try {
      await expect(
        resolveRedis({ rootDir, env: { PATH: empty }, localPort: closedPort }),
      ).rejects.toThrow(REDIS_MISSING_MESSAGE);
    } finally {
      await fs.rm(empty, { recursive: true, force: true });
    }
    expect(REDIS_MISSING_MESSAGE).toContain('apt-get install redis-server');
    expect(REDIS_MISSING_MESSAGE).toContain('brew install redis');
    expect(REDIS_MISSING_MESSAGE).toContain('REDIS_URL');
  });
});
