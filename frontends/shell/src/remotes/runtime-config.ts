import defaultsFile from '../../public/runtime-config.json';
import { isRemoteName, remoteNames, type RemoteName } from './ownership';

/**
 * `/runtime-config.json`, read at start: where each remote's mf-manifest.json lives, which URL
 * patterns each remote serves (so the shell knows which remote to load for a path without
 * loading any), which remotes add sections to /settings and which add items to the header.
 * Changing it needs no rebuild.
 */
export interface RuntimeConfig {
  remotes: Record<RemoteName, string>;
  routes: Record<RemoteName, readonly string[]>;
  settingsSectionsFrom: readonly RemoteName[];
  /** The remotes whose header items (the bell) signed-in members see. */
  headerItemsFrom: readonly RemoteName[];
}

export const RUNTIME_CONFIG_URL = '/runtime-config.json';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function ignore(what: string) {
  console.warn(`runtime-config.json: ignoring ${what}`);
}

/** The valid entries of `input` over `fallback`: anything missing or malformed keeps the fallback. */
function mergeRuntimeConfig(input: unknown, fallback: RuntimeConfig): RuntimeConfig {
  const given = isRecord(input) ? input : {};
  const remotes = { ...fallback.remotes };
  const routes = { ...fallback.routes };
  let settingsSectionsFrom = fallback.settingsSectionsFrom;
  let headerItemsFrom = fallback.headerItemsFrom;

  for (const [name, url] of Object.entries(isRecord(given.remotes) ? given.remotes : {})) {
    if (isRemoteName(name) && typeof url === 'string' && url.trim() !== '') {
      remotes[name] = url.trim();
    } else {
      ignore(`remote entry "${name}"`);
    }
  }
  for (const [name, patterns] of Object.entries(isRecord(given.routes) ? given.routes : {})) {
    const valid =
      isRemoteName(name) &&
      Array.isArray(patterns) &&
      // URL patterns as in routing/path-pattern.ts; the dev gateway and the web container check
      // each one before writing it here.
      patterns.every((pattern) => typeof pattern === 'string' && pattern.startsWith('/'));
    if (valid) routes[name] = patterns;
    else ignore(`the routes of "${name}"`);
  }
  if (given.settingsSectionsFrom !== undefined) {
    const names = given.settingsSectionsFrom;
    if (Array.isArray(names) && names.every(isRemoteName)) settingsSectionsFrom = names;
    else ignore('settingsSectionsFrom');
  }
  if (given.headerItemsFrom !== undefined) {
    const names = given.headerItemsFrom;
    if (Array.isArray(names) && names.every(isRemoteName)) headerItemsFrom = names;
    else ignore('headerItemsFrom');
  }
  return { remotes, routes, settingsSectionsFrom, headerItemsFrom };
}

const noRemotes: RuntimeConfig = {
  remotes: { social: '', events: '', admin: '' },
  routes: { social: [], events: [], admin: [] },
  settingsSectionsFrom: [],
  headerItemsFrom: [],
};

/**
 * The shell's own runtime-config.json (public/, served as is unless a deployment writes another):
 * the layout of `npm start` and docker-compose, and the ownership table of architecture.md. A
 * served file that leaves something out, or cannot be read, falls back to it.
 */
export const defaultRuntimeConfig: RuntimeConfig = mergeRuntimeConfig(defaultsFile, noRemotes);

/** Keeps the valid entries of a config file; anything missing or malformed falls back to the default. */
export function parseRuntimeConfig(input: unknown): RuntimeConfig {
  return mergeRuntimeConfig(input, defaultRuntimeConfig);
}

export async function loadRuntimeConfig(
  fetchImpl: typeof fetch = (input, init) => globalThis.fetch(input, init),
  url = RUNTIME_CONFIG_URL,
): Promise<RuntimeConfig> {
  try {
    // index.html preloads it; both web tiers send it with `Cache-Control: no-cache`.
    const response = await fetchImpl(url);
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return parseRuntimeConfig(await response.json());
  } catch (error) {
    console.warn(`Could not read ${url}; using the default remote locations`, error);
    return defaultRuntimeConfig;
  }
}

let shared: Promise<RuntimeConfig> | undefined;

/**
 * The page's runtime config, read once: the shell's first script starts the request (see
 * early-start.ts) and the bootstrap uses the same answer.
 */
export function sharedRuntimeConfig(): Promise<RuntimeConfig> {
  shared ??= loadRuntimeConfig();
  return shared;
}

export { remoteNames };
