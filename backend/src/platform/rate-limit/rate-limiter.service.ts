import { Injectable, Logger } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import { AppConfig } from '../config/app-config';
import { RedisService } from '../redis/redis.service';

export interface RateLimitBucket {
  /** Identifies the bucket within the limit's name, e.g. `ip:60:203.0.113.7`. */
  id: string;
  limit: number;
  windowSeconds: number;
}

export type RateLimitVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Sliding-window log, one sorted set per bucket (members = admitted requests, scores = their
 * times in ms). A request is admitted when every bucket holds fewer than `limit` requests in the
 * last `windowSeconds`; then it is recorded in all of them. Refused requests are not recorded,
 * so a client gets exactly `limit` requests per window however hard it pushes.
 *
 * Everything happens in one Lua script, so it is atomic across all API instances, and the clock
 * is Redis's own (`TIME`), so instances with skewed clocks agree. Returns 0 when admitted, else
 * the milliseconds until the earliest bucket that refused has room again.
 */
const SLIDING_WINDOW_SCRIPT = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local wait = 0
for index, key in ipairs(KEYS) do
  local limit = tonumber(ARGV[index * 2])
  local window = tonumber(ARGV[index * 2 + 1])
  redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
  local count = redis.call('ZCARD', key)
  if count >= limit then
    local blocking = redis.call('ZRANGE', key, count - limit, count - limit, 'WITHSCORES')
    local until_free = tonumber(blocking[2]) + window - now
    if until_free > wait then wait = until_free end
  end
end
if wait > 0 then return wait end
for index, key in ipairs(KEYS) do
  redis.call('ZADD', key, now, ARGV[1])
  redis.call('PEXPIRE', key, tonumber(ARGV[index * 2 + 1]))
end
return 0
`;
const SCRIPT_SHA = createHash('sha1').update(SLIDING_WINDOW_SCRIPT).digest('hex');

/** How long a rate-limit check may wait for Redis before the request is let through. */
const REDIS_TIMEOUT_MS = 1_000;
const WARNING_INTERVAL_MS = 60_000;

@Injectable()
export class RateLimiter {
  private readonly logger = new Logger('RateLimit');
  private lastWarningAt = 0;

  constructor(
    private readonly redis: RedisService,
    private readonly config: AppConfig,
  ) {}

  /** Whether limits are enforced (RATE_LIMITS is not `off`). */
  get enabled(): boolean {
    return this.config.rateLimitsEnabled;
  }

  /**
   * Counts one request against every bucket of the named limit, atomically: admitted only if all
   * have room. If Redis cannot answer, the request is admitted (fail open) and a warning logged:
   * a Redis outage already degrades the app, and refusing every login and signup on top of it
   * would turn a cache problem into a full outage. Attackers cannot take Redis down through
   * these endpoints, and passwords stay expensive to guess (argon2id) while it is down.
   * With RATE_LIMITS=off (load tests) everything is admitted without asking Redis.
   */
  async consume(name: string, buckets: readonly RateLimitBucket[]): Promise<RateLimitVerdict> {
    if (!buckets.length || !this.config.rateLimitsEnabled) return { allowed: true };
    const keys = buckets.map((bucket) => this.redis.key('ratelimit', name, bucket.id));
    const args = [randomBytes(9).toString('base64url')];
    for (const bucket of buckets)
      args.push(String(bucket.limit), String(bucket.windowSeconds * 1000));
    let waitMs: number;
    try {
      waitMs = await this.withTimeout(this.run(keys, args));
    } catch (error) {
      this.warnFailOpen(error);
      return { allowed: true };
    }
    if (waitMs <= 0) return { allowed: true };
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
  }

  private async run(keys: string[], args: string[]): Promise<number> {
    const client = this.redis.client;
    try {
      return Number(await client.evalsha(SCRIPT_SHA, keys.length, ...keys, ...args));
    } catch (error) {
      if (!(error instanceof Error) || !error.message.startsWith('NOSCRIPT')) throw error;
      return Number(await client.eval(SLIDING_WINDOW_SCRIPT, keys.length, ...keys, ...args));
    }
  }

  private withTimeout<T>(work: Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`no answer within ${REDIS_TIMEOUT_MS} ms`)),
        REDIS_TIMEOUT_MS,
      );
    });
    return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
  }

  private warnFailOpen(error: unknown) {
    const now = Date.now();
    if (now - this.lastWarningAt < WARNING_INTERVAL_MS) return;
    this.lastWarningAt = now;
    const reason = error instanceof Error ? error.message : String(error);
    this.logger.warn(`Rate limits are not enforced while Redis cannot answer (${reason})`);
  }
}
