/**
 * After a redeploy, an open page may ask for a chunk that no longer exists. Reloading fetches the
 * new version; to never loop, a path reloads at most once per 10 seconds (spec section 9).
 */
export const CHUNK_RELOAD_INTERVAL_MS = 10_000;
const storageKey = (path: string) => `plantfolk:chunk-reload:${path}`;

const chunkErrorPatterns = [
  /loading (css )?chunk [\w.-]+ failed/i,
  /failed to fetch dynamically imported module/i,
  /error loading dynamically imported module/i,
  /importing a module script failed/i,
  /unable to preload css/i,
];

export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'ChunkLoadError') return true;
  return chunkErrorPatterns.some((pattern) => pattern.test(error.message));
}

function sessionStorageOrNull(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** True when `path` has not been reloaded for a chunk error within the last 10 seconds. */
export function canReloadAfterChunkError(
  path: string,
  now = Date.now(),
  storage: Storage | null = sessionStorageOrNull(),
): boolean {
  // Without storage the reloads could not be counted, so do not risk a reload loop.
  if (!storage) return false;
  const last = Number(storage.getItem(storageKey(path)));
  return !(last > 0 && now - last < CHUNK_RELOAD_INTERVAL_MS);
}

export function rememberChunkReload(
  path: string,
  now = Date.now(),
  storage: Storage | null = sessionStorageOrNull(),
): void {
  storage?.setItem(storageKey(path), String(now));
}
