import { Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { RateLimitGuard } from './rate-limit.guard';
import { RateLimiter } from './rate-limiter.service';

/**
 * Redis-backed rate limits (`@RateLimit` on handlers, or `RateLimiter` from a service).
 *
 * Global guards run in the order their modules are imported, so the app root must import this
 * module after AccessModule: the access guard resolves the caller first. The guard throws if the
 * caller is missing, and the rate-limit tests check the order.
 */
@Global()
@Module({
  providers: [RateLimiter, { provide: APP_GUARD, useClass: RateLimitGuard }],
  exports: [RateLimiter],
})
export class RateLimitModule {}
