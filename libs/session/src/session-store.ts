import type {
  LogoutHandler,
  LogoutOptions,
  Navigate,
  Role,
  SessionState,
  SessionUser,
  TokenRefresher,
} from './session-types';

export const initialSessionState: SessionState = Object.freeze({
  loggedIn: 'unknown',
  user: null,
  profileError: false,
  accessToken: null,
  accessTokenExpiresAt: null,
});

export interface SessionStore {
  getState(): SessionState;
  subscribe(listener: () => void): () => void;
  /** Merges the given fields into the session (a login sets `loggedIn`, `user` and `accessToken`). */
  setSession(patch: Partial<SessionState>): void;
  /**
   * Clears every registered store and this session, navigates to `path` (home by default) and
   * runs the logout handler (which ends the server session). Never throws: a failing logout call
   * must not keep a user signed in.
   */
  logout(path?: string, options?: LogoutOptions): Promise<void>;
  /** Lets another slice clear its own store on logout. Returns a function that unregisters it. */
  registerStoreReset(reset: () => void): () => void;
  /** Installed by the host's router so code outside React can redirect. */
  setNavigator(navigate: Navigate | null): void;
  /** Navigates with the installed navigator, or with a full page load when none is installed. */
  navigate(path: string): void;
  setLogoutHandler(handler: LogoutHandler | null): void;
  /** Installed by the session client, so every slice's fetch wrapper can renew the token. */
  setTokenRefresher(refresher: TokenRefresher | null): void;
  /** Renews the access token; null when it could not be renewed or nobody can renew it. */
  refreshAccessToken(): Promise<string | null>;
  /**
   * Resolves once the logged-in state is known. Resolves at once when it is, or when no session
   * client is running (no refresher installed), since then nobody will ever settle it.
   */
  whenKnown(): Promise<void>;
}

export function createSessionStore(initial: SessionState = initialSessionState): SessionStore {
  let state = initial;
  const listeners = new Set<() => void>();
  const storeResets = new Set<() => void>();
  let navigator: Navigate | null = null;
  let logoutHandler: LogoutHandler | null = null;
  let tokenRefresher: TokenRefresher | null = null;

  const replaceState = (next: SessionState) => {
    state = next;
    for (const listener of [...listeners]) listener();
  };

  const navigate = (path: string) => {
    if (navigator) void navigator(path);
    else if (typeof window !== 'undefined') window.location.assign(path);
  };

  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  };

  return {
    getState: () => state,

    subscribe,

    setSession(patch) {
      replaceState({ ...state, ...patch });
    },

    async logout(path = '/', { endServerSession = true } = {}) {
      const previous = state;
      for (const reset of [...storeResets]) {
        try {
          reset();
        } catch (error) {
          console.error('A store could not be reset on logout', error);
        }
      }
      replaceState({ ...initialSessionState, loggedIn: false });
      // Leave at once: the page belongs to the session that just ended, and the user should not
      // wait for the network to see that they are logged out.
      navigate(path);
      try {
        await logoutHandler?.(previous, { endServerSession });
      } catch (error) {
        console.error('Logout call failed', error);
      }
    },

    registerStoreReset(reset) {
      storeResets.add(reset);
      return () => storeResets.delete(reset);
    },

    setNavigator(next) {
      navigator = next;
    },

    navigate,

    setLogoutHandler(handler) {
      logoutHandler = handler;
    },

    setTokenRefresher(refresher) {
      tokenRefresher = refresher;
    },

    async refreshAccessToken() {
      if (!tokenRefresher) return null;
      try {
        return await tokenRefresher();
      } catch (error) {
        console.warn('The session could not be renewed', error);
        return null;
      }
    },

    whenKnown() {
      if (state.loggedIn !== 'unknown' || !tokenRefresher) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const unsubscribe = subscribe(() => {
          if (state.loggedIn === 'unknown') return;
          unsubscribe();
          resolve();
        });
      });
    },
  };
}

export function hasRole(user: SessionUser | null | undefined, role: Role): boolean {
  return Boolean(user?.roles.includes(role));
}

/** Trusted members and admins may create pages and events and use messaging. */
export function isTrusted(user: SessionUser | null | undefined): boolean {
  return hasRole(user, 'trusted') || hasRole(user, 'admin');
}

/** What to call the user: the username once registered, before that the e-mail's local part. */
export function displayNameOf(user: Pick<SessionUser, 'username' | 'email'>): string {
  return user.username ?? user.email.split('@')[0] ?? user.email;
}

/**
 * The one session of the page. Module Federation shares this package as a singleton, so the
 * shell and every remote see the same instance.
 */
export const sessionStore: SessionStore = createSessionStore();
