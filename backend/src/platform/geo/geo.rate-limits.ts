import type { RateLimitRule } from '../rate-limit/rate-limit.decorator';

/**
 * Place lookups are cheap but public: a picker asks once per pause in typing, so a person stays
 * far below these, while a script scraping the gazetteer (or running up the online provider's
 * bill) is slowed down.
 */
export const GEO_RATE_LIMITS = {
  'place-search': [
    { by: 'user', limit: 60, windowSeconds: 60 },
    { by: 'ip', limit: 600, windowSeconds: 600 },
  ],
  'place-reverse': [
    { by: 'user', limit: 20, windowSeconds: 60 },
    { by: 'ip', limit: 200, windowSeconds: 600 },
  ],
} satisfies Record<string, RateLimitRule[]>;
