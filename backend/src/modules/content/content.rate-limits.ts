import type { RateLimitRule } from '../../platform/rate-limit/rate-limit.decorator';

/**
 * Writes by one member. Uploads are the expensive ones (decoding and re-encoding up to ten
 * images); the others keep one account from flooding feeds, threads or notifications. They stay
 * well above what a person does by hand (a burst of 50 reactions is still admitted).
 */
export const CONTENT_RATE_LIMITS = {
  'photo-upload': [
    { by: 'user', limit: 20, windowSeconds: 600 },
    { by: 'user', limit: 200, windowSeconds: 86_400 },
  ],
  'post-write': [
    { by: 'user', limit: 30, windowSeconds: 600 },
    { by: 'user', limit: 300, windowSeconds: 86_400 },
  ],
  'post-edit': [{ by: 'user', limit: 60, windowSeconds: 600 }],
  'comment-write': [
    { by: 'user', limit: 60, windowSeconds: 600 },
    { by: 'user', limit: 1000, windowSeconds: 86_400 },
  ],
  reaction: [{ by: 'user', limit: 300, windowSeconds: 600 }],
} satisfies Record<string, RateLimitRule[]>;
