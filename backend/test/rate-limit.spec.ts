import { Body, Controller, Get, Logger, Module, Post } from '@nestjs/common';
import { IsString } from 'class-validator';
import { Access } from '../src/platform/access/access.decorator';
import { RateLimit } from '../src/platform/rate-limit/rate-limit.decorator';
import { RedisService } from '../src/platform/redis/redis.service';
import { TcpProxy, viaProxy } from './support/tcp-proxy';
import { eventually, startTestApp, testRedisUrl, type TestApp } from './support/test-app';

class EmailDto {
  @IsString()
  email: string;
}

/** Test-only routes with rate limits (mounted only by these tests). */
@Controller('api/test-rate')
class RateLimitProbeController {
  @Get('ip')
  @Access('none')
  @RateLimit('probe-ip', [{ by: 'ip', limit: 3, windowSeconds: 60 }])
  ip() {
    return 'ok';
  }

  @Get('ip-twin')
  @Access('none')
  @RateLimit('probe-ip-twin', [{ by: 'ip', limit: 3, windowSeconds: 60 }])
  ipTwin() {
    return 'ok';
  }

  @Get('variants')
  @Access('none')
  @RateLimit('probe-variants', [{ by: 'ip', limit: 3, windowSeconds: 60 }])
  variants() {
    return 'ok';
  }

  @Get('burst')
  @Access('none')
  @RateLimit('probe-burst', [{ by: 'ip', limit: 10, windowSeconds: 60 }])
  burst() {
    return 'ok';
  }

  @Get('short')
  @Access('none')
  @RateLimit('probe-short', [{ by: 'ip', limit: 2, windowSeconds: 1 }])
  short() {
    return 'ok';
  }

  @Get('sliding')
  @Access('none')
  @RateLimit('probe-sliding', [{ by: 'ip', limit: 2, windowSeconds: 2 }])
  sliding() {
    return 'ok';
  }

  @Get('per-user')
  @Access('none')
  @RateLimit('probe-user', [{ by: 'user', limit: 2, windowSeconds: 60 }])
  perUser() {
    return 'ok';
  }

  @Get('members')
  @Access('authd-only')
  @RateLimit('probe-members', [{ by: 'ip', limit: 1, windowSeconds: 60 }])
  members() {
    return 'ok';
  }

  @Post('login')
  @Access('none')
  @RateLimit('probe-login', [
    { by: 'ip', limit: 100, windowSeconds: 60 },
    { by: 'body:email', limit: 3, windowSeconds: 900 },
  ])
  login(@Body() body: EmailDto) {
    return { email: body.email };
  }

  @Get('both')
  @Access('none')
  @RateLimit('probe-both', [
    { by: 'ip', limit: 2, windowSeconds: 60 },
    { by: 'ip', limit: 100, windowSeconds: 3600 },
  ])
  both() {
    return 'ok';
  }
}

