import type { RateLimitRule } from '../../platform/rate-limit/rate-limit.decorator';

/** Writes by one member: well above what a person does by hand (50 quick answers still pass). */
export const EVENTS_RATE_LIMITS = {
  'event-write': [
    { by: 'user', limit: 30, windowSeconds: 600 },
    { by: 'user', limit: 200, windowSeconds: 86_400 },
  ],
  'event-edit': [{ by: 'user', limit: 120, windowSeconds: 600 }],
  'event-image': [{ by: 'user', limit: 20, windowSeconds: 600 }],
  attendance: [{ by: 'user', limit: 300, windowSeconds: 600 }],
  'calendar-feed': [{ by: 'ip', limit: 120, windowSeconds: 600 }],
} satisfies Record<string, RateLimitRule[]>;
