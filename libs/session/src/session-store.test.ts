import { describe, expect, it, vi } from 'vitest';
import {
  createSessionStore,
  displayNameOf,
  hasRole,
  initialSessionState,
  isTrusted,
} from './session-store';
import type { SessionUser } from './session-types';

const alice: SessionUser = {
  uuid: '5f0c8a43-3f55-4f4c-9f43-3d2b8c1a7e11',
  email: 'alice@example.com',
  email_verified: true,
  username: 'alice',
  display_name: null,
  bio: null,
  avatar: null,
  avatar_blurhash: null,
  suburb_city: 'Fitzroy',
  state: 'VIC',
  country: 'Australia',
  location: { latitude: -37.8, longitude: 144.98 },
  csrf_token: 'csrf-1',
  phone_verified: true,
  stage: 'registered',
  roles: [],
  suspended: false,
  created_at: '2024-05-01T10:00:00.000Z',
};

describe('session store', () => {
  it('starts with the logged-in state unknown and no token', () => {
    const store = createSessionStore();
    expect(store.getState()).toEqual({
      loggedIn: 'unknown',
      user: null,
      profileError: false,
      accessToken: null,
      accessTokenExpiresAt: null,
    });
  });

  it('merges a session into the state and notifies subscribers', () => {
    const store = createSessionStore();
    const listener = vi.fn();
    store.subscribe(listener);

    store.setSession({ loggedIn: true, user: alice, accessToken: 'token-1' });

    expect(store.getState()).toMatchObject({ loggedIn: true, user: alice, accessToken: 'token-1' });
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('stops notifying a listener once it unsubscribes', () => {
    const store = createSessionStore();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    unsubscribe();

    store.setSession({ profileError: true });

    expect(listener).not.toHaveBeenCalled();
  });

  it('logout clears every registered store and the session, and navigates home', async () => {
    const store = createSessionStore();
    const navigate = vi.fn();
    const resetFeed = vi.fn();
    const resetMessages = vi.fn();
    store.setNavigator(navigate);
    store.registerStoreReset(resetFeed);
    store.registerStoreReset(resetMessages);
    store.setSession({ loggedIn: true, user: alice, accessToken: 'token-1' });

    await store.logout();

    expect(resetFeed).toHaveBeenCalledTimes(1);
    expect(resetMessages).toHaveBeenCalledTimes(1);
    expect(store.getState()).toEqual({ ...initialSessionState, loggedIn: false });
    expect(navigate).toHaveBeenCalledWith('/');
  });

  it('logout navigates to the given path', async () => {
    const store = createSessionStore();
    const navigate = vi.fn();
    store.setNavigator(navigate);

    await store.logout('/auth/login');

    expect(navigate).toHaveBeenCalledWith('/auth/login');
  });

  it('hands the previous session to the logout handler after clearing local state', async () => {
    const store = createSessionStore();
    store.setNavigator(() => {});
    store.setSession({ loggedIn: true, user: alice, accessToken: 'token-1' });
    const seen: unknown[] = [];
    store.setLogoutHandler((previous) => {
      seen.push(previous.accessToken, previous.user?.csrf_token, store.getState().accessToken);
    });

    await store.logout();

    expect(seen).toEqual(['token-1', 'csrf-1', null]);
  });

  it('tells the logout handler whether the server session still has to be ended', async () => {
    const store = createSessionStore();
    store.setNavigator(() => {});
    const handler = vi.fn();
    store.setLogoutHandler(handler);

    await store.logout('/');
    await store.logout('/', { endServerSession: false });

    expect(handler.mock.calls.map((call) => call[1])).toEqual([
      { endServerSession: true },
      { endServerSession: false },
    ]);
  });

  it('still clears the session and navigates when the logout call fails', async () => {
    const store = createSessionStore();
    const navigate = vi.fn();
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    store.setNavigator(navigate);
    store.setSession({ loggedIn: true, user: alice, accessToken: 'token-1' });
    store.setLogoutHandler(() => Promise.reject(new Error('offline')));

    await store.logout('/bye');

    expect(store.getState().accessToken).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/bye');
    consoleError.mockRestore();
  });

  it('does not reset a store that unregistered itself', async () => {
    const store = createSessionStore();
    store.setNavigator(() => {});
    const reset = vi.fn();
    const unregister = store.registerStoreReset(reset);
    unregister();

    await store.logout();

    expect(reset).not.toHaveBeenCalled();
  });

  it('keeps resetting the other stores when one reset throws', async () => {
    const store = createSessionStore();
    store.setNavigator(() => {});
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const later = vi.fn();
    store.registerStoreReset(() => {
      throw new Error('broken store');
    });
    store.registerStoreReset(later);

    await store.logout();

    expect(later).toHaveBeenCalled();
    consoleError.mockRestore();
  });

  it('falls back to a full page load when no navigator is installed', () => {
    const store = createSessionStore();
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });

    store.navigate('/auth/login');

    expect(assign).toHaveBeenCalledWith('/auth/login');
    vi.unstubAllGlobals();
  });
});

describe('token renewal through the store', () => {
  it('answers null when no session client installed a refresher', async () => {
    await expect(createSessionStore().refreshAccessToken()).resolves.toBeNull();
  });

  it('hands out what the installed refresher renews, and null when it fails', async () => {
    const store = createSessionStore();
    store.setTokenRefresher(async () => 'token-2');
    await expect(store.refreshAccessToken()).resolves.toBe('token-2');

    const consoleWarn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    store.setTokenRefresher(() => Promise.reject(new Error('offline')));
    await expect(store.refreshAccessToken()).resolves.toBeNull();
    expect(consoleWarn).toHaveBeenCalled();
  });

  it('whenKnown waits for the first answer only while a session client is running', async () => {
    const store = createSessionStore();
    await expect(store.whenKnown()).resolves.toBeUndefined();

    store.setTokenRefresher(async () => null);
    let settled = false;
    const waiting = store.whenKnown().then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);

    store.setSession({ loggedIn: false });
    await waiting;
    expect(settled).toBe(true);
  });
});

describe('hasRole and isTrusted', () => {
  it('is true only when the user carries the role', () => {
    expect(hasRole({ ...alice, roles: ['admin'] }, 'admin')).toBe(true);
    expect(hasRole(alice, 'admin')).toBe(false);
    expect(hasRole(null, 'admin')).toBe(false);
  });

  it('counts admins as trusted', () => {
    expect(isTrusted({ ...alice, roles: ['trusted'] })).toBe(true);
    expect(isTrusted({ ...alice, roles: ['admin'] })).toBe(true);
    expect(isTrusted(alice)).toBe(false);
  });
});

describe('displayNameOf', () => {
  it('uses the username, or the local part of the e-mail before registering', () => {
    expect(displayNameOf(alice)).toBe('alice');
    expect(displayNameOf({ username: null, email: 'new.member@example.com' })).toBe('new.member');
  });
});
