import {
  publicSettingsApi,
  type PublicSiteSetting,
  type SiteMapPoint,
} from '@plantfolk/api-client';
import { useQuery } from '@tanstack/react-query';
import { FALLBACK_SETTINGS, PUBLIC_SETTINGS_KEY, type PublicSettings } from './site-settings';

// `@plantfolk/ui/site-settings`: the fetch of the public settings. Not part of the kit's shared
// singleton (that would put the API client's fetch code on every first view); the apps that ask
// for the settings bundle this with the API client they already have.

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
 * is a singleton): the shell's header reads them on every page (the site's name), so a slice gets
 * them from the cache; `enabled: false` reads the cache only, never asking. Until they arrive (or
 * when they cannot be read) every field is its fallback, so nothing waits for them. Stale after
 * five minutes: a change an admin makes reaches other visitors on their next page load or when
 * they come back to the tab; the admin screens refresh it at once after a save.
 */
export function usePublicSettings({ enabled = true }: { enabled?: boolean } = {}): {
  settings: PublicSettings;
  isLoaded: boolean;
} {
  const query = useQuery({
    queryKey: PUBLIC_SETTINGS_KEY,
    enabled,
    queryFn: async ({ signal }) => toPublicSettings(await publicSettingsApi.publicSettings(signal)),
    staleTime: 5 * 60_000,
    retry: false,
  });
  return { settings: query.data ?? FALLBACK_SETTINGS, isLoaded: query.isSuccess };
}
