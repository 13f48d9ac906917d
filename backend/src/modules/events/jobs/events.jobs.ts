import { declareJobs, type NoPayload, payload } from '../../../platform/queues/job-registry';

/** The jobs events processes (see platform/queues/job-registry.ts). */
export const EVENTS_JOBS = declareJobs('events', {
  cleanup: { 'extend-event-dates': payload<NoPayload>() },
});

declare module '../../../platform/queues/job-registry' {
  interface DeclaredJobs {
    events: typeof EVENTS_JOBS;
  }
}
