import { isRemoteName, remoteNames, type RemoteName } from './ownership';

/** `/runtime-config.json`: where each remote's mf-manifest.json lives; changing it needs no rebuild. */
export interface RuntimeConfig {
  remotes: Record<RemoteName, string>;
}

export const RUNTIME_CONFIG_URL = '/runtime-config.json';

/** The layout of `npm start` and docker-compose, used when the file is missing or broken. */
export const defaultRuntimeConfig: RuntimeConfig = {
  remotes: {
    social: '/remotes/social/mf-manifest.json',
    events: '/remotes/events/mf-manifest.json',
    admin: '/remotes/admin/mf-manifest.json',
  },
};

/** Keeps the valid entries of a config file; anything missing or malformed falls back to the default. */
export function parseRuntimeConfig(input: unknown): RuntimeConfig {
  const remotes = { ...defaultRuntimeConfig.remotes };
  const given =
    typeof input === 'object' && input !== null && 'remotes' in input ? input.remotes : undefined;
  if (typeof given === 'object' && given !== null) {
    for (const [name, url] of Object.entries(given)) {
      if (isRemoteName(name) && typeof url === 'string' && url.trim() !== '') {
        remotes[name] = url.trim();
      } else {
        console.warn(`runtime-config.json: ignoring remote entry "${name}"`);
      }
    }
  }
  return { remotes };
}

export async function loadRuntimeConfig(
  fetchImpl: typeof fetch = (input, init) => globalThis.fetch(input, init),
  url = RUNTIME_CONFIG_URL,
): Promise<RuntimeConfig> {
  try {
    const response = await fetchImpl(url, { cache: 'no-cache' });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return parseRuntimeConfig(await response.json());
  } catch (error) {
    console.warn(`Could not read ${url}; using the default remote locations`, error);
    return defaultRuntimeConfig;
  }
}

export { remoteNames };
