import { AppConfig } from '../../config/app-config';
import { RedisService } from '../../redis/redis.service';
import { RateLimiter } from '../rate-limiter.service';

function configWith(rateLimits: 'on' | 'off' | undefined) {
  return AppConfig.fromEnv({
    DATABASE_URL: 'postgres://u:p@db:5432/plantfolk',
    REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
    REDIS_PREFIX: `pftest-ratelimiter-${process.pid}-${Math.random().toString(36).slice(2, 9)}`,
    SMTP_URL: 'smtp://mail:1025',
    JWT_SECRET: 'x'.repeat(32),
    RATE_LIMITS: rateLimits,
  });
}

/** A limiter on the test Redis under a prefix of its own, with RATE_LIMITS as given; connected. */
async function limiterWith(rateLimits: 'on' | 'off') {
  const config = configWith(rateLimits);
  const redis = new RedisService(config);
  if (redis.client.status !== 'ready')
    await new Promise((resolve) => redis.client.once('ready', resolve));
  return { redis, limiter: new RateLimiter(redis, config) };
}

describe('RateLimiter and RATE_LIMITS', () => {
  const bucket = { id: 'ip:60:203.0.113.7', limit: 2, windowSeconds: 60 };

  it('is on unless switched off', () => {
    expect(configWith(undefined).rateLimitsEnabled).toBe(true);
    expect(configWith('on').rateLimitsEnabled).toBe(true);
    expect(configWith('off').rateLimitsEnabled).toBe(false);
    expect(() => configWith('no' as 'off')).toThrow(/RATE_LIMITS/);
  });

  it('refuses the request over the limit when on', async () => {
    const { limiter, redis } = await limiterWith('on');
    try {
      expect(await limiter.consume('probe', [bucket])).toEqual({ allowed: true });
      expect(await limiter.consume('probe', [bucket])).toEqual({ allowed: true });
      expect(await limiter.consume('probe', [bucket])).toMatchObject({ allowed: false });
      await redis.client.del(redis.key('ratelimit', 'probe', bucket.id));
    } finally {
      await redis.onApplicationShutdown();
    }
  });

  it('admits everything when off, without writing a bucket', async () => {
    const { limiter, redis } = await limiterWith('off');
    try {
      for (let index = 0; index < 5; index += 1)
        expect(await limiter.consume('probe', [bucket])).toEqual({ allowed: true });
      expect(await redis.client.exists(redis.key('ratelimit', 'probe', bucket.id))).toBe(0);
    } finally {
      await redis.onApplicationShutdown();
    }
  });
});
