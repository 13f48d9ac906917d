import type { RateLimitRule } from '../../platform/rate-limit/rate-limit.decorator';

/**
 * How often the identity endpoints may be called. Guessing passwords, codes and tokens, and
 * sending e-mail or SMS on someone's behalf, are what these limits make slow.
 */
export const IDENTITY_RATE_LIMITS = {
  signup: [{ by: 'ip', limit: 10, windowSeconds: 3600 }],
  login: [
    { by: 'ip', limit: 20, windowSeconds: 60 },
    { by: 'body:email', limit: 10, windowSeconds: 900 },
  ],
  refresh: [{ by: 'ip', limit: 120, windowSeconds: 60 }],
  'send-verification': [
    { by: 'ip', limit: 10, windowSeconds: 3600 },
    { by: 'body:email', limit: 3, windowSeconds: 3600 },
  ],
  'verify-email': [{ by: 'ip', limit: 30, windowSeconds: 600 }],
  'send-reset': [
    { by: 'ip', limit: 10, windowSeconds: 3600 },
    { by: 'body:email', limit: 3, windowSeconds: 3600 },
  ],
  'reset-token': [{ by: 'ip', limit: 30, windowSeconds: 600 }],
  'password-check': [{ by: 'user', limit: 10, windowSeconds: 900 }],
  'phone-code-send': [{ by: 'user', limit: 5, windowSeconds: 3600 }],
  'phone-code-check': [{ by: 'user', limit: 10, windowSeconds: 3600 }],
} satisfies Record<string, RateLimitRule[]>;
