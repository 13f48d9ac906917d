import { createSessionClient } from '@plantfolk/api-client';
import { createFakeApi, type FakeApi, type RecordedRequest } from '@plantfolk/api-client/testing';
import { initialSessionState, sessionStore, type SessionState } from '@plantfolk/session';
import type { RemoteModule } from '@plantfolk/ui';
import { UiProvider } from '@plantfolk/ui';
import { createTestQueryClient } from '@plantfolk/ui/testing';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { expect, onTestFinished, vi } from 'vitest';
import { ShellServicesProvider } from '../app/shell-context';
import { createShellRoutes, PAGES_ROUTE_ID } from '../app/shell-routes';
import { ownershipFromConfig, type RemoteName } from '../remotes/ownership';
import { createRemoteRegistry, type RemoteModuleLoader } from '../remotes/remote-registry';
import { createRouteDiscovery } from '../remotes/route-discovery';
import { defaultRuntimeConfig, type RuntimeConfig } from '../remotes/runtime-config';
import { createUpdateStore } from '../updates/update-store';

/** Remotes for a test: a module, or an error to fail with (an unreachable manifest). */
export type FakeRemotes = Partial<Record<RemoteName, RemoteModule | Error>>;

export interface RenderShellOptions {
  /** The session to start with; a guest (logged out) by default. */
  session?: Partial<SessionState>;
  /** The API behind `fetch`; a fresh fake (answering 501 to everything) by default. */
  api?: FakeApi;
  /** What /runtime-config.json says; the shell's own default file by default. */
  runtimeConfig?: RuntimeConfig;
}

export const guest: Partial<SessionState> = { loggedIn: false };

/** The public site settings: the shell's header reads them once per page (the site's name). */
export const PUBLIC_SETTINGS_PATH = '/api/settings/get-all';

/**
 * What the page asked the API besides its read of the public settings, after checking that read
 * happened at most once (every slice shares it from the cache).
 */
export function requestsBesideSettings(api: FakeApi): RecordedRequest[] {
  expect(api.requestsTo('GET', PUBLIC_SETTINGS_PATH).length).toBeLessThanOrEqual(1);
  return api.requests.filter(
    (request) => !(request.method === 'GET' && request.url.pathname === PUBLIC_SETTINGS_PATH),
  );
}

/**
 * The whole shell in a memory router, with Module Federation replaced by `remotes` and the
 * network (global fetch) by a fake API. The shared session store is reset after the test.
 */
export function renderShell(
  path: string,
  remotes: FakeRemotes = {},
  {
    session = guest,
    api = createFakeApi(),
    runtimeConfig = defaultRuntimeConfig,
  }: RenderShellOptions = {},
) {
  const loadModule = vi.fn<RemoteModuleLoader>(async (name) => {
    const remote = remotes[name];
    if (!remote) throw new Error(`No fake for remote ${name}`);
    if (remote instanceof Error) throw remote;
    return remote;
  });
  const config = Promise.resolve(runtimeConfig);
  const ownership = ownershipFromConfig(config);
  const registry = createRemoteRegistry({ config, loadModule });
  const updates = createUpdateStore();
  const router = createMemoryRouter(createShellRoutes(), {
    initialEntries: [path],
    patchRoutesOnNavigation: createRouteDiscovery(registry, ownership, PAGES_ROUTE_ID),
  });

  vi.stubGlobal('fetch', api.fetch);
  sessionStore.setSession({ ...initialSessionState, ...session });
  sessionStore.setNavigator((to) => router.navigate(to));
  // Not started: a test that needs the page-start renewal (and the logout call) starts it. The
  // renewal is always asked for, as in a browser holding the session hint cookie.
  const sessionClient = createSessionClient({
    channel: null,
    locks: null,
    document: null,
    mayHoldSession: () => true,
  });
  onTestFinished(() => {
    sessionClient.stop();
    sessionStore.setNavigator(null);
    sessionStore.setSession(initialSessionState);
    vi.unstubAllGlobals();
  });

  const queryClient = createTestQueryClient();
  const view = render(
    <UiProvider env="test">
      <QueryClientProvider client={queryClient}>
        <ShellServicesProvider
          value={{ remotes: registry, ownership, updates, session: sessionClient }}
        >
          <RouterProvider router={router} />
        </ShellServicesProvider>
      </QueryClientProvider>
    </UiProvider>,
  );
  return {
    ...view,
    router,
    loadModule,
    registry,
    updates,
    remotes,
    api,
    sessionClient,
    queryClient,
  };
}