@Module({ controllers: [RateLimitProbeController] })
class RateLimitProbeModule {}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('rate limits', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ extraModules: [RateLimitProbeModule] });
  });
  afterAll(() => t.close());

  it('admits exactly the limit, then answers 429 RATE_LIMITED with Retry-After', async () => {
    for (let index = 0; index < 3; index += 1) await t.http().get('/api/test-rate/ip').expect(200);
    const refused = await t.http().get('/api/test-rate/ip').expect(429);
    expect(refused.body).toEqual({
      status: 'error',
      error: {
        code: 'RATE_LIMITED',
        message: 'Too many requests; please wait a moment and try again',
        details: { retryAfterSeconds: expect.any(Number) },
      },
    });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThanOrEqual(59);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.body.error.details.retryAfterSeconds).toBe(retryAfter);
  });

  it('keeps separate buckets for separate limit names', async () => {
    // probe-ip is used up by the test above; its twin is not.
    await t.http().get('/api/test-rate/ip').expect(429);
    await t.http().get('/api/test-rate/ip-twin').expect(200);
  });

  it('shares one bucket across path variants, which never open a fresh one', async () => {
    await t.http().get('/api/test-rate/variants').expect(200);
    await t.http().get('/api/test-rate/variants/').expect(200);
    await t.http().get('/api/test-rate/variants?page=2').expect(200);
    for (const variant of [
      '/api/test-rate/variants',
      '/api/test-rate/variants/',
      '/api/test-rate/variants?cache=bust',
      '/api/test-rate/variants/?',
      '/API/test-rate/variants',
      '/api/TEST-RATE/Variants',
      '/api//test-rate/variants',
      '//api/test-rate/variants',
      '/api/test-rate//variants',
      '/api/test-rate/%76ariants',
      '/api/test-rate/variants%2F',
      '/api/test-rate/variants;x=1',
      '/api/test-rate/./variants',
      '/api/test-rate/x/../variants',
    ]) {
      const { status } = await t.http().get(variant);
      // Either the router does not know the variant at all, or it is the same route and bucket.
      expect({ variant, refused: status === 404 || status === 429 }).toEqual({
        variant,
        refused: true,
      });
    }
    // The variants the router treats as the route itself were counted against its bucket.
    await t.http().get('/api/test-rate/variants/').expect(429);
    await t.http().get('/api/test-rate/variants?fresh=1').expect(429);
  });

  it('admits exactly the limit out of a concurrent burst', async () => {
    const responses = await Promise.all(
      Array.from({ length: 30 }, () => t.http().get('/api/test-rate/burst')),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(20);
  });

  it('opens the bucket again when the window has passed', async () => {
    await t.http().get('/api/test-rate/short').expect(200);
    await t.http().get('/api/test-rate/short').expect(200);
    const refused = await t.http().get('/api/test-rate/short').expect(429);
    expect(refused.headers['retry-after']).toBe('1');
    await sleep(1_100);
    await t.http().get('/api/test-rate/short').expect(200);
  });

  it('slides the window: each admitted request frees its place one window after it was made', async () => {
    await t.http().get('/api/test-rate/sliding').expect(200); // t = 0
    await sleep(1_000);
    await t.http().get('/api/test-rate/sliding').expect(200); // t ≈ 1 s
    const refused = await t.http().get('/api/test-rate/sliding').expect(429);
    expect(refused.headers['retry-after']).toBe('1');
    await sleep(1_150); // t ≈ 2.15 s: the first request has left the window, the second has not
    await t.http().get('/api/test-rate/sliding').expect(200);
    await t.http().get('/api/test-rate/sliding').expect(429);
  });

  it('counts only requests all rules admit (a refused request uses up nothing)', async () => {
    await t.http().get('/api/test-rate/both').expect(200);
    await t.http().get('/api/test-rate/both').expect(200);
    for (let index = 0; index < 5; index += 1)
      await t.http().get('/api/test-rate/both').expect(429);
    // Keys live under the app's prefix and name the limit, never the URL.
    const redis = t.app.get(RedisService).client;
    const keys = await redis.keys(`${t.config.redisPrefix}:ratelimit:probe-both:*`);
    expect(keys.sort()).toEqual([
      `${t.config.redisPrefix}:ratelimit:probe-both:ip:3600:ip:127.0.0.1`,
      `${t.config.redisPrefix}:ratelimit:probe-both:ip:60:ip:127.0.0.1`,
    ]);
    expect(await Promise.all(keys.map((key) => redis.zcard(key)))).toEqual([2, 2]);
  });

  it('normalises e-mail addresses in body-keyed limits', async () => {
    for (const email of ['fern@example.com', ' Fern@Example.com ', 'FERN@EXAMPLE.COM\t']) {
      await t.http().post('/api/test-rate/login').send({ email }).expect(201);
    }
    const refused = await t
      .http()
      .post('/api/test-rate/login')
      .send({ email: 'fern@EXAMPLE.com' })
      .expect(429);
    expect(refused.headers['retry-after']).toBeDefined();
    // Another address has its own bucket.
    await t.http().post('/api/test-rate/login').send({ email: 'moss@example.com' }).expect(201);
  });

  it('never keys a body limit by an array or object, and still limits such requests', async () => {
    // fern@example.com is used up above; wrapping it in an array or object does not reach its
    // bucket, and does not open a fresh unlimited one either: such requests count per address.
    const shapes = [['fern@example.com'], { value: 'fern@example.com' }, ['a@x.io', 'b@x.io']];
    const statuses: number[] = [];
    for (const email of shapes) {
      statuses.push((await t.http().post('/api/test-rate/login').send({ email })).status);
    }
    expect(statuses).toEqual([400, 400, 400]);
    const fourth = await t.http().post('/api/test-rate/login').send({ email: 42 });
    expect(fourth.status).toBe(400); // a number is a key of its own
    await t.http().post('/api/test-rate/login').send({}).expect(429);
  });

  it('runs after the access guard: the caller is known, and refused callers use up nothing', async () => {
    // Guests count by address under a per-user rule (and a missing caller would be a 500).
    await t.http().get('/api/test-rate/per-user').expect(200);
    await t.http().get('/api/test-rate/per-user').expect(200);
    await t.http().get('/api/test-rate/per-user').expect(429);
    // A guest on a members-only route gets 401 every time, never 429.
    for (let index = 0; index < 3; index += 1)
      await t.http().get('/api/test-rate/members').expect(401);
  });
});

