import type { SiteMapPoint } from '@plantfolk/api-client';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';

/** The site's name until the settings say otherwise (admins change it: `site_name`). */
export const SITE_NAME = 'Plantfolk';

/** The public site settings (`GET /api/settings/get-all`), typed, each with its fallback. */
export interface PublicSettings {
  siteName: string;
  siteDescription: string;
  registrationMode: 'open' | 'invite-only';
  defaultMapPoint: SiteMapPoint | null;
  mapTilesUrl: string | null;
  video: { enabled: boolean; allowedHosts: string[]; maxPerPost: number };
}

/** What a page goes by until the settings are read (or when they cannot be). */
export const FALLBACK_SETTINGS: PublicSettings = {
  siteName: SITE_NAME,
  siteDescription: '',
  registrationMode: 'open',
  defaultMapPoint: null,
  mapTilesUrl: null,
  video: { enabled: false, allowedHosts: [], maxPerPost: 0 },
};

/** One cached query per page for every slice (the admin screens refresh it after a save). */
export const PUBLIC_SETTINGS_KEY = ['settings', 'public'] as const;

/**
 * The public site settings as far as this page has read them, never asking for them: the shell's
 * header asks (`usePublicSettings` from `@plantfolk/ui/site-settings`), everything else reads the
 * shared cache and shows the fallbacks until the answer arrives. The kit itself never fetches:
 * the fetch and its API client stay out of the kit's shared singleton (the first view's budget).
 */
export function useCachedPublicSettings(): PublicSettings {
  const client = useQueryClient();
  const subscribe = useCallback(
    (onChange: () => void) => client.getQueryCache().subscribe(onChange),
    [client],
  );
  const read = useCallback(
    () => client.getQueryData<PublicSettings>(PUBLIC_SETTINGS_KEY),
    [client],
  );
  return useSyncExternalStore(subscribe, read) ?? FALLBACK_SETTINGS;
}
