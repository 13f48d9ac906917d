import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PlatformErrors } from '../http/platform.errors';
import { RouteMetadata } from '../http/route-metadata';
import { RATE_LIMIT, type RateLimitDeclaration, type RateLimitRule } from './rate-limit.decorator';
import { bodyValueKey, clientAddressKey } from './rate-limit-keys';
import { RateLimiter, type RateLimitBucket } from './rate-limiter.service';

/**
 * The one global guard enforcing `@RateLimit`. It is registered after the access guard (see
 * RateLimitModule), so it knows the caller for `by: 'user'`, and a request the access guard
 * refuses never uses up a bucket.
 */
@Injectable()
export class RateLimitGuard implements CanActivate {
  private readonly declarations: RouteMetadata<RateLimitDeclaration>;

  constructor(
    reflector: Reflector,
    private readonly limiter: RateLimiter,
  ) {
    this.declarations = new RouteMetadata(reflector, RATE_LIMIT);
  }

  /**
   * Synchronous `true` where nothing is counted (no `@RateLimit`, or limits off), so Nest goes on
   * in the same turn; a promise where Redis is asked.
   */
  canActivate(context: ExecutionContext): boolean | Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const declaration = this.declarations.of(context);
    if (!declaration || !this.limiter.enabled) return true;
    return this.limit(context, declaration);
  }

  private async limit(
    context: ExecutionContext,
    declaration: RateLimitDeclaration,
  ): Promise<boolean> {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const buckets = declaration.rules.map((rule) => bucketFor(rule, request));
    const verdict = await this.limiter.consume(declaration.name, buckets);
    if (verdict.allowed) return true;

    const reply = context.switchToHttp().getResponse<FastifyReply>();
    reply.header('retry-after', String(verdict.retryAfterSeconds));
    throw PlatformErrors.RATE_LIMITED({ retryAfterSeconds: verdict.retryAfterSeconds });
  }
}

/** The bucket of one rule for this request. `request.ip` already honours TRUST_PROXY. */
export function bucketFor(rule: RateLimitRule, request: FastifyRequest): RateLimitBucket {
  const address = `ip:${clientAddressKey(request.ip)}`;
  let subject: string;
  if (rule.by === 'ip') {
    subject = address;
  } else if (rule.by === 'user') {
    if (request.caller === undefined)
      throw new Error('RateLimitGuard ran before the access guard resolved the caller');
    subject = request.caller.kind === 'user' ? `user:${request.caller.userId}` : address;
  } else {
    const field = rule.by.slice('body:'.length);
    const body = request.body;
    const value =
      body && typeof body === 'object' && !Array.isArray(body) && Object.hasOwn(body, field)
        ? (body as Record<string, unknown>)[field]
        : undefined;
    const key = bodyValueKey(value);
    subject = key ? `${field}:${key}` : `${field}~${address}`;
  }
  return {
    id: `${rule.by === 'ip' || rule.by === 'user' ? rule.by : 'body'}:${rule.windowSeconds}:${subject}`,
    limit: rule.limit,
    windowSeconds: rule.windowSeconds,
  };
}
