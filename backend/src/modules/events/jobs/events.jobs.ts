import { declareJobs, type NoPayload, payload } from '../../../platform/queues/job-registry';

/** An admin's location cleanup: who asked (no secret; the dashboard shows it). */
export interface LocationCleanupPayload {
  requestedBy: string;
}

/** The jobs events processes (see platform/queues/job-registry.ts). */
export const EVENTS_JOBS = declareJobs('events', {
  cleanup: {
    'extend-event-dates': payload<NoPayload>(),
    'merge-duplicate-locations': payload<LocationCleanupPayload>(),
    'remove-orphaned-locations': payload<LocationCleanupPayload>(),
  },
});

declare module '../../../platform/queues/job-registry' {
  interface DeclaredJobs {
    events: typeof EVENTS_JOBS;
  }
}
