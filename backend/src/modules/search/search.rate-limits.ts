import type { RateLimitRule } from '../../platform/rate-limit/rate-limit.decorator';

/** How often the search endpoints may be called. */
export const SEARCH_RATE_LIMITS = {
  // Each search is a few statements over six indexes: enough for typing in a box, not for scraping.
  search: [{ by: 'user', limit: 120, windowSeconds: 60 }],
} satisfies Record<string, RateLimitRule[]>;
