import {
  createCodeChallenge,
  createSessionStore,
  type LockManagerLike,
  type SessionChannel,
  type SessionMessage,
  type SessionStore,
} from '@plantfolk/session';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { createApiFetch } from '../api-fetch';
import { createFakeApi, fail, ok, type FakeApi } from '../testing/fake-api';
import { fakeProfile } from '../testing/fake-profile';
import { createSessionClient, type SessionClient } from './session-client';
import type { Session } from './identity-api';

const fern = fakeProfile();

const session = (overrides: Partial<Session> = {}): Session => ({
  access_token: 'access-1',
  token_type: 'Bearer',
  expires_in: 900,
  user: fern,
  ...overrides,
});

/** A channel pair standing in for BroadcastChannel between this tab and another. */
function fakeChannel() {
  const posted: SessionMessage[] = [];
  let listener: ((message: SessionMessage) => void) | null = null;
  const channel: SessionChannel = {
    post: (message) => posted.push(message),
    listen(next) {
      listener = next;
      return () => (listener = null);
    },
    close: () => {},
  };
  return { channel, posted, receive: (message: SessionMessage) => listener?.(message) };
}

describe('session client', () => {
  let fakeApi: FakeApi;
  let store: SessionStore;
  let navigate: ReturnType<typeof vi.fn<(path: string) => void>>;
  let tabs: ReturnType<typeof fakeChannel>;
  let lockRequests: string[];
  let client: SessionClient;

  beforeEach(() => {
    fakeApi = createFakeApi();
    store = createSessionStore();
    navigate = vi.fn<(path: string) => void>();
    store.setNavigator(navigate);
    tabs = fakeChannel();
    lockRequests = [];
    const locks: LockManagerLike = {
      request: (name, task) => {
        lockRequests.push(name);
        return task();
      },
    };
    client = createSessionClient({
      session: store,
      apiFetch: createApiFetch({ fetch: fakeApi.fetch, session: store, currentPath: () => '/x' }),
      locks,
      channel: tabs.channel,
      document: null,
      currentPath: () => '/settings',
      mayHoldSession: () => true,
    });
  });

  afterEach(() => {
    client.stop();
    vi.useRealTimers();
  });

  describe('login', () => {
    beforeEach(() => {
      fakeApi
        .on('POST', '/api/iam/authn/login', ok({ code: 'one-time-code', expires_in: 60 }))
        .on('POST', '/api/iam/authn/refresh', ok(session()));
    });

    it('sends an S256 challenge, then exchanges the code with the matching verifier', async () => {
      await client.login({ email: 'fern@example.com', password: 'correct horse' });

      const [login] = fakeApi.requestsTo('POST', '/api/iam/authn/login');
      const [exchange] = fakeApi.requestsTo('POST', '/api/iam/authn/refresh');
      const loginBody = login?.body as Record<string, string>;
      const exchangeBody = exchange?.body as Record<string, string>;
      expect(loginBody).toMatchObject({
        email: 'fern@example.com',
        password: 'correct horse',
        code_challenge_method: 'S256',
      });
      expect(exchangeBody).toMatchObject({
        grant_type: 'authorization_code',
        code: 'one-time-code',
      });
      expect(exchangeBody.code_verifier).toMatch(/^[A-Za-z0-9\-._~]{43,128}$/);
      expect(loginBody.code_challenge).toBe(await createCodeChallenge(exchangeBody.code_verifier!));
      expect(loginBody).not.toHaveProperty('code_verifier');
    });

    it('sets loggedIn with the profile and an in-memory token, and tells the other tabs', async () => {
      const before = Date.now();

      const user = await client.login({ email: 'fern@example.com', password: 'correct horse' });

      expect(user).toEqual(fern);
      const state = store.getState();
      expect(state).toMatchObject({ loggedIn: true, user: fern, accessToken: 'access-1' });
      expect(state.accessTokenExpiresAt).toBeGreaterThanOrEqual(before + 900_000);
      expect(tabs.posted).toEqual([{ type: 'logged-in' }]);
      expect(window.localStorage.length + window.sessionStorage.length).toBe(0);
    });

    it('sends neither an old token nor a csrf token with the login calls', async () => {
      store.setSession({ loggedIn: true, accessToken: 'old', user: fern });

      await client.login({ email: 'fern@example.com', password: 'correct horse' });

      for (const request of fakeApi.requests) {
        expect(request.headers.has('authorization')).toBe(false);
        expect(request.headers.has('x-csrf-token')).toBe(false);
      }
    });

    it('rejects wrong credentials without renewing, logging out or navigating', async () => {
      fakeApi.on('POST', '/api/iam/authn/login', fail(401, 'INVALID_CREDENTIALS'));
      store.setSession({ loggedIn: false });

      await expect(
        client.login({ email: 'fern@example.com', password: 'wrong' }),
      ).rejects.toMatchObject({ status: 401, code: 'INVALID_CREDENTIALS' });

      expect(fakeApi.requests).toHaveLength(1);
      expect(navigate).not.toHaveBeenCalled();
      expect(store.getState().loggedIn).toBe(false);
    });

    it('signs in from an e-mailed verification link the same way', async () => {
      fakeApi.on(
        'POST',
        '/api/iam/authn/verifyemailtoken',
        ok({ verified: true, code: 'link-code', expires_in: 60 }),
      );
      fakeApi.on(
        'POST',
        '/api/iam/authn/refresh',
        ok(session({ user: fakeProfile({ stage: 'verified', username: null }) })),
      );

      const user = await client.signInWithEmailLink('the-link-token');

      expect(user?.stage).toBe('verified');
      const verifyBody = fakeApi.requestsTo('POST', '/api/iam/authn/verifyemailtoken')[0]
        ?.body as Record<string, string>;
      const exchangeBody = fakeApi.requestsTo('POST', '/api/iam/authn/refresh')[0]?.body as Record<
        string,
        string
      >;
      expect(verifyBody).toMatchObject({ token: 'the-link-token', code_challenge_method: 'S256' });
      expect(exchangeBody).toMatchObject({ grant_type: 'authorization_code', code: 'link-code' });
      expect(verifyBody.code_challenge).toBe(
        await createCodeChallenge(exchangeBody.code_verifier!),
      );
      expect(store.getState().loggedIn).toBe(true);
      expect(tabs.posted).toEqual([{ type: 'logged-in' }]);
    });

    it('refuses a spent verification link without signing in', async () => {
      fakeApi.on('POST', '/api/iam/authn/verifyemailtoken', fail(400, 'INVALID_TOKEN'));
      store.setSession({ loggedIn: false });

      await expect(client.signInWithEmailLink('spent')).rejects.toMatchObject({
        status: 400,
        code: 'INVALID_TOKEN',
      });

      expect(fakeApi.requestsTo('POST', '/api/iam/authn/refresh')).toHaveLength(0);
      expect(navigate).not.toHaveBeenCalled();
      expect(store.getState().loggedIn).toBe(false);
    });

    it('resolves to null when the link verified the address but the sign-in failed', async () => {
      fakeApi
        .on('POST', '/api/iam/authn/verifyemailtoken', ok({ verified: true, code: 'c' }))
        .on('POST', '/api/iam/authn/refresh', fail(400, 'INVALID_GRANT'));
      store.setSession({ loggedIn: false });

      expect(await client.signInWithEmailLink('tok')).toBeNull();
      expect(store.getState().loggedIn).toBe(false);
    });
  });

  describe('page start', () => {
    it('restores the session from the refresh cookie', async () => {
      fakeApi.on('POST', '/api/iam/authn/refresh', ok(session()));

      await client.start();

      const [refresh] = fakeApi.requests;
      expect(refresh?.body).toEqual({ grant_type: 'refresh_token' });
      expect(store.getState()).toMatchObject({ loggedIn: true, user: fern });
      expect(lockRequests).toEqual(['plantfolk-refresh']);
    });

    it('settles on logged out, without navigating, when there is no session', async () => {
      fakeApi.on('POST', '/api/iam/authn/refresh', fail(401, 'INVALID_REFRESH'));

      await client.start();

      expect(store.getState().loggedIn).toBe(false);
      expect(navigate).not.toHaveBeenCalled();
    });

    it('asks the API nothing for a browser without the session hint (a guest), and settles on logged out', async () => {
      const guest = createSessionClient({
        session: store,
        apiFetch: createApiFetch({ fetch: fakeApi.fetch, session: store }),
        locks: null,
        channel: null,
        document: null,
      });
      document.cookie = 'color-mode=dark';

      await guest.start();

      expect(fakeApi.requests).toEqual([]);
      expect(store.getState().loggedIn).toBe(false);
      guest.stop();
    });

    it('renews at page start when the session hint cookie is there', async () => {
      fakeApi.on('POST', '/api/iam/authn/refresh', ok(session()));
      const member = createSessionClient({
        session: store,
        apiFetch: createApiFetch({ fetch: fakeApi.fetch, session: store }),
        locks: null,
        channel: null,
        document: null,
      });
      document.cookie = 'pf_session=1; path=/';
      onTestFinished(() => {
        document.cookie = 'pf_session=; max-age=0; path=/';
      });

      await member.start();

      expect(fakeApi.requests.map((request) => request.url.pathname)).toEqual([
        '/api/iam/authn/refresh',
      ]);
      expect(store.getState()).toMatchObject({ loggedIn: true, user: fern });
      member.stop();
    });

    it('settles on logged out when the API cannot be reached', async () => {
      vi.spyOn(console, 'warn').mockImplementation(() => {});
      const offline = createSessionClient({
        session: store,
        apiFetch: createApiFetch({
          session: store,
          fetch: () => Promise.reject(new TypeError('Failed to fetch')),
        }),
        locks: null,
        channel: null,
        document: null,
        mayHoldSession: () => true,
      });
      vi.useFakeTimers();

      const starting = offline.start();
      await vi.runAllTimersAsync();
      await starting;

      expect(store.getState().loggedIn).toBe(false);
      offline.stop();
    });
  });

  describe('renewal', () => {
    it('renews by itself shortly before the access token runs out', async () => {
      vi.useFakeTimers();
      let issued = 0;
      fakeApi.on('POST', '/api/iam/authn/refresh', () =>
        ok(session({ access_token: `access-${++issued}`, expires_in: 900 })),
      );
      await client.start();
      expect(store.getState().accessToken).toBe('access-1');

      await vi.advanceTimersByTimeAsync(839_000);
      expect(fakeApi.requests).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(1_000);

      expect(fakeApi.requests).toHaveLength(2);
      expect(store.getState().accessToken).toBe('access-2');
    });

    it('sends one renewal when several callers ask at once', async () => {
      fakeApi.on('POST', '/api/iam/authn/refresh', ok(session()));

      await Promise.all([client.refresh(), client.refresh(), store.refreshAccessToken()]);

      expect(fakeApi.requests).toHaveLength(1);
    });

    it('renews after a 401 of a member call, then the call goes through', async () => {
      fakeApi.on('POST', '/api/iam/authn/refresh', ok(session({ access_token: 'renewed' })));
      await client.start();
      store.setSession({ accessToken: 'revoked-by-clock' });
      fakeApi.on('GET', '/api/iam/authn/sessions', (request) =>
        request.headers.get('authorization') === 'Bearer renewed'
          ? ok([])
          : fail(401, 'TOKEN_EXPIRED'),
      );
      const apiFetch = createApiFetch({ fetch: fakeApi.fetch, session: store });

      await expect(apiFetch('/api/iam/authn/sessions')).resolves.toEqual({ data: [] });
      expect(navigate).not.toHaveBeenCalled();
    });

    it('logs out once, to the login page, when the server refuses the renewal mid-session', async () => {
      fakeApi.on('POST', '/api/iam/authn/refresh', ok(session()));
      await client.start();
      fakeApi.on('POST', '/api/iam/authn/refresh', fail(401, 'INVALID_REFRESH'));
      fakeApi.on('GET', '/api/iam/authn/sessions', fail(401, 'TOKEN_EXPIRED'));
      const apiFetch = createApiFetch({ fetch: fakeApi.fetch, session: store });

      await expect(apiFetch('/api/iam/authn/sessions')).rejects.toMatchObject({ status: 401 });

      expect(store.getState()).toMatchObject({ loggedIn: false, accessToken: null });
      expect(navigate).toHaveBeenCalledTimes(1);
      expect(navigate).toHaveBeenCalledWith('/auth/login?redirect=%2Fsettings');
      expect(fakeApi.requestsTo('POST', '/api/iam/authn/refresh')).toHaveLength(2);
      expect(fakeApi.requestsTo('POST', '/api/iam/authn/logout')).toHaveLength(0);
    });
  });

  describe('logout', () => {
    beforeEach(async () => {
      fakeApi
        .on('POST', '/api/iam/authn/refresh', ok(session()))
        .on('POST', '/api/iam/authn/logout', ok({ loggedOut: true }));
      await client.start();
    });

    it('clears every store, ends the server session with bearer and csrf, then goes home', async () => {
      const resetFeed = vi.fn();
      store.registerStoreReset(resetFeed);

      await client.logout();

      const [logout] = fakeApi.requestsTo('POST', '/api/iam/authn/logout');
      expect(logout?.headers.get('authorization')).toBe('Bearer access-1');
      expect(logout?.headers.get('x-csrf-token')).toBe('csrf-fern');
      expect(resetFeed).toHaveBeenCalled();
      expect(store.getState()).toMatchObject({ loggedIn: false, user: null, accessToken: null });
      expect(navigate).toHaveBeenCalledWith('/');
      expect(tabs.posted).toContainEqual({ type: 'logged-out' });
    });

    it('navigates to the given path', async () => {
      await client.logout('/auth/login');
      expect(navigate).toHaveBeenCalledWith('/auth/login');
    });

    it('renews a token that ran out first, so the server session really ends', async () => {
      fakeApi.on('POST', '/api/iam/authn/refresh', ok(session({ access_token: 'for-logout' })));
      store.setSession({ accessTokenExpiresAt: Date.now() - 1 });

      await client.logout();

      const [logout] = fakeApi.requestsTo('POST', '/api/iam/authn/logout');
      expect(logout?.headers.get('authorization')).toBe('Bearer for-logout');
      expect(store.getState().loggedIn).toBe(false);
    });

    it('follows a logout in another tab without calling the API again', async () => {
      tabs.receive({ type: 'logged-out' });

      await vi.waitFor(() => expect(store.getState().loggedIn).toBe(false));
      expect(navigate).toHaveBeenCalledWith('/');
      expect(fakeApi.requestsTo('POST', '/api/iam/authn/logout')).toHaveLength(0);
    });
  });

  it('picks up a login made in another tab', async () => {
    fakeApi.on('POST', '/api/iam/authn/refresh', fail(401, 'INVALID_REFRESH'));
    await client.start();
    fakeApi.on('POST', '/api/iam/authn/refresh', ok(session()));

    tabs.receive({ type: 'logged-in' });

    await vi.waitFor(() => expect(store.getState().loggedIn).toBe(true));
  });

  describe('profile', () => {
    it('reloads the profile into the session', async () => {
      const renamed = fakeProfile({ username: 'fern_grows' });
      fakeApi.on('GET', '/api/iam/authn/profile', ok(renamed));
      store.setSession({ loggedIn: true, accessToken: 't', user: fern });

      await expect(client.loadProfile()).resolves.toEqual(renamed);
      expect(store.getState()).toMatchObject({ user: renamed, profileError: false });
    });

    it('sets the profile error flag when the profile cannot be loaded', async () => {
      vi.spyOn(console, 'error').mockImplementation(() => {});
      fakeApi.on('GET', '/api/iam/authn/profile', fail(500, 'INTERNAL'));
      store.setSession({ loggedIn: true, accessToken: 't', user: fern });

      await expect(client.loadProfile()).resolves.toBeNull();
      expect(store.getState()).toMatchObject({ profileError: true, loggedIn: true, user: fern });
    });

    it('renews after the account moved on, and tells the other tabs', async () => {
      const verified = fakeProfile({ stage: 'verified', username: null });
      fakeApi.on('POST', '/api/iam/authn/refresh', ok(session({ user: verified })));
      store.setSession({
        loggedIn: true,
        accessToken: 't',
        user: fakeProfile({ stage: 'signed-up' }),
      });

      await client.profileChanged();

      expect(store.getState().user?.stage).toBe('verified');
      expect(tabs.posted).toContainEqual({ type: 'profile-changed' });
    });

    it('does not settle for a renewal that was asked before the change', async () => {
      // The page start's renewal is answered with the account as it was; the e-mail link is
      // confirmed meanwhile, and only a renewal asked afterwards sees it.
      let answered = 0;
      let answerFirst!: () => void;
      const firstAnswered = new Promise<void>((resolve) => (answerFirst = resolve));
      fakeApi.on('POST', '/api/iam/authn/refresh', async () => {
        answered += 1;
        if (answered === 1) {
          await firstAnswered;
          return ok(session({ user: fakeProfile({ stage: 'signed-up' }) }));
        }
        return ok(session({ user: fakeProfile({ stage: 'verified', username: null }) }));
      });
      const starting = client.start();
      const known = store.whenKnown();
      answerFirst();
      await known;

      await client.profileChanged();
      await starting;

      expect(answered).toBe(2);
      expect(store.getState().user?.stage).toBe('verified');
    });
  });
});
