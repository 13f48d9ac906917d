import type { LiveSettings } from './page-headers.js';

/** What the page headers read of the site settings, as fresh as `maxAgeMs`. */
export interface LiveSettingsReader {
  read(): Promise<LiveSettings>;
}

export interface LiveSettingsOptions {
  /** An answer is reused this long (default 1 s): a changed setting shows on the next pages. */
  maxAgeMs?: number;
  /** A page waits at most this long for a fresh answer, then goes with the last (default 300 ms). */
  waitMs?: number;
  fetch?: typeof fetch;
  now?: () => number;
}

/**
 * Reads the public site settings the page headers depend on (`map_tiles_url`) from the API's
 * `GET /api/settings/get-all`, so an admin's change takes effect without a restart. Never fails:
 * with the API down or slow, pages go out with the last answer (none at first: this origin only).
 */
export function liveSettingsFrom(
  apiUrl: string,
  options: LiveSettingsOptions = {},
): LiveSettingsReader {
  const maxAgeMs = options.maxAgeMs ?? 1_000;
  const waitMs = options.waitMs ?? 300;
  const get = options.fetch ?? fetch;
  const now = options.now ?? Date.now;
  let current: LiveSettings = {};
  let fetchedAt = Number.NEGATIVE_INFINITY;
  let refreshing: Promise<void> | null = null;

  const refresh = async () => {
    try {
      const response = await get(new URL('/api/settings/get-all', apiUrl), {
        signal: AbortSignal.timeout(5_000),
        headers: { accept: 'application/json' },
      });
      if (!response.ok) return;
      const body = (await response.json()) as { data?: unknown };
      if (!Array.isArray(body.data)) return;
      const tiles = (body.data as Array<{ name?: unknown; value?: unknown }>).find(
        (setting) => setting?.name === 'map_tiles_url',
      );
      current = { mapTilesUrl: tiles?.value ?? null };
    } catch {
      // The API is not there (yet): the last answer stands.
    } finally {
      fetchedAt = now();
      refreshing = null;
    }
  };

  return {
    async read() {
      if (now() - fetchedAt < maxAgeMs) return current;
      refreshing ??= refresh();
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        refreshing,
        new Promise<void>((resolve) => {
          timer = setTimeout(resolve, waitMs);
        }),
      ]);
      clearTimeout(timer);
      return current;
    },
  };
}
