export const REMOTE_NAMES = ['social', 'events', 'admin'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

/**
 * The shell reads this at start: where each remote's mf-manifest.json is, and, where the
 * environment says so, which URL patterns a remote serves and which remotes add sections to
 * /settings. What is left out the shell takes from its own runtime-config.json
 * (frontends/shell/public), so a deployment names only what it changes.
 */
export interface RuntimeConfig {
  remotes: Record<RemoteName, string>;
  routes?: Partial<Record<RemoteName, string[]>>;
  settingsSectionsFrom?: RemoteName[];
  headerItemsFrom?: RemoteName[];
  /** Map tiles for the event page's map (`MAP_TILES_URL`); left out, the page shows the address. */
  mapTiles?: MapTiles;
}

export interface MapTiles {
  /** `https://tiles.example/{z}/{x}/{y}.png`, or a path on this origin. */
  url: string;
  /** The credit the tile server's licence asks for (`MAP_TILES_ATTRIBUTION`), or null. */
  attribution: string | null;
}

/**
 * `MAP_TILES_URL` and `MAP_TILES_ATTRIBUTION`: a tile URL template with `{z}`, `{x}` and `{y}`,
 * http(s) or a path on this origin, with nothing that would need escaping in JSON or the page
 * headers; a credit of plain text. frontends/deploy/40-plantfolk-runtime-config.sh checks the same.
 */
export function mapTilesFromEnv(env: NodeJS.ProcessEnv): MapTiles | undefined {
  const url = env.MAP_TILES_URL?.trim();
  if (!url) return undefined;
  const absolute = /^https?:\/\/[A-Za-z0-9.-]+(:[0-9]{1,5})?\//.test(url);
  const path = url.startsWith('/') && !url.startsWith('//');
  if (
    !(absolute || path) ||
    /["\\\s'<>;,]/.test(url) ||
    !['{z}', '{x}', '{y}'].every((part) => url.includes(part))
  )
    throw new Error(
      `MAP_TILES_URL must be an http(s) URL or a path with {z}, {x} and {y}, and no quotes or spaces: ${url}`,
    );
  const attribution = env.MAP_TILES_ATTRIBUTION?.trim() || null;
  if (attribution !== null && (/["\\\p{Cc}]/u.test(attribution) || attribution.length > 200))
    throw new Error(
      'MAP_TILES_ATTRIBUTION must be plain text of at most 200 characters (no quotes or backslashes)',
    );
  return { url, attribution };
}

/**
 * A URL pattern of the shell's ownership table: `/`, literal segments, `:name` segments and a
 * trailing `*`. frontends/deploy/40-plantfolk-runtime-config.sh accepts exactly the same.
 */
const ROUTE_PATTERN =
  /^\/([A-Za-z0-9._~-]+|:[A-Za-z][A-Za-z0-9_]*)?(\/([A-Za-z0-9._~-]+|:[A-Za-z][A-Za-z0-9_]*))*(\/\*)?$/;

function words(value: string | undefined): string[] {
  return (value ?? '').split(/\s+/).filter(Boolean);
}

/**
 * `runtime-config.json` from the environment:
 * - `REMOTE_SOCIAL_URL`, `REMOTE_EVENTS_URL`, `REMOTE_ADMIN_URL`: full URL of a remote's
 *   mf-manifest.json (any origin), else each remote's own path on this origin;
 * - `REMOTE_SOCIAL_ROUTES`, `REMOTE_EVENTS_ROUTES`, `REMOTE_ADMIN_ROUTES`: the URL patterns a
 *   remote serves, space-separated (`/events /event/* /:handle/events`), replacing the shell's
 *   default list for that remote, so a team adds a route without rebuilding the shell;
 * - `SETTINGS_SECTIONS_FROM`: the remotes, space-separated, whose sections /settings shows;
 * - `HEADER_ITEMS_FROM`: the remotes, space-separated, whose items the header shows members;
 * - `MAP_TILES_URL`, `MAP_TILES_ATTRIBUTION`: the event page's map tiles (mapTilesFromEnv).
 * Unset or empty leaves the shell's default. Throws on a pattern or a name it cannot use.
 */
export function runtimeConfigFromEnv(env: NodeJS.ProcessEnv = process.env): RuntimeConfig {
  const remotes = {} as Record<RemoteName, string>;
  const routes: Partial<Record<RemoteName, string[]>> = {};
  for (const name of REMOTE_NAMES) {
    const override = env[`REMOTE_${name.toUpperCase()}_URL`]?.trim();
    remotes[name] = override || `/remotes/${name}/mf-manifest.json`;
    const variable = `REMOTE_${name.toUpperCase()}_ROUTES`;
    const patterns = words(env[variable]);
    const bad = patterns.find((pattern) => !ROUTE_PATTERN.test(pattern));
    if (bad !== undefined) throw new Error(`${variable}: not a URL pattern: ${bad}`);
    if (patterns.length) routes[name] = patterns;
  }
  const settingsSectionsFrom = words(env.SETTINGS_SECTIONS_FROM);
  const unknown = settingsSectionsFrom.find(
    (name) => !(REMOTE_NAMES as readonly string[]).includes(name),
  );
  if (unknown !== undefined)
    throw new Error(`SETTINGS_SECTIONS_FROM: no remote is called ${unknown}`);

  const headerItemsFrom = words(env.HEADER_ITEMS_FROM);
  const unknownHeader = headerItemsFrom.find(
    (name) => !(REMOTE_NAMES as readonly string[]).includes(name),
  );
  if (unknownHeader !== undefined)
    throw new Error(`HEADER_ITEMS_FROM: no remote is called ${unknownHeader}`);

  const config: RuntimeConfig = { remotes };
  if (Object.keys(routes).length) config.routes = routes;
  if (settingsSectionsFrom.length) {
    config.settingsSectionsFrom = settingsSectionsFrom as RemoteName[];
  }
  if (headerItemsFrom.length) config.headerItemsFrom = headerItemsFrom as RemoteName[];
  const mapTiles = mapTilesFromEnv(env);
  if (mapTiles) config.mapTiles = mapTiles;
  return config;
}
