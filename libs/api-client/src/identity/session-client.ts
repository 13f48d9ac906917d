import {
  createPkcePair,
  createRefreshLock,
  createSessionChannel,
  sessionStore,
  type LockManagerLike,
  type SessionChannel,
  type SessionMessage,
  type SessionState,
  type SessionStore,
  type SessionUser,
} from '@plantfolk/session';
import { ApiError, clientErrorCodes } from '../api-error';
import { apiFetch as defaultApiFetch, LOGIN_PATH, type ApiFetch } from '../api-fetch';
import {
  createIdentityApi,
  type Credentials,
  type IdentityApi,
  type Session,
} from './identity-api';
import { hasSessionHint } from './session-hint';

/** Renew this long before the access token runs out (or a fifth of its life when shorter). */
export const REFRESH_MARGIN_MS = 60_000;
/** After a renewal failed for lack of network, try again this much later. */
export const REFRESH_RETRY_MS = 15_000;

export { hasSessionHint, SESSION_HINT_COOKIE } from './session-hint';

export interface SessionClientOptions {
  session?: SessionStore;
  apiFetch?: ApiFetch;
  /** Web Crypto for PKCE. */
  crypto?: Crypto;
  /** navigator.locks where the browser has it; null runs renewals without a cross-tab lock. */
  locks?: LockManagerLike | null;
  /** The channel to the other tabs; null for none. */
  channel?: SessionChannel | null;
  now?: () => number;
  /** For the login page's `?redirect=` when a renewal is refused mid-session. */
  currentPath?: () => string;
  /** The document, to renew when a sleeping tab becomes visible; null for none. */
  document?: Pick<Document, 'addEventListener' | 'removeEventListener' | 'visibilityState'> | null;
  /**
   * Whether the browser may hold a session to renew: the session hint cookie by default (always
   * yes where there is no document). Without one the page start asks the API nothing, so a
   * guest's page makes no request that can only fail.
   */
  mayHoldSession?: () => boolean;
}

export interface SessionClient {
  /**
   * Page start: installs the logout handler and the token refresher on the store, then renews
   * the session from the refresh cookie (when the session hint says there may be one). Ends with
   * `loggedIn` true or false, never throws.
   */
  start(): Promise<void>;
  /** Login with PKCE: credentials and challenge → one-time code → code + verifier → session. */
  login(credentials: Credentials): Promise<SessionUser>;
  /**
   * Opens an e-mailed verification link: verifies the address and signs its account in, with the
   * same PKCE exchange as a login (sign-up itself signs nobody in). Resolves to null when the
   * address got verified but the sign-in did not go through (the link is spent: log in instead);
   * rejects when the link was refused or could not be sent.
   */
  signInWithEmailLink(token: string): Promise<SessionUser | null>;
  /**
   * Renews the session from the refresh cookie (one at a time across tabs). Resolves to the new
   * session, or null when the server refused (the user is then logged out here).
   */
  refresh(): Promise<Session | null>;
  /** Reloads the profile; on failure sets `profileError` and resolves to null. */
  loadProfile(): Promise<SessionUser | null>;
  /** Puts a profile the API answered with (register, update, avatar) into the session. */
  setUser(user: SessionUser): void;
  /**
   * The account moved on (e-mail verified, registered): renews the session so the token and the
   * profile say so, and tells the other tabs.
   */
  profileChanged(): Promise<void>;
  /** Clears every store, ends the server session, navigates to `path` (home by default). */
  logout(path?: string): Promise<void>;
  /** Removes timers and listeners (tests, hot reload). */
  stop(): void;
}

