import { siteSettingsApi } from '@plantfolk/api-client';
import { useQuery } from '@tanstack/react-query';

/**
 * Map tiles are off unless the deployment names a tile server in the shell's runtime config
 * (`/runtime-config.json`, beside the shell), so no page talks to a third party by default:
 *
 *   "mapTiles": { "url": "https://tiles.example/{z}/{x}/{y}.png", "attribution": "© OpenStreetMap contributors" }
 *
 * The shell ignores keys it does not know; this remote reads this one.
 */
export interface MapTiles {
  url: string;
  attribution: string | null;
}

const TEMPLATE = /\{z\}.*\{x\}.*\{y\}|\{z\}.*\{y\}.*\{x\}/;

/** The tile settings of a runtime config, or null when there are none (or they are unusable). */
export function mapTilesOf(config: unknown): MapTiles | null {
  if (typeof config !== 'object' || config === null) return null;
  const tiles = (config as { mapTiles?: unknown }).mapTiles;
  if (typeof tiles !== 'object' || tiles === null) return null;
  const { url, attribution } = tiles as { url?: unknown; attribution?: unknown };
  if (typeof url !== 'string' || !TEMPLATE.test(url)) return null;
  let parsed: URL;
  try {
    parsed = new URL(url.replace(/\{[xyz]\}/g, '0'), 'http://localhost');
  } catch {
    return null;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return null;
  return { url, attribution: typeof attribution === 'string' ? attribution : null };
}

async function deploymentTiles(signal: AbortSignal): Promise<MapTiles | null> {
  try {
    const response = await fetch('/runtime-config.json', { signal });
    if (!response.ok) return null;
    return mapTilesOf(await response.json());
  } catch {
    return null;
  }
}

/** The admins' `map_tiles_url` site setting, or null when it is empty or cannot be read. */
async function settingTilesUrl(signal: AbortSignal): Promise<string | null> {
  try {
    const settings = await siteSettingsApi.publicSettings(signal);
    const value = settings.find((setting) => setting.name === 'map_tiles_url')?.value;
    return typeof value === 'string' && value ? value : null;
  } catch {
    return null;
  }
}

/**
 * The site setting `map_tiles_url` (admins, /settings/location) wins over the deployment's
 * MAP_TILES_URL; the deployment's attribution stays. The pages' Content-Security-Policy admits
 * images from this origin and MAP_TILES_URL's only, so a setting on another origin needs the
 * deployment changed too.
 */
async function loadMapTiles(signal: AbortSignal): Promise<MapTiles | null> {
  const [deployment, fromSetting] = await Promise.all([
    deploymentTiles(signal),
    settingTilesUrl(signal),
  ]);
  if (!fromSetting) return deployment;
  return (
    mapTilesOf({ mapTiles: { url: fromSetting, attribution: deployment?.attribution ?? null } }) ??
    deployment
  );
}

/** The deployment's map tiles (null: show the address only). Read once per page. */
export function useMapTiles() {
  return useQuery({
    queryKey: ['events', 'runtime-config', 'map-tiles'],
    queryFn: ({ signal }) => loadMapTiles(signal),
    // Admins may change the tiles: a page open for long picks the change up.
    staleTime: 5 * 60_000,
    retry: false,
  });
}