describe('rate limits: client address behind proxies', () => {
  let direct: TestApp;
  let proxied: TestApp;

  beforeAll(async () => {
    direct = await startTestApp({
      extraModules: [RateLimitProbeModule],
      env: { TRUST_PROXY: 'false' },
    });
    // The test client connects from loopback, so here it plays the trusted proxy.
    proxied = await startTestApp({
      extraModules: [RateLimitProbeModule],
      env: { TRUST_PROXY: '127.0.0.1,::1' },
    });
  });
  afterAll(async () => {
    await direct.close();
    await proxied.close();
  });

  it('ignores X-Forwarded-For from an untrusted peer, so spoofing it opens no bucket', async () => {
    for (const forwarded of ['198.51.100.1', '198.51.100.2', '198.51.100.3']) {
      await direct.http().get('/api/test-rate/ip').set('x-forwarded-for', forwarded).expect(200);
    }
    for (const forwarded of ['198.51.100.4', '203.0.113.9, 198.51.100.5', '::1']) {
      await direct.http().get('/api/test-rate/ip').set('x-forwarded-for', forwarded).expect(429);
    }
    await direct.http().get('/api/test-rate/ip').expect(429);
  });

  it('uses the forwarded address when the peer is a trusted proxy', async () => {
    const as = (forwarded: string) =>
      proxied.http().get('/api/test-rate/ip').set('x-forwarded-for', forwarded);
    for (let index = 0; index < 3; index += 1) await as('198.51.100.1').expect(200);
    await as('198.51.100.1').expect(429);
    // Another client behind the proxy has its own bucket…
    await as('198.51.100.2').expect(200);
    // …and a client cannot prepend a fake address: only the proxy's own entry is believed.
    await as('203.0.113.50, 198.51.100.1').expect(429);
  });

  it('keeps separate buckets per address', async () => {
    const as = (forwarded: string) =>
      proxied.http().get('/api/test-rate/ip-twin').set('x-forwarded-for', forwarded);
    for (let index = 0; index < 3; index += 1) await as('192.0.2.10').expect(200);
    await as('192.0.2.10').expect(429);
    for (let index = 0; index < 3; index += 1) await as('192.0.2.11').expect(200);
  });
});

describe('rate limits: Redis down', () => {
  let t: TestApp;
  let redisProxy: TcpProxy;

  beforeAll(async () => {
    const redisUrl = new URL(testRedisUrl());
    redisProxy = new TcpProxy(redisUrl.hostname, Number(redisUrl.port || 6379));
    await redisProxy.start();
    t = await startTestApp({
      extraModules: [RateLimitProbeModule],
      env: { REDIS_URL: viaProxy(testRedisUrl(), redisProxy.port) },
    });
  });
  afterAll(async () => {
    await redisProxy.restore();
    await t.close();
    await redisProxy.stop();
    jest.restoreAllMocks();
  });

  it('fails open with a logged warning, and enforces limits again once Redis is back', async () => {
    for (let index = 0; index < 3; index += 1) await t.http().get('/api/test-rate/ip').expect(200);
    await t.http().get('/api/test-rate/ip').expect(429);

    const warn = jest.spyOn(Logger.prototype, 'warn');
    await redisProxy.cut();
    const started = Date.now();
    await t.http().get('/api/test-rate/ip').expect(200);
    expect(Date.now() - started).toBeLessThan(1_500);
    expect(warn.mock.calls.map((call) => String(call[0]))).toContainEqual(
      expect.stringContaining('Rate limits are not enforced while Redis cannot answer'),
    );

    await redisProxy.restore();
    await eventually(() => t.http().get('/api/test-rate/ip').expect(429), 15_000, 250);
  });
});
