import { apiFetch as defaultApiFetch, type ApiFetch } from '../api-fetch';
import { dataOf } from '../envelope';
import type { Schemas } from '../schemas';
import { createApiClient } from '../typed-client';

/** The /admin overview: counts (approximate when large), queue health, the latest admin actions. */
export type AdminOverview = Schemas['AdminOverviewDto'];
export type QueueHealth = Schemas['QueueHealthDto'];

/** The admin overview over the typed client (the audit log itself: siteSettingsApi.auditLog). */
export function createAdminOverviewApi(apiFetch: ApiFetch = defaultApiFetch) {
  const api = createApiClient(apiFetch);
  return {
    overview: (signal?: AbortSignal) => dataOf(api.get('/api/iam/admin/overview', { signal })),
  };
}

export type AdminOverviewApi = ReturnType<typeof createAdminOverviewApi>;
export const adminOverviewApi: AdminOverviewApi = createAdminOverviewApi();
