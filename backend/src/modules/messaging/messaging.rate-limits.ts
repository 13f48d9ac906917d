import type { RateLimitRule } from '../../platform/rate-limit/rate-limit.decorator';

/** Messages by one member: well above what a person types by hand, well below a flood. */
export const MESSAGING_RATE_LIMITS = {
  'conversation-start': [
    { by: 'user', limit: 40, windowSeconds: 600 },
    { by: 'user', limit: 200, windowSeconds: 86_400 },
  ],
  'message-send': [{ by: 'user', limit: 120, windowSeconds: 60 }],
} satisfies Record<string, RateLimitRule[]>;