export function createSessionClient(options: SessionClientOptions = {}): SessionClient {
  const {
    session = sessionStore,
    apiFetch = defaultApiFetch,
    crypto = globalThis.crypto,
    now = () => Date.now(),
    currentPath = () =>
      typeof window === 'undefined' ? '/' : window.location.pathname + window.location.search,
    mayHoldSession = () => typeof document === 'undefined' || hasSessionHint(document.cookie),
  } = options;
  const api: IdentityApi = createIdentityApi(apiFetch);
  const lock = createRefreshLock(options.locks);
  // Opened when first needed, so a client that is never used holds no channel open.
  let openChannel: SessionChannel | null | undefined;
  const channel = () =>
    (openChannel ??= options.channel === undefined ? createSessionChannel() : options.channel);
  const doc = options.document === undefined ? browserDocument() : options.document;

  let refreshTimer: ReturnType<typeof setTimeout> | null = null;
  let inFlightRefresh: Promise<Session | null> | null = null;
  /**
   * Bumped whenever the session is replaced or ended, so an answer that arrives after a newer
   * login or a logout does not overwrite it.
   */
  let generation = 0;
  let detach: (() => void) | null = null;

  const cancelTimer = () => {
    if (refreshTimer !== null) clearTimeout(refreshTimer);
    refreshTimer = null;
  };

  const scheduleRefresh = (delayMs: number) => {
    cancelTimer();
    refreshTimer = setTimeout(() => {
      refreshTimer = null;
      client.refresh().catch(() => scheduleRefresh(REFRESH_RETRY_MS));
    }, delayMs);
  };

  const applySession = (next: Session) => {
    generation++;
    const lifetimeMs = Math.max(0, next.expires_in * 1000);
    session.setSession({
      loggedIn: true,
      user: next.user,
      accessToken: next.access_token,
      accessTokenExpiresAt: now() + lifetimeMs,
      profileError: false,
    });
    scheduleRefresh(Math.max(lifetimeMs - Math.min(REFRESH_MARGIN_MS, lifetimeMs / 5), 0));
  };

  const tokenExpiresSoon = (state: SessionState) =>
    state.accessTokenExpiresAt !== null && now() >= state.accessTokenExpiresAt - REFRESH_MARGIN_MS;

  /**
   * A refused renewal: the server session is gone (revoked, expired, reused token). Not a 429:
   * being rate limited says nothing about the session.
   */
  const isRefused = (error: unknown) =>
    error instanceof ApiError && [400, 401, 403].includes(error.status);

  const signInWith = async (
    startLogin: (challenge: { code_challenge: string; code_challenge_method: 'S256' }) => Promise<{
      code: string;
    }>,
  ) => {
    const pkce = await createPkcePair(crypto);
    const { code } = await startLogin({
      code_challenge: pkce.challenge,
      code_challenge_method: pkce.method,
    });
    const next = await api.exchangeCode(code, pkce.verifier);
    applySession(next);
    channel()?.post({ type: 'logged-in' });
    return next.user;
  };

  const onMessage = (message: SessionMessage) => {
    const { loggedIn } = session.getState();
    if (message.type === 'logged-out') {
      if (loggedIn === true) void session.logout('/', { endServerSession: false });
      return;
    }
    // Another tab logged in, or changed the account: pick it up from the shared cookie.
    if (message.type === 'logged-in' || loggedIn === true) void client.refresh().catch(() => {});
  };

  const onVisibilityChange = () => {
    if (doc?.visibilityState !== 'visible') return;
    const state = session.getState();
    // Timers are throttled in background tabs; renew now if the token ran out meanwhile.
    if (state.loggedIn === true && tokenExpiresSoon(state)) void client.refresh().catch(() => {});
  };

  const logoutHandler = async (
    previous: SessionState,
    { endServerSession }: { endServerSession: boolean },
  ) => {
    generation++;
    cancelTimer();
    channel()?.post({ type: 'logged-out' });
    if (!endServerSession || !previous.accessToken || !previous.user) return;
    let { accessToken } = previous;
    let csrfToken = previous.user.csrf_token;
    if (tokenExpiresSoon(previous)) {
      // An expired token cannot end the session, and a session left open would come back at the
      // next page start from its cookie: renew first, without putting it back into the store.
      const renewed = await lock(() => api.refresh()).catch(() => null);
      if (!renewed) return;
      accessToken = renewed.access_token;
      csrfToken = renewed.user.csrf_token;
    }
    await api.logout(accessToken, csrfToken);
  };

  const client: SessionClient = {
    async start() {
      if (!detach) {
        session.setLogoutHandler(logoutHandler);
        session.setTokenRefresher(async () => (await client.refresh())?.access_token ?? null);
        const stopListening = channel()?.listen(onMessage);
        doc?.addEventListener('visibilitychange', onVisibilityChange);
        detach = () => {
          stopListening?.();
          doc?.removeEventListener('visibilitychange', onVisibilityChange);
        };
      }
      if (!mayHoldSession()) {
        if (session.getState().loggedIn === 'unknown') session.setSession({ loggedIn: false });
        return;
      }
      try {
        await client.refresh();
      } catch (error) {
        // The API is unreachable: carry on as a guest rather than keep the app waiting.
        console.warn('Could not restore the session', error);
        if (session.getState().loggedIn === 'unknown') session.setSession({ loggedIn: false });
      }
    },

    login: (credentials) => signInWith((challenge) => api.login({ ...credentials, ...challenge })),

    async signInWithEmailLink(token) {
      let verified = false;
      try {
        return await signInWith(async (challenge) => {
          const { code } = await api.verifyEmailToken(token, challenge);
          verified = true;
          if (!code) {
            throw new ApiError(
              0,
              clientErrorCodes.invalidResponse,
              'The verification link was answered without a login code',
            );
          }
          return { code };
        });
      } catch (error) {
        // The link is spent and the address verified; only signing in failed.
        if (verified) return null;
        throw error;
      }
    },

    refresh() {
      // One renewal at a time in this tab; the lock makes it one at a time across tabs.
      inFlightRefresh ??= (async () => {
        const startedAt = generation;
        try {
          const next = await lock(() => api.refresh());
          if (generation !== startedAt) return null;
          applySession(next);
          return next;
        } catch (error) {
          if (!isRefused(error) || generation !== startedAt) throw error;
          const wasLoggedIn = session.getState().loggedIn === true;
          generation++;
          cancelTimer();
          if (wasLoggedIn) {
            const here = currentPath();
            await session.logout(`${LOGIN_PATH}?redirect=${encodeURIComponent(here)}`, {
              endServerSession: false,
            });
          } else {
            session.setSession({ loggedIn: false, accessToken: null, accessTokenExpiresAt: null });
          }
          return null;
        }
      })().finally(() => {
        inFlightRefresh = null;
      });
      return inFlightRefresh;
    },

    async loadProfile() {
      try {
        const user = await api.profile();
        session.setSession({ user, profileError: false });
        return user;
      } catch (error) {
        console.error('Could not load the profile', error);
        session.setSession({ profileError: true });
        return null;
      }
    },

    setUser(user) {
      session.setSession({ user, profileError: false });
    },

    async profileChanged() {
      channel()?.post({ type: 'profile-changed' });
      // A renewal already under way (the page start's, say) may have been answered with the
      // account as it was before the change: let it finish, then ask again.
      await inFlightRefresh?.catch(() => null);
      if (session.getState().loggedIn !== true) return;
      try {
        await client.refresh();
      } catch {
        await client.loadProfile();
      }
    },

    logout: (path) => session.logout(path),

    stop() {
      cancelTimer();
      detach?.();
      detach = null;
      if (options.channel === undefined) openChannel?.close();
      openChannel = undefined;
      session.setLogoutHandler(null);
      session.setTokenRefresher(null);
    },
  };
  return client;
}

function browserDocument() {
  return typeof document === 'undefined' ? null : document;
}

/** Whether an error means the API could not be reached (as opposed to an answer). */
export function isNetworkError(error: unknown): boolean {
  return error instanceof ApiError && error.code === clientErrorCodes.network;
}
