import { applyDecorators, SetMetadata } from '@nestjs/common';
import { ApiExtension } from '@nestjs/swagger';
import { ApiFailures } from '../openapi/api-envelope.decorators';

/**
 * Whose requests share a bucket: the client address (`ip`), the logged-in user (`user`; guests
 * fall back to their address), or a field of the JSON body such as `body:email`.
 */
export type RateLimitSubject = 'ip' | 'user' | `body:${string}`;

export interface RateLimitRule {
  by: RateLimitSubject;
  /** Requests admitted per window. */
  limit: number;
  windowSeconds: number;
}

export interface RateLimitDeclaration {
  name: string;
  rules: readonly RateLimitRule[];
}

export const RATE_LIMIT = 'plantfolk:rate-limit';

const NAME = /^[a-z0-9][a-z0-9-]{0,63}$/;
const BODY_FIELD = /^body:[A-Za-z_][A-Za-z0-9_]{0,63}$/;
const MAX_WINDOW_SECONDS = 7 * 24 * 3600;

/** Throws at class definition (so the app cannot start) when a declaration makes no sense. */
export function checkRateLimitDeclaration(name: string, rules: readonly RateLimitRule[]): void {
  const problems: string[] = [];
  if (!NAME.test(name)) problems.push('the name must be kebab-case (a-z, 0-9, -)');
  if (!rules.length) problems.push('at least one rule is needed');
  const seen = new Set<string>();
  for (const rule of rules) {
    if (rule.by !== 'ip' && rule.by !== 'user' && !BODY_FIELD.test(rule.by))
      problems.push(`"${rule.by}" is not ip, user or body:<field>`);
    if (!Number.isInteger(rule.limit) || rule.limit < 1)
      problems.push(`limit ${rule.limit} must be a whole number ≥ 1`);
    if (
      !Number.isInteger(rule.windowSeconds) ||
      rule.windowSeconds < 1 ||
      rule.windowSeconds > MAX_WINDOW_SECONDS
    )
      problems.push(
        `windowSeconds ${rule.windowSeconds} must be a whole number of seconds, 1 to 7 days`,
      );
    const identity = `${rule.by}/${rule.windowSeconds}`;
    if (seen.has(identity)) problems.push(`two rules by ${rule.by} over ${rule.windowSeconds} s`);
    seen.add(identity);
  }
  if (problems.length) throw new Error(`@RateLimit('${name}'): ${problems.join('; ')}`);
}

/**
 * Limits how often a handler may be called, counted in Redis so every API instance shares the
 * counts. Buckets are named after `name`, never after the URL, so path variants share them.
 * All rules must admit a request; a refused request counts against none of them.
 *
 * `@RateLimit('login', [{ by: 'ip', limit: 10, windowSeconds: 60 }, { by: 'body:email', limit: 5, windowSeconds: 900 }])`
 *
 * Over the limit: 429 RATE_LIMITED with `Retry-After` (seconds). Body fields are trimmed and
 * lower-cased (e-mail addresses, usernames); a field that is missing or not a string or number
 * (an array, an object) is never a key: that rule then counts by the client address instead.
 */
export function RateLimit(name: string, rules: readonly RateLimitRule[]) {
  checkRateLimitDeclaration(name, rules);
  const declaration: RateLimitDeclaration = { name, rules: rules.map((rule) => ({ ...rule })) };
  return applyDecorators(
    SetMetadata(RATE_LIMIT, declaration),
    ApiExtension('x-rate-limit', declaration),
    ApiFailures(429),
  );
}
