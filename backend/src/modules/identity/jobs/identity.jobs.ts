import { declareJobs, type NoPayload, payload } from '../../../platform/queues/job-registry';

/**
 * The identity module's account e-mails (verification link, reset link, "someone tried to sign
 * up"): only the address. The processor looks the account up and, for a link, mints the
 * single-use token as it sends, so neither the job nor the outbox row holds anything usable, and
 * a retry mints a fresh token (spending the unsent one).
 */
export interface AccountEmailPayload {
  email: string;
}

/** The jobs identity enqueues and processes (see platform/queues/job-registry.ts). */
export const IDENTITY_JOBS = declareJobs('identity', {
  email: {
    'verification-email': payload<AccountEmailPayload>(),
    'password-reset-email': payload<AccountEmailPayload>(),
    'sign-up-attempt-email': payload<AccountEmailPayload>(),
  },
  cleanup: { 'purge-expired-auth': payload<NoPayload>() },
});

declare module '../../../platform/queues/job-registry' {
  interface DeclaredJobs {
    identity: typeof IDENTITY_JOBS;
  }
}
