import type { RateLimitRule } from '../../platform/rate-limit/rate-limit.decorator';

/** Invites by one member: a few dozen a day is generous by hand and stops a spray of links. */
export const INVITES_RATE_LIMITS = {
  'invite-create': [
    { by: 'user', limit: 20, windowSeconds: 600 },
    { by: 'user', limit: 100, windowSeconds: 86_400 },
  ],
  'invite-change': [{ by: 'user', limit: 60, windowSeconds: 600 }],
  'invite-accept': [{ by: 'user', limit: 60, windowSeconds: 600 }],
} satisfies Record<string, RateLimitRule[]>;
