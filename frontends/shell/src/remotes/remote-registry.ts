import {
  remoteModuleProblems,
  type HeaderItem,
  type RemoteModule,
  type RemoteRouteObject,
  type SettingsSection,
} from '@plantfolk/ui';
import type { RemoteName } from './ownership';
import type { RuntimeConfig } from './runtime-config';

export type RemoteState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'loaded'; module: RemoteModule; manifestUrl: string }
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
  /**
   * The settings sections of the remotes the runtime config names (`settingsSectionsFrom`),
   * loading those remotes; a remote that is unavailable adds none.
   */
  loadSettingsSections(): Promise<SettingsSection[]>;
  /**
   * The header items of the remotes the runtime config names (`headerItemsFrom`), in order,
   * loading those remotes; a remote that is unavailable adds none. Call it for members only.
   */
  loadHeaderItems(): Promise<HeaderItem[]>;
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
  const inFlight = new Map<RemoteName, Promise<RemoteModule | null>>();
  const failedBefore = new Set<RemoteName>();
  const listeners = new Set<() => void>();

  const setState = (name: RemoteName, state: RemoteState) => {
    states.set(name, state);
    for (const listener of [...listeners]) listener();
  };

  async function loadOnce(name: RemoteName): Promise<RemoteModule | null> {
    setState(name, { status: 'loading' });
    try {
      const manifestUrl = (await config).remotes[name];
      const module = await loadModule(name, manifestUrl, { retry: failedBefore.has(name) });
      // Built and deployed apart from the shell: a remote that breaks the contract (a route
      // without an access policy) is refused as a whole rather than served unguarded.
      const problems = remoteModuleProblems(module);
      if (problems.length) {
        throw new Error(`Remote "${name}" breaks the route contract: ${problems.join('; ')}`);
      }
      setState(name, { status: 'loaded', module, manifestUrl });
      onLoaded?.(name, manifestUrl);
      return module;
    } catch (error) {
      console.error(`The ${name} remote could not be loaded`, error);
      failedBefore.add(name);
      setState(name, { status: 'failed', error });
      return null;
    } finally {
      inFlight.delete(name);
    }
  }

  function loadModuleOf(name: RemoteName): Promise<RemoteModule | null> {
    const state = states.get(name) ?? idle;
    if (state.status === 'loaded') return Promise.resolve(state.module);
    if (state.status === 'failed') return Promise.resolve(null);
    const pending = inFlight.get(name) ?? loadOnce(name);
    inFlight.set(name, pending);
    return pending;
  }

  return {
    load: async (name) => (await loadModuleOf(name))?.routes ?? null,
    async loadSettingsSections() {
      const modules = await Promise.all((await config).settingsSectionsFrom.map(loadModuleOf));
      return modules.flatMap((module) => module?.settingsSections ?? []);
    },
    async loadHeaderItems() {
      const modules = await Promise.all((await config).headerItemsFrom.map(loadModuleOf));
      return modules
        .flatMap((module) => module?.headerItems ?? [])
        .sort((a, b) => a.order - b.order);
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
