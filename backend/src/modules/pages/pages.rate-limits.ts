import type { RateLimitRule } from '../../platform/rate-limit/rate-limit.decorator';

/** Page writes by one member: well above what a person does by hand. */
export const PAGES_RATE_LIMITS = {
  'page-create': [
    { by: 'user', limit: 5, windowSeconds: 600 },
    { by: 'user', limit: 20, windowSeconds: 86_400 },
  ],
  'page-edit': [{ by: 'user', limit: 60, windowSeconds: 600 }],
  'page-avatar': [{ by: 'user', limit: 20, windowSeconds: 600 }],
} satisfies Record<string, RateLimitRule[]>;
