import { apiFetch as defaultApiFetch, type ApiFetch } from '../api-fetch';
import { dataOf } from '../envelope';
import type { Schemas } from '../schemas';
import { createApiClient } from '../typed-client';

export type SiteSetting = Schemas['SiteSettingDto'];
export type PublicSiteSetting = Schemas['PublicSiteSettingDto'];
export type SiteSettingName = SiteSetting['name'];
export type SiteSettingDataType = SiteSetting['dataType'];
export type SiteSettingGroup = SiteSetting['group'];
export type SiteSettingInput = Schemas['UpdateSiteSettingDto'];
export type AuditEntry = Schemas['AuditEntryDto'];
export type AuditPage = Schemas['AuditPageDto'];

/** A map's default centre as the `default_map_point` setting holds it (a JSON object). */
export type SiteMapPoint = { lat: number; lng: number; zoom: number };

/** The site settings calls: the public list for everyone; reading all and changing one for admins. */
export function createSiteSettingsApi(apiFetch: ApiFetch = defaultApiFetch) {
  const api = createApiClient(apiFetch);
  return {
    publicSettings: (signal?: AbortSignal) => dataOf(api.get('/api/settings/get-all', { signal })),
    all: (signal?: AbortSignal) => dataOf(api.get('/api/iam/site-settings/get-site', { signal })),
    update: (body: SiteSettingInput) =>
      dataOf(api.put('/api/iam/admin/update/site-setting', { body })),
    /** Admins: what admins did, newest first; `cursor` null for the first page. */
    auditLog: (cursor: string | null, signal?: AbortSignal) =>
      dataOf(
        api.get('/api/iam/admin/audit-log', { query: cursor ? { cursorId: cursor } : {}, signal }),
      ),
  };
}

export type SiteSettingsApi = ReturnType<typeof createSiteSettingsApi>;
export const siteSettingsApi: SiteSettingsApi = createSiteSettingsApi();
