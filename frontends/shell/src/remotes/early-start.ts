import {
  guestPageRequests,
  hasSessionHint,
  isReservedHandle,
  startEarlyGuestRequest,
  startEarlySessionRefresh,
} from '@plantfolk/api-client';
import { createRefreshLock } from '@plantfolk/session/refresh-lock';
import { compilePattern, matchesPattern, splitPath } from '../routing/path-pattern';
import { createRouteOwnership, isRemoteName } from './ownership';
import { remoteEntryUrl } from './remote-entry-url';
import { sharedRuntimeConfig, type RuntimeConfig } from './runtime-config';

export interface EarlyLoadingOptions {
  config?: Promise<RuntimeConfig>;
  doc?: Document;
  href?: string;
  fetchImpl?: typeof fetch;
}

/** The module the shell loads from every remote (`loadRemote('<name>/routes')`). */
const ROUTES_EXPOSE = './routes';

/** Written beside every remote's entry by its build (libs/ui/rspack/route-chunks.mjs). */
export const ROUTE_CHUNKS_FILE = 'route-chunks.json';

interface Preload {
  href: string;
  as: 'script' | 'style';
}

function preload(doc: Document, { href, as }: Preload) {
  const link = doc.createElement('link');
  link.rel = 'preload';
  link.setAttribute('as', as);
  link.href = href;
  doc.head.append(link);
}

/** Scripts and stylesheets among a remote's file names, as URLs beside `base`. */
const preloadsOf = (files: readonly string[], base: string): Preload[] =>
  files.flatMap((file): Preload[] => {
    const href = new URL(file, base).href;
    if (file.endsWith('.js')) return [{ href, as: 'script' }];
    if (file.endsWith('.css')) return [{ href, as: 'style' }];
    return [];
  });

/** The files of the remote's `./routes` module that load with it, from its mf-manifest.json. */
async function routesModuleFiles(manifestUrl: string, fetchImpl: typeof fetch) {
  const response = await fetchImpl(manifestUrl);
  if (!response.ok) return [];
  const manifest = (await response.json()) as {
    exposes?: { path?: string; assets?: { js?: { sync?: string[] }; css?: { sync?: string[] } } }[];
  };
  const assets = manifest.exposes?.find((expose) => expose.path === ROUTES_EXPOSE)?.assets;
  return preloadsOf([...(assets?.js?.sync ?? []), ...(assets?.css?.sync ?? [])], manifestUrl);
}

interface RouteChunks {
  routes?: unknown;
  pages?: { path?: unknown; files?: unknown }[];
}

const fileList = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((file): file is string => typeof file === 'string') : [];

/**
 * The files of the routes module and of the page at `pathname`, from the remote's
 * route-chunks.json; null when the remote has none (a build from before it existed). The page is
 * the route whose path matches with the most literal segments (`/profile` before `/:handle`).
 */
async function pageFiles(
  manifestUrl: string,
  pathname: string,
  fetchImpl: typeof fetch,
): Promise<Preload[] | null> {
  const url = new URL(ROUTE_CHUNKS_FILE, manifestUrl).href;
  const response = await fetchImpl(url);
  if (!response.ok) return null;
  const chunks = (await response.json()) as RouteChunks;
  const segments = splitPath(pathname);
  const literals = (path: string) => splitPath(path).filter((s) => !s.startsWith(':')).length;
  const page = (Array.isArray(chunks.pages) ? chunks.pages : [])
    .filter(
      (candidate): candidate is { path: string; files: unknown } =>
        typeof candidate?.path === 'string' &&
        matchesPattern(compilePattern(candidate.path), segments, isReservedHandle),
    )
    .sort((a, b) => literals(b.path) - literals(a.path))[0];
  return preloadsOf([...fileList(chunks.routes), ...fileList(page?.files)], url);
}

/**
 * Runs from the shell's first script, before the bootstrap and its singletons have loaded: reads
 * the runtime config and, when a remote owns the page's URL, asks the browser to download that
 * remote's entry right away, and its routes module and the page's own chunks as soon as the
 * remote's route-chunks.json names them (its mf-manifest.json, for the routes module only, when
 * it has none). These are `<link rel="preload">`s; the federation runtime's `<script>`s then find
 * them in the cache. So the remote's code arrives in parallel with the shell's instead of after
 * it. Best effort: a failure here changes nothing but timing. Resolves to the URLs it preloaded.
 */
export async function startEarlyLoading({
  config = sharedRuntimeConfig(),
  doc = document,
  href = location.href,
  fetchImpl = (input, init) => globalThis.fetch(input, init),
}: EarlyLoadingOptions = {}): Promise<string[]> {
  try {
    const { routes, remotes } = await config;
    const { pathname } = new URL(href);
    const owner = createRouteOwnership(routes).ownerOf(pathname);
    if (!isRemoteName(owner) || !remotes[owner]) return [];
    const manifestUrl = new URL(remotes[owner], href).href;
    const entry = new URL(remoteEntryUrl(manifestUrl)).href;
    preload(doc, { href: entry, as: 'script' });
    if (entry === manifestUrl) return [entry];
    const files =
      (await pageFiles(manifestUrl, pathname, fetchImpl).catch(() => null)) ??
      (await routesModuleFiles(manifestUrl, fetchImpl));
    for (const file of files) preload(doc, file);
    return [entry, ...files.map((file) => file.href)];
  } catch {
    return [];
  }
}

export interface EarlyRequestOptions {
  href?: string;
  /** `document.cookie`, for the session hint. */
  cookies?: string;
  fetchImpl?: typeof fetch;
  /** The cross-tab lock of session renewals. */
  lock?: <T>(task: () => Promise<T>) => Promise<T>;
}

/**
 * Also from the shell's first script: the page-start session renewal when the session hint
 * cookie says there may be a session (the session client asks nothing otherwise), and, for a
 * guest, what the page asks the API first (the feed on `/`, the post on `/post/{id}`: api-client's
 * guestPageRequests). The session client and the social remote then take these answers
 * (early-requests.ts) instead of asking once their code has loaded: the page's data no longer
 * waits for the bootstrap, the remote's entry, its routes module and the page's chunk in turn.
 */
export async function startEarlyRequests({
  href = location.href,
  cookies = document.cookie,
  fetchImpl = (input, init) => globalThis.fetch(input, init),
  lock = createRefreshLock(),
}: EarlyRequestOptions = {}): Promise<void> {
  try {
    let guest = !hasSessionHint(cookies);
    if (!guest) {
      const renewal = await startEarlySessionRefresh(lock, fetchImpl);
      // The session client reads a refused renewal (400, 401, 403) as "no session".
      guest = [400, 401, 403].includes(renewal.status);
    }
    if (!guest) return;
    await Promise.all(
      guestPageRequests(new URL(href).pathname).map((url) =>
        startEarlyGuestRequest(url, fetchImpl),
      ),
    );
  } catch {
    // The session client and the page send their own requests.
  }
}
