import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemoteModule } from '@plantfolk/ui';
import type { RemoteModuleLoader } from './remote-registry';
import { remoteEntryUrl } from './remote-entry-url';

/**
 * Registers a remote with the Module Federation runtime (v2 API) and loads its `./routes`.
 * Nothing is declared at build time: the manifest URL comes from runtime-config.json, and the
 * runtime is given the entry script beside it (remote-entry-url.ts), which early-start.ts may
 * already have preloaded. A retry re-registers with `force`, which drops the runtime's cached
 * failure for that remote.
 */
export const loadFederatedRoutes: RemoteModuleLoader = async (name, manifestUrl, { retry }) => {
  registerRemotes([{ name, entry: remoteEntryUrl(manifestUrl), type: 'global' }], {
    force: retry,
  });
  const module = await loadRemote<RemoteModule>(`${name}/routes`);
  if (!module) throw new Error(`Remote "${name}" returned no routes module`);
  return module;
};
