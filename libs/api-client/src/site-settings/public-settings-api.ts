import { apiFetch as defaultApiFetch, type ApiFetch } from '../api-fetch';
import { dataOf } from '../envelope';
import { createApiClient } from '../typed-client';

/**
 * The public site settings alone (no credentials): what every page reads for the site's name. A
 * module of its own so a first view carries no admin call (siteSettingsApi holds those).
 */
export function createPublicSettingsApi(apiFetch: ApiFetch = defaultApiFetch) {
  const api = createApiClient(apiFetch);
  return {
    publicSettings: (signal?: AbortSignal) => dataOf(api.get('/api/settings/get-all', { signal })),
  };
}

export type PublicSettingsApi = ReturnType<typeof createPublicSettingsApi>;
export const publicSettingsApi: PublicSettingsApi = createPublicSettingsApi();
