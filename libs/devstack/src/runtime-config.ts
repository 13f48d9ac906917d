export const REMOTE_NAMES = ['social', 'events', 'admin'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

/** The shell reads this at start to find each remote's mf-manifest.json. */
export interface RuntimeConfig {
  remotes: Record<RemoteName, string>;
}

/**
 * `runtime-config.json` from the environment: `REMOTE_SOCIAL_URL`, `REMOTE_EVENTS_URL`,
 * `REMOTE_ADMIN_URL` (full URL of a remote's mf-manifest.json, any origin), else each remote's
 * own path on this origin.
 */
export function runtimeConfigFromEnv(env: NodeJS.ProcessEnv = process.env): RuntimeConfig {
  const remotes = {} as Record<RemoteName, string>;
  for (const name of REMOTE_NAMES) {
    const override = env[`REMOTE_${name.toUpperCase()}_URL`]?.trim();
    remotes[name] = override || `/remotes/${name}/mf-manifest.json`;
  }
  return { remotes };
}
