import { isReservedHandle } from '@plantfolk/api-client';
import { createFakeApi, fail } from '@plantfolk/api-client/testing';
import { initialSessionState, sessionStore, type SessionUser } from '@plantfolk/session';
import { requestFeedReload } from '@plantfolk/ui';
import { describeRouteContract, renderRoutes } from '@plantfolk/ui/testing';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from './routes';

const emptyFeed = { items: [], next_cursor: null };

describe('social routes', () => {
  beforeEach(() => {
    const api = createFakeApi()
      .on('GET', '/api/content-items/recent', {
        data: { contentItems: [], counts: { posts: 0, plants: 0 }, next_cursor: null },
        responders: [],
      })
      .on('GET', '/api/iam/posts/init-recent', { data: emptyFeed, responders: [] })
      .on('GET', /^\/api\/iam\/posts\/user-or-page-basic\//, fail(404, 'USER_NOT_FOUND'));
    vi.stubGlobal('fetch', api.fetch);
    sessionStore.setSession({ ...initialSessionState, loggedIn: false });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStore.setSession(initialSessionState);
  });

  it('registers the routes it implements, with absolute paths and the catch-all handle last', () => {
    expect(routes.map((route) => route.path)).toEqual([
      '/',
      '/post/:randomId',
      '/tag/:name',
      '/plant/:plantId',
      '/profile',
      '/profile/plants',
      '/profile/plants/create',
      '/profile/plants/create2',
      '/profile/plants/edit/:plantId',
      '/user/interests',
      '/user/my-interests',
      '/users',
      '/users/nearby',
      '/pages',
      '/pages/nearby',
      '/pages/new',
      '/invites',
      '/invites/user',
      '/invites/expired',
      '/invites/:id',
      '/messages',
      '/messages/:username',
      '/messages/:userHandle/to/:pageHandle',
      '/:handle/edit',
      '/:handle',
    ]);
  });

  it('welcomes guests on the home page with ways to join and log in', async () => {
    renderRoutes(routes, '/');

    expect(
      await screen.findByRole('heading', { name: 'Welcome to Plantfolk' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Join Plantfolk/ })).toHaveAttribute('href', '/join');
    expect(screen.getByRole('link', { name: /Log in/ })).toHaveAttribute('href', '/auth/login');
    expect(screen.getByRole('heading', { name: 'Have a look around' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'News feed' })).toBeInTheDocument();
  });

  it('greets a signed-in member by name', async () => {
    sessionStore.setSession({
      loggedIn: true,
      user: { username: 'maria', avatar: null, roles: [] } as unknown as SessionUser,
    });
    renderRoutes(routes, '/');

    expect(await screen.findByRole('heading', { name: 'Welcome back, maria' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Welcome to Plantfolk' })).toBeNull();
  });

  it('scrolls back to the top when the logo asks the feed to reload', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    renderRoutes(routes, '/');
    await screen.findByRole('heading', { name: 'Welcome to Plantfolk' });

    // The page subscribes in an effect, which may run a moment after the heading appears.
    await waitFor(() => {
      act(() => requestFeedReload());
      expect(scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });
    });
  });

  it("shows 'Page not found: /{handle}' for an unknown handle", async () => {
    renderRoutes(routes, '/nobody-here');

    expect(
      await screen.findByRole('heading', { name: 'Page not found: /nobody-here' }),
    ).toBeInTheDocument();
  });
});

describeRouteContract(
  'social',
  routes,
  {
    '/': 'guest-or-authd',
    '/post/:randomId': 'none',
    '/tag/:name': 'guest-or-authd',
    '/plant/:plantId': 'guest-or-authd',
    '/profile': 'authd-only',
    '/profile/plants': 'authd-only',
    '/profile/plants/create': 'authd-only',
    '/profile/plants/create2': 'authd-only',
    '/profile/plants/edit/:plantId': 'authd-only',
    '/user/interests': 'authd-only',
    '/user/my-interests': 'logged-in-only',
    '/users': 'none',
    '/users/nearby': 'authd-only',
    '/pages': 'guest-or-authd',
    '/pages/nearby': 'none',
    '/pages/new': 'trusted-only',
    '/invites': 'authd-only',
    '/invites/user': 'authd-only',
    '/invites/expired': 'none',
    '/invites/:id': 'none',
    '/messages': 'trusted-only',
    '/messages/:username': 'trusted-only',
    '/messages/:userHandle/to/:pageHandle': 'trusted-only',
    '/:handle/edit': 'authd-only',
    '/:handle': 'guest-or-authd',
  },
  isReservedHandle,
);
