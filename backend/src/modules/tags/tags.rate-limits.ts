import type { RateLimitRule } from '../../platform/rate-limit/rate-limit.decorator';

/**
 * Creating tags fills the shared catalogue, and every interest change rewrites a tag's follower
 * count (a hot row for popular tags): these limits keep one member from flooding either.
 */
export const TAGS_RATE_LIMITS = {
  'tag-create': [
    { by: 'user', limit: 20, windowSeconds: 60 },
    { by: 'user', limit: 200, windowSeconds: 86_400 },
  ],
  'tag-interests': [{ by: 'user', limit: 60, windowSeconds: 60 }],
} satisfies Record<string, RateLimitRule[]>;
