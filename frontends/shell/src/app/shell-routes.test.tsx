import { isReservedHandle } from '@plantfolk/api-client';
import { fakeProfile } from '@plantfolk/api-client/testing';
import { sessionStore, initialSessionState } from '@plantfolk/session';
import { claimedFirstSegments, type RemoteModule, type RouteHandle } from '@plantfolk/ui';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRouteOwnership } from '../remotes/ownership';
import { defaultRuntimeConfig } from '../remotes/runtime-config';
import { renderShell } from '../testing/render-shell';
import { createShellRoutes } from './shell-routes';

const socialRemote: RemoteModule = {
  routes: [
    {
      path: '/',
      handle: { title: 'Home', layout: '3-col', access: 'guest-or-authd' },
      element: <h1>Social home</h1>,
    },
    { path: '/:handle', handle: { access: 'guest-or-authd' }, element: <h1>A profile</h1> },
  ],
};
const eventsRemote: RemoteModule = {
  routes: [
    {
      path: '/events',
      handle: { title: 'Events', layout: '3-col', access: 'guest-or-authd' },
      element: <h1>Events list</h1>,
    },
  ],
};

const header = () => screen.getByRole('banner');
const mainNavigation = () => screen.getByRole('navigation', { name: 'Main' });

describe('shell routing', () => {
  afterEach(() => sessionStore.setSession(initialSessionState));

  it("renders a remote's page inside the frame, loading only the remote that owns the path", async () => {
    const { loadModule } = renderShell('/events', { social: socialRemote, events: eventsRemote });

    expect(await screen.findByRole('heading', { name: 'Events list' })).toBeInTheDocument();
    expect(within(header()).getByRole('link', { name: 'Plantfolk home' })).toBeInTheDocument();
    expect(within(mainNavigation()).getByRole('link', { name: 'Events' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(loadModule).toHaveBeenCalledTimes(1);
    expect(loadModule).toHaveBeenCalledWith('events', '/remotes/events/mf-manifest.json', {
      retry: false,
    });
    await waitFor(() => expect(document.title).toBe('Events · Plantfolk'));
  });

  it("shows 'Page not found: {path}' for a path nobody owns, without loading any remote", async () => {
    const { loadModule } = renderShell('/nope/deeper', { social: socialRemote });

    expect(
      await screen.findByRole('heading', { name: 'Page not found: /nope/deeper' }),
    ).toBeInTheDocument();
    expect(loadModule).not.toHaveBeenCalled();
  });

  it('shows the 404 page for a path its remote owns but does not serve', async () => {
    renderShell('/tag/ferns', { social: socialRemote });

    expect(
      await screen.findByRole('heading', { name: 'Page not found: /tag/ferns' }),
    ).toBeInTheDocument();
  });

  it('shows a fallback in the slot of a remote that fails to load, and the rest keeps working', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    const { router } = renderShell('/events', {
      social: socialRemote,
      events: new Error('mf-manifest.json: 404'),
    });

    expect(
      await screen.findByRole('heading', {
        name: 'This part of Plantfolk is unavailable right now',
      }),
    ).toBeInTheDocument();
    expect(within(header()).getByRole('link', { name: 'Log in' })).toBeInTheDocument();
    expect(within(mainNavigation()).getAllByRole('link')).toHaveLength(4);

    await user.click(within(mainNavigation()).getByRole('link', { name: 'Home' }));
    expect(await screen.findByRole('heading', { name: 'Social home' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it("never lets a remote's pattern take another slice's URL", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    renderShell('/', { social: socialRemote, events: new Error('down') });
    await screen.findByRole('heading', { name: 'Social home' });

    // Social's `/:handle` also matches /events, which belongs to the events remote.
    await user.click(within(mainNavigation()).getByRole('link', { name: 'Events' }));
    expect(
      await screen.findByRole('heading', {
        name: 'This part of Plantfolk is unavailable right now',
      }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'A profile' })).toBeNull();
  });

  it('loads the remote again when the user retries', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    const remotes = { events: new Error('offline') as RemoteModule | Error };
    const { loadModule } = renderShell('/events', remotes);
    await screen.findByRole('button', { name: 'Retry' });

    remotes.events = eventsRemote;
    await user.click(screen.getByRole('button', { name: 'Retry' }));

    expect(await screen.findByRole('heading', { name: 'Events list' })).toBeInTheDocument();
    expect(loadModule).toHaveBeenCalledTimes(2);
    expect(loadModule.mock.calls[1]?.[2]).toEqual({ retry: true });
  });

  it('renders its own pages without any remote', async () => {
    const { loadModule } = renderShell('/about');

    expect(await screen.findByRole('heading', { name: 'About Plantfolk' })).toBeInTheDocument();
    expect(screen.getByRole('complementary')).toHaveTextContent('Terms of use');
    expect(loadModule).not.toHaveBeenCalled();
  });

  it('uses the layout the page asks for', async () => {
    renderShell('/docs/terms-of-use');

    expect(await screen.findByRole('heading', { name: 'Terms of use' })).toBeInTheDocument();
    expect(screen.getByTestId('page-layout')).toHaveAttribute('data-layout', 'default');
    expect(screen.queryByRole('complementary')).not.toBeInTheDocument();
  });

  it('shows the Admin link only to admins', async () => {
    renderShell('/about');
    await screen.findByRole('heading', { name: 'About Plantfolk' });
    expect(within(mainNavigation()).queryByRole('link', { name: 'Admin' })).toBeNull();

    act(() =>
      sessionStore.setSession({
        loggedIn: true,
        accessToken: 't',
        user: fakeProfile({ username: 'root', roles: ['admin'] }),
      }),
    );

    expect(within(mainNavigation()).getByRole('link', { name: 'Admin' })).toHaveAttribute(
      'href',
      '/admin',
    );
  });

  it.each([
    ['a guest', null, ['Home', 'Events', 'Pages', 'People']],
    ['a member', fakeProfile(), ['Home', 'Events', 'Pages', 'People', 'Profile', 'Settings']],
    [
      'a trusted member',
      fakeProfile({ roles: ['trusted'] }),
      ['Home', 'Events', 'Pages', 'People', 'Messages', 'Profile', 'Settings'],
    ],
    [
      'an admin',
      fakeProfile({ roles: ['admin'] }),
      ['Home', 'Events', 'Pages', 'People', 'Messages', 'Profile', 'Settings', 'Admin'],
    ],
  ])('shows %s the navigation their access allows', async (_who, user, links) => {
    renderShell('/about', {}, { session: user ? { loggedIn: true, user } : { loggedIn: false } });
    await screen.findByRole('heading', { name: 'About Plantfolk' });

    expect(
      within(mainNavigation())
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(links);
  });

  it('offers log in and join to guests', async () => {
    renderShell('/about');
    await screen.findByRole('heading', { name: 'About Plantfolk' });
    expect(within(header()).getByRole('link', { name: 'Log in' })).toHaveAttribute(
      'href',
      '/auth/login?redirect=%2Fabout',
    );
    expect(within(header()).getByRole('link', { name: 'Join' })).toHaveAttribute('href', '/join');
  });
});

describe("the shell's pages", () => {
  const pages = (createShellRoutes()[0]?.children?.[0]?.children ?? []).filter(
    (route) => route.path !== '*',
  );
  const accessOf = (path: string) =>
    (pages.find((route) => route.path === path)?.handle as RouteHandle | undefined)?.access;

  it.each([
    ['/join', 'none'],
    ['/about', 'guest-or-authd'],
    ['/welcome', 'authd-only'],
    ['/auth/login', 'none'],
    ['/auth/reset', 'none'],
    ['/auth/signup', 'none'],
    ['/auth/verify', 'none'],
    ['/auth/verifyemail', 'none'],
    ['/auth/verifyfailed', 'none'],
    ['/auth/verifysuccessful', 'none'],
    ['/auth/suspended', 'none'],
    ['/auth/sms', 'authd-only'],
    ['/auth/setup-page', 'authd-only'],
    ['/auth/register', 'logged-in-only'],
    ['/settings', 'completed-regn'],
    ['/docs/terms-of-use', 'none'],
    ['/docs/privacy-policy', 'none'],
  ])("%s declares the spec's policy, %s", (path, policy) => {
    expect(accessOf(path)).toBe(policy);
  });

  it('claims only first path segments that no handle can take', () => {
    const paths = pages.map((route) => route.path ?? '');
    expect(claimedFirstSegments(paths).filter((segment) => !isReservedHandle(segment))).toEqual([]);
  });

  it('lies within what the ownership table gives the shell', () => {
    const ownership = createRouteOwnership(defaultRuntimeConfig.routes);
    expect(pages.filter((route) => ownership.ownerOf(route.path ?? '') !== 'shell')).toEqual([]);
  });
});
