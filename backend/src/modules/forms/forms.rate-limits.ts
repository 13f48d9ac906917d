import type { RateLimitRule } from '../../platform/rate-limit/rate-limit.decorator';

/**
 * Contact and feedback: a few an hour is plenty for a person; the address rule holds guests
 * (and many accounts behind one address) to a little more.
 */
export const FORMS_RATE_LIMITS = {
  'form-new': [
    { by: 'user', limit: 5, windowSeconds: 3600 },
    { by: 'ip', limit: 20, windowSeconds: 3600 },
  ],
  'form-handle': [{ by: 'user', limit: 300, windowSeconds: 600 }],
} satisfies Record<string, RateLimitRule[]>;
