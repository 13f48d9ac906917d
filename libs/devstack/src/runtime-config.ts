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
 * - `HEADER_ITEMS_FROM`: the remotes, space-separated, whose items the header shows members.
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
  return config;
}
