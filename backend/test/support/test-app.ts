import type { DynamicModule, Type } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import pino, { type Logger } from 'pino';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { createApp } from '../../src/app.factory';
import { AppConfig } from '../../src/platform/config/app-config';
import { backendVersion } from '../../src/platform/config/load-config';
import { createTestDatabase } from './test-database';

export interface TestApp {
  app: NestFastifyApplication;
  config: AppConfig;
  http: () => ReturnType<typeof request>;
  dataSource: DataSource;
  databaseUrl: string;
  storageDir: string;
  close: () => Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  extraModules?: Array<Type<unknown> | DynamicModule>;
  /** Reuse a database (e.g. two processes on one database); otherwise each app gets its own. */
  databaseUrl?: string;
  /** The app's logger (default: silent). */
  logger?: Logger;
}

export function testRedisUrl(): string {
  const url = process.env.TEST_REDIS_URL;
  if (!url) throw new Error('TEST_REDIS_URL is not set; run the tests through jest (global setup)');
  return url;
}

export function uniquePrefix(): string {
  return `pftest-${process.pid}-${Math.random().toString(36).slice(2, 9)}`;
}

/** The environment a test app runs with: its own database, Redis key prefix and storage folder. */
export function testEnv(overrides: Record<string, string>): Record<string, string> {
  return {
    NODE_ENV: 'test',
    PORT: '0',
    PUBLIC_URL: 'http://localhost:3000',
    REDIS_URL: testRedisUrl(),
    REDIS_PREFIX: uniquePrefix(),
    SMTP_URL: 'smtp://127.0.0.1:1',
    JWT_SECRET: 'test-secret-that-is-at-least-32-characters-long',
    WORKERS: 'off',
    LOG_LEVEL: 'silent',
    ...overrides,
  };
}

/** Deletes every Redis key a test app wrote (they all share its prefix). */
export async function clearRedisPrefix(prefix: string): Promise<void> {
  const redis = new Redis(testRedisUrl());
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
      if (keys.length) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

/** Starts the API as production builds it (same factory), against real PostgreSQL and Redis. */
export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = options.databaseUrl ? null : await createTestDatabase();
  const databaseUrl = options.databaseUrl ?? (database as { url: string }).url;
  const storageDir = await mkdtemp(join(tmpdir(), 'plantfolk-storage-'));
  const config = AppConfig.fromEnv(
    testEnv({ DATABASE_URL: databaseUrl, STORAGE_DIR: storageDir, ...options.env }),
    backendVersion(),
  );
  const app = await createApp(config, {
    logger: options.logger ?? pino({ level: 'silent' }),
    extraModules: options.extraModules,
  });
  await app.init();
  await app.getHttpAdapter().getInstance().ready();
  return {
    app,
    config,
    http: () => request(app.getHttpServer()),
    dataSource: app.get(DataSource),
    databaseUrl,
    storageDir,
    close: async () => {
      await app.close();
      await clearRedisPrefix(config.redisPrefix);
      await rm(storageDir, { recursive: true, force: true });
      await database?.drop();
    },
  };
}

/** Polls until the check passes (for effects of background jobs); fails with the last error. */
export async function eventually<T>(
  check: () => Promise<T>,
  timeoutMs = 10_000,
  intervalMs = 100,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, intervalMs));
    }
  }
}
