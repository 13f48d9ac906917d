/**
 * Notices new deployments: it polls the shell's build-manifest.json and the one of every loaded
 * remote, and reports when a buildId differs from the one seen first.
 */
export type FetchBuildId = (url: string) => Promise<string | null>;

export interface BuildWatcher {
  /** Starts watching an app; its current buildId becomes the baseline. */
  watch(name: string, manifestUrl: string): void;
  /** Checks every watched app now. */
  check(): Promise<void>;
  start(): void;
  stop(): void;
}

export interface BuildWatcherOptions {
  onUpdate: (changedApps: string[]) => void;
  fetchBuildId?: FetchBuildId;
  intervalMs?: number;
  /**
   * The baseline of an app is fetched once this settles (afterPageLoad in the shell): nobody
   * waits for it, so it does not compete with the page's own requests.
   */
  baselineAfter?: Promise<unknown>;
}

/**
 * Settles once the page has loaded and the browser is idle (at the latest a few seconds later):
 * when work nobody waits for can run without slowing the first view down.
 */
export function afterPageLoad(win: Window = window): Promise<void> {
  return new Promise((resolve) => {
    const whenIdle = () => {
      if (typeof win.requestIdleCallback === 'function') {
        win.requestIdleCallback(() => resolve(), { timeout: 5_000 });
      } else {
        win.setTimeout(resolve, 1_000);
      }
    };
    if (win.document.readyState === 'complete') whenIdle();
    else win.addEventListener('load', whenIdle, { once: true });
  });
}

export const BUILD_POLL_INTERVAL_MS = 5 * 60_000;

export const fetchBuildIdFromManifest: FetchBuildId = async (url) => {
  try {
    const response = await fetch(url, { cache: 'no-store' });
    if (!response.ok) return null;
    const body: unknown = await response.json();
    return typeof body === 'object' && body !== null && 'buildId' in body
      ? typeof body.buildId === 'string'
        ? body.buildId
        : null
      : null;
  } catch {
    // Offline or mid-deploy: try again at the next poll.
    return null;
  }
};

export function createBuildWatcher({
  onUpdate,
  fetchBuildId = fetchBuildIdFromManifest,
  intervalMs = BUILD_POLL_INTERVAL_MS,
  baselineAfter = Promise.resolve(),
}: BuildWatcherOptions): BuildWatcher {
  const watched = new Map<string, { url: string; baseline: string | null }>();
  const changed = new Set<string>();
  let timer: ReturnType<typeof setInterval> | null = null;

  const checkOne = async (name: string) => {
    const entry = watched.get(name);
    if (!entry || changed.has(name)) return;
    const buildId = await fetchBuildId(entry.url);
    if (buildId === null) return;
    if (entry.baseline === null) {
      entry.baseline = buildId;
    } else if (buildId !== entry.baseline) {
      changed.add(name);
      onUpdate([...changed]);
    }
  };

  const onVisible = () => {
    if (document.visibilityState === 'visible') void watcher.check();
  };

  const watcher: BuildWatcher = {
    watch(name, url) {
      if (watched.has(name)) return;
      watched.set(name, { url, baseline: null });
      void baselineAfter.then(() => checkOne(name));
    },
    async check() {
      await Promise.all([...watched.keys()].map(checkOne));
    },
    start() {
      if (timer) return;
      timer = setInterval(() => void watcher.check(), intervalMs);
      document.addEventListener('visibilitychange', onVisible);
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
      document.removeEventListener('visibilitychange', onVisible);
    },
  };
  return watcher;
}
