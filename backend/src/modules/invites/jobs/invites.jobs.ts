import { declareJobs, type NoPayload, payload } from '../../../platform/queues/job-registry';

/** The jobs invites processes (see platform/queues/job-registry.ts). */
export const INVITES_JOBS = declareJobs('invites', {
  cleanup: {
    'purge-expired-invites': payload<NoPayload>(),
  },
});

declare module '../../../platform/queues/job-registry' {
  interface DeclaredJobs {
    invites: typeof INVITES_JOBS;
  }
}
