import type { SessionClient } from '@plantfolk/api-client';
import { createContext, useContext, useSyncExternalStore } from 'react';
import type { LiveRouteOwnership, RemoteName } from '../remotes/ownership';
import type { RemoteRegistry, RemoteState } from '../remotes/remote-registry';
import type { UpdateStore } from '../updates/update-store';

/** The shell's runtime services, handed to components (and replaced in tests). */
export interface ShellServices {
  remotes: RemoteRegistry;
  /** Which slice serves which URL (the runtime config's table). */
  ownership: LiveRouteOwnership;
  updates: UpdateStore;
  /** Login, signup, renewal and logout; the one session client of the page. */
  session: SessionClient;
}

const ShellServicesContext = createContext<ShellServices | null>(null);
export const ShellServicesProvider = ShellServicesContext.Provider;

export function useShellServices(): ShellServices {
  const services = useContext(ShellServicesContext);
  if (!services) throw new Error('useShellServices needs a ShellServicesProvider');
  return services;
}

export function useRemoteState(name: RemoteName | null): RemoteState | null {
  const { remotes } = useShellServices();
  return useSyncExternalStore(remotes.subscribe, () => (name ? remotes.getState(name) : null));
}

export function useUpdateAvailable(): boolean {
  const { updates } = useShellServices();
  return useSyncExternalStore(updates.subscribe, updates.getSnapshot);
}

export function useSessionClient(): SessionClient {
  return useShellServices().session;
}
