import { createSessionClient } from '@plantfolk/api-client';
import { sessionStore } from '@plantfolk/session';
import { createBrowserRouter } from 'react-router';
import { loadFederatedRoutes } from '../remotes/federation-loader';
import { ownershipFromConfig } from '../remotes/ownership';
import { createRemoteRegistry } from '../remotes/remote-registry';
import { createRouteDiscovery } from '../remotes/route-discovery';
import { sharedRuntimeConfig } from '../remotes/runtime-config';
import { afterPageLoad, createBuildWatcher } from '../updates/build-watcher';
import { createUpdateStore } from '../updates/update-store';
import { createQueryClient } from './query-client';
import { createShellRoutes, PAGES_ROUTE_ID } from './shell-routes';

/** Wires the shell's services: runtime config, remotes, router, update polling, the session. */
export function createShell() {
  const updates = createUpdateStore();
  const buildWatcher = createBuildWatcher({
    onUpdate: updates.markAvailable,
    // The first view's requests go first; the update check can wait until the page has loaded.
    baselineAfter: afterPageLoad(),
  });
  const config = sharedRuntimeConfig();
  const ownership = ownershipFromConfig(config);
  const remotes = createRemoteRegistry({
    config,
    loadModule: loadFederatedRoutes,
    // A remote's build-manifest.json sits next to its mf-manifest.json.
    onLoaded: (name, manifestUrl) =>
      buildWatcher.watch(
        name,
        new URL('build-manifest.json', new URL(manifestUrl, location.href)).href,
      ),
  });
  const router = createBrowserRouter(createShellRoutes(), {
    patchRoutesOnNavigation: createRouteDiscovery(remotes, ownership, PAGES_ROUTE_ID),
  });

  const queryClient = createQueryClient();
  const session = createSessionClient();

  sessionStore.setNavigator((path) => router.navigate(path));
  // Whatever was loaded for the user who logs out must not show to whoever comes next.
  sessionStore.registerStoreReset(() => queryClient.clear());
  void session.start();
  buildWatcher.watch('shell', '/build-manifest.json');
  buildWatcher.start();

  return { router, queryClient, services: { remotes, ownership, updates, session } };
}
