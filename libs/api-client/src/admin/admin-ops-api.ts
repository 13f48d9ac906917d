import { apiFetch as defaultApiFetch, type ApiFetch } from '../api-fetch';
import { dataOf } from '../envelope';
import type { Schemas } from '../schemas';
import { createApiClient } from '../typed-client';

/** One run of a location cleanup (a job on the `cleanup` queue) with its progress. */
export type CleanupRun = Schemas['CleanupRunDto'];
export type CleanupProgress = Schemas['CleanupProgressDto'];
export type CleanupKind = 'merge-duplicate-locations' | 'remove-orphaned-locations';
export type EmailQueued = Schemas['EmailQueuedDto'];

const CLEANUP_PATHS = {
  'merge-duplicate-locations': '/api/iam/admin/location-duplicates',
  'remove-orphaned-locations': '/api/iam/admin/orphaned-locations',
} as const;

/** The admins' cleanups and e-mails about members, over the typed client. */
export function createAdminOpsApi(apiFetch: ApiFetch = defaultApiFetch) {
  const api = createApiClient(apiFetch);
  return {
    /** Queues a cleanup; answers at once with the run to follow. */
    startCleanup: (kind: CleanupKind) => dataOf(api.delete(CLEANUP_PATHS[kind], {})),
    cleanupRun: (id: string, signal?: AbortSignal) =>
      dataOf(api.get('/api/iam/admin/cleanup-jobs/{id}', { path: { id }, signal })),
    cleanupRuns: (signal?: AbortSignal) =>
      dataOf(api.get('/api/iam/admin/cleanup-jobs', { signal })),
    /** E-mails the admins about a member who verified their address. */
    emailNewVerifiedUser: (userId: string) =>
      dataOf(api.post('/api/iam/emails/admin/new-verified-user', { body: { userId } })),
    /** E-mails a member that their account is being deleted. */
    emailAccountDeletion: (userId: string) =>
      dataOf(api.post('/api/iam/emails/account-deletion', { body: { userId } })),
  };
}

export type AdminOpsApi = ReturnType<typeof createAdminOpsApi>;
export const adminOpsApi: AdminOpsApi = createAdminOpsApi();
