import { TcpProxy, viaProxy } from './support/tcp-proxy';
import { createTestDatabase } from './support/test-database';
import { eventually, startTestApp, testRedisUrl, type TestApp } from './support/test-app';

describe('GET /api/health', () => {
  let t: TestApp;
  let postgresProxy: TcpProxy;
  let redisProxy: TcpProxy;
  let dropDatabase: () => Promise<void>;

  beforeAll(async () => {
    const database = await createTestDatabase();
    dropDatabase = database.drop;
    const pgUrl = new URL(database.url);
    const redisUrl = new URL(testRedisUrl());
    postgresProxy = new TcpProxy(pgUrl.hostname, Number(pgUrl.port || 5432));
    redisProxy = new TcpProxy(redisUrl.hostname, Number(redisUrl.port || 6379));
    await postgresProxy.start();
    await redisProxy.start();
    t = await startTestApp({
      databaseUrl: viaProxy(database.url, postgresProxy.port),
      env: { REDIS_URL: viaProxy(testRedisUrl(), redisProxy.port) },
    });
  });

  afterAll(async () => {
    await postgresProxy.restore();
    await redisProxy.restore();
    await t.close();
    await postgresProxy.stop();
    await redisProxy.stop();
    await dropDatabase();
  });

  it('reports 200 when PostgreSQL and Redis answer', async () => {
    const response = await t.http().get('/api/health').expect(200);
    expect(response.body).toEqual({
      status: 'success',
      data: { status: 'ok', postgres: 'up', redis: 'up', version: t.config.version },
    });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('reports 503 naming Redis when Redis is down, and recovers', async () => {
    await redisProxy.cut();
    const response = await t.http().get('/api/health').expect(503);
    expect(response.body.status).toBe('error');
    expect(response.body.error).toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      details: { status: 'degraded', postgres: 'up', redis: 'down' },
    });
    await redisProxy.restore();
    await eventually(() => t.http().get('/api/health').expect(200));
  });

  it('reports 503 naming PostgreSQL when PostgreSQL is down, and recovers', async () => {
    await postgresProxy.cut();
    const response = await t.http().get('/api/health').expect(503);
    expect(response.body.error.details).toMatchObject({ postgres: 'down', redis: 'up' });
    await postgresProxy.restore();
    await eventually(() => t.http().get('/api/health').expect(200));
  });
});
