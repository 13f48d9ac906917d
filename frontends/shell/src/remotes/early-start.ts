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

function preload(doc: Document, href: string, as: 'script' | 'style') {
  const link = doc.createElement('link');
  link.rel = 'preload';
  link.setAttribute('as', as);
  link.href = href;
  doc.head.append(link);
}

/** The files of the remote's `./routes` module that load with it, from its mf-manifest.json. */
async function routesModuleFiles(manifestUrl: string, fetchImpl: typeof fetch) {
  const response = await fetchImpl(manifestUrl);
  if (!response.ok) return [];
  const manifest = (await response.json()) as {
    exposes?: { path?: string; assets?: { js?: { sync?: string[] }; css?: { sync?: string[] } } }[];
  };
  const assets = manifest.exposes?.find((expose) => expose.path === ROUTES_EXPOSE)?.assets;
  const relative = (file: string) => new URL(file, manifestUrl).href;
  return [
    ...(assets?.js?.sync ?? []).map((file) => ({ href: relative(file), as: 'script' as const })),
    ...(assets?.css?.sync ?? []).map((file) => ({ href: relative(file), as: 'style' as const })),
  ];
}

/**
 * Runs from the shell's first script, before the bootstrap and its singletons have loaded: reads
 * the runtime config and, when a remote owns the page's URL, asks the browser to download that
 * remote's entry right away, and its routes module as soon as the remote's manifest names it
 * (`<link rel="preload">`s; the federation runtime's `<script>`s then find them in the cache).
 * So the remote's code arrives in parallel with the shell's instead of after it. Best effort: a
 * failure here changes nothing but timing. Resolves to the URLs it preloaded.
 */
export async function startEarlyLoading({
  config = sharedRuntimeConfig(),
  doc = document,
  href = location.href,
  fetchImpl = (input, init) => globalThis.fetch(input, init),
}: EarlyLoadingOptions = {}): Promise<string[]> {
  try {
    const { routes, remotes } = await config;
    const owner = createRouteOwnership(routes).ownerOf(new URL(href).pathname);
    if (!isRemoteName(owner) || !remotes[owner]) return [];
    const manifestUrl = new URL(remotes[owner], href).href;
    const entry = new URL(remoteEntryUrl(manifestUrl)).href;
    preload(doc, entry, 'script');
    if (entry === manifestUrl) return [entry];
    const files = await routesModuleFiles(manifestUrl, fetchImpl);
    for (const file of files) preload(doc, file.href, file.as);
    return [entry, ...files.map((file) => file.href)];
  } catch {
    return [];
  }
}
