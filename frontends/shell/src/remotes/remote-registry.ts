import type { RemoteModule, RemoteRouteObject } from '@plantfolk/ui';
import type { RemoteName } from './ownership';
import type { RuntimeConfig } from './runtime-config';

export type RemoteState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'loaded'; routes: RemoteRouteObject[]; manifestUrl: string }
  | { status: 'failed'; error: unknown };

/** Loads one remote's `./routes` module from its manifest URL. */
export type RemoteModuleLoader = (
  name: RemoteName,
  manifestUrl: string,
  options: { retry: boolean },
) => Promise<RemoteModule>;

export interface RemoteRegistry {
  /** Loads a remote once; resolves to its routes, or null when it is unavailable. */
  load(name: RemoteName): Promise<RemoteRouteObject[] | null>;
  getState(name: RemoteName): RemoteState;
  /** Forgets a failure so the next `load` tries again. */
  reset(name: RemoteName): void;
  subscribe(listener: () => void): () => void;
}

export interface RemoteRegistryOptions {
  config: Promise<RuntimeConfig>;
  loadModule: RemoteModuleLoader;
  /** Told about each remote that loaded, e.g. to watch its build manifest. */
  onLoaded?: (name: RemoteName, manifestUrl: string) => void;
}

const idle: RemoteState = { status: 'idle' };

export function createRemoteRegistry({
  config,
  loadModule,
  onLoaded,
}: RemoteRegistryOptions): RemoteRegistry {
  const states = new Map<RemoteName, RemoteState>();
  const inFlight = new Map<RemoteName, Promise<RemoteRouteObject[] | null>>();
  const failedBefore = new Set<RemoteName>();
  const listeners = new Set<() => void>();

  const setState = (name: RemoteName, state: RemoteState) => {
    states.set(name, state);
    for (const listener of [...listeners]) listener();
  };

  async function loadOnce(name: RemoteName): Promise<RemoteRouteObject[] | null> {
    setState(name, { status: 'loading' });
    try {
      const manifestUrl = (await config).remotes[name];
      const module = await loadModule(name, manifestUrl, { retry: failedBefore.has(name) });
      if (!Array.isArray(module?.routes)) {
        throw new Error(`Remote "${name}" does not export a routes array`);
      }
      setState(name, { status: 'loaded', routes: module.routes, manifestUrl });
      onLoaded?.(name, manifestUrl);
      return module.routes;
    } catch (error) {
      console.error(`The ${name} remote could not be loaded`, error);
      failedBefore.add(name);
      setState(name, { status: 'failed', error });
      return null;
    } finally {
      inFlight.delete(name);
    }
  }

  return {
    load(name) {
      const state = states.get(name) ?? idle;
      if (state.status === 'loaded') return Promise.resolve(state.routes);
      if (state.status === 'failed') return Promise.resolve(null);
      const pending = inFlight.get(name) ?? loadOnce(name);
      inFlight.set(name, pending);
      return pending;
    },
    getState: (name) => states.get(name) ?? idle,
    reset(name) {
      if (states.get(name)?.status === 'failed') setState(name, idle);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
