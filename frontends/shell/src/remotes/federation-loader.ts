import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemoteModule } from '@plantfolk/ui';
import type { RemoteModuleLoader } from './remote-registry';

/**
 * Registers a remote with the Module Federation runtime (v2 API) and loads its `./routes`.
 * Nothing is declared at build time: the manifest URL comes from runtime-config.json. A retry
 * re-registers with `force`, which drops the runtime's cached failure for that remote.
 */
export const loadFederatedRoutes: RemoteModuleLoader = async (name, manifestUrl, { retry }) => {
  registerRemotes([{ name, entry: manifestUrl }], { force: retry });
  const module = await loadRemote<RemoteModule>(`${name}/routes`);
  if (!module) throw new Error(`Remote "${name}" returned no routes module`);
  return module;
};
