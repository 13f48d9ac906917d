import { useSyncExternalStore } from 'react';
import { sessionStore, type SessionStore } from './session-store';
import type { SessionState } from './session-types';

const identity = (state: SessionState) => state;

/**
 * Reads the session (or a slice of it) and re-renders when it changes. Keep selectors returning
 * existing values (not new objects) so React can skip renders.
 */
export function useSession(): SessionState;
export function useSession<T>(selector: (state: SessionState) => T, store?: SessionStore): T;
export function useSession<T>(
  selector: (state: SessionState) => T = identity as (state: SessionState) => T,
  store: SessionStore = sessionStore,
): T {
  return useSyncExternalStore(
    store.subscribe,
    () => selector(store.getState()),
    () => selector(store.getState()),
  );
}
