import { siteSettingsApi, type PublicSiteSetting, type SiteMapPoint } from '@plantfolk/api-client';
import { useQuery } from '@tanstack/react-query';
import { SITE_NAME } from './document-title';

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

function isMapPoint(value: unknown): value is SiteMapPoint {
  const point = value as Partial<SiteMapPoint> | null;
  return (
    typeof point?.lat === 'number' &&
    typeof point.lng === 'number' &&
    typeof point.zoom === 'number'
  );
}

/** Reads the list into typed settings; a missing or odd value keeps its fallback. */
export function toPublicSettings(list: readonly PublicSiteSetting[]): PublicSettings {
  const value = (name: PublicSiteSetting['name']) =>
    list.find((setting) => setting.name === name)?.value;
  const text = (name: PublicSiteSetting['name'], fallback: string) => {
    const found = value(name);
    return typeof found === 'string' ? found : fallback;
  };
  const hosts = value('video_allowed_hosts');
  const max = value('video_max_per_post');
  const enabled = value('video_embeds_enabled');
  const point = value('default_map_point');
  return {
    siteName: text('site_name', FALLBACK_SETTINGS.siteName) || FALLBACK_SETTINGS.siteName,
    siteDescription: text('site_description', ''),
    registrationMode: value('registration_mode') === 'invite-only' ? 'invite-only' : 'open',
    defaultMapPoint: isMapPoint(point) ? point : null,
    mapTilesUrl: text('map_tiles_url', '') || null,
    video: {
      enabled: enabled === true,
      allowedHosts: Array.isArray(hosts)
        ? hosts.filter((host): host is string => typeof host === 'string')
        : [],
      maxPerPost: typeof max === 'number' ? max : 0,
    },
  };
}

/**
 * The public site settings. Fetched once and shared by every slice on the page (the query client
 * is a singleton); read where a screen needs one, so pages that need none ask for nothing
 * (`enabled: false` until a component knows it needs them).
 */
export function usePublicSettings({ enabled = true }: { enabled?: boolean } = {}): {
  settings: PublicSettings;
  isLoaded: boolean;
} {
  const query = useQuery({
    queryKey: PUBLIC_SETTINGS_KEY,
    enabled,
    queryFn: async ({ signal }) => toPublicSettings(await siteSettingsApi.publicSettings(signal)),
    staleTime: 5 * 60_000,
    retry: false,
  });
  return { settings: query.data ?? FALLBACK_SETTINGS, isLoaded: query.isSuccess };
}
