import { createFakeApi, fail, fakeProfile } from '@plantfolk/api-client/testing';
import type { RemoteModule } from '@plantfolk/ui';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderShell } from '../testing/render-shell';
import { signedIn } from '../testing/session-fixtures';

const social: RemoteModule = {
  routes: [
    {
      path: '/messages',
      handle: { access: 'trusted-only' },
      element: <h1>Your conversations</h1>,
    },
    { path: '/profile', handle: { access: 'authd-only' }, element: <h1>Your profile</h1> },
  ],
};
const admin: RemoteModule = {
  routes: [{ path: '/admin', handle: { access: 'admin-auth' }, element: <h1>Admin overview</h1> }],
};

describe('route guard', () => {
  it('shows a loader, not a redirect, while the session is being restored', async () => {
    const api = createFakeApi().on('POST', '/api/iam/authn/refresh', fail(401, 'INVALID_REFRESH'));
    const { router, sessionClient } = renderShell('/settings', {}, { api, session: {} });

    expect(await screen.findByText('Checking your session')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/settings');

    await sessionClient.start();

    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(router.state.location.search).toBe('?redirect=%2Fsettings');
  });

  it('sends a member who has not confirmed the e-mail to /auth/verify', async () => {
    const { router } = renderShell(
      '/settings',
      {},
      {
        session: signedIn(fakeProfile({ stage: 'signed-up', username: null })),
      },
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/verify'));
  });

  it('sends a verified member to /auth/register, and back afterwards', async () => {
    const { router } = renderShell(
      '/settings',
      {},
      {
        session: signedIn(fakeProfile({ stage: 'verified', username: null })),
      },
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/register'));
    expect(router.state.location.search).toBe('?redirect=%2Fsettings');
  });

  it("tells a member without the role that a remote's page is not for them", async () => {
    renderShell('/messages', { social }, { session: signedIn(fakeProfile()) });

    expect(
      await screen.findByRole('heading', { name: 'This page is for trusted members' }),
    ).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Your conversations' })).toBeNull();
  });

  it('lets a trusted member into messages, and only an admin into admin', async () => {
    renderShell(
      '/messages',
      { social },
      { session: signedIn(fakeProfile({ roles: ['trusted'] })) },
    );
    expect(await screen.findByRole('heading', { name: 'Your conversations' })).toBeVisible();
  });

  it('keeps the admin area from a trusted member', async () => {
    renderShell('/admin', { admin }, { session: signedIn(fakeProfile({ roles: ['trusted'] })) });
    expect(await screen.findByRole('heading', { name: 'This page is for admins' })).toBeVisible();
  });

  it('lets an admin into the admin area', async () => {
    renderShell('/admin', { admin }, { session: signedIn(fakeProfile({ roles: ['admin'] })) });
    expect(await screen.findByRole('heading', { name: 'Admin overview' })).toBeVisible();
  });

  it('sends a guest from a remote page to log in', async () => {
    const { router } = renderShell('/profile', { social });
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(router.state.location.search).toBe('?redirect=%2Fprofile');
  });

  it('reads the policy from the route the remote declares, not from a table in the shell', async () => {
    const open: RemoteModule = {
      routes: [{ path: '/profile', handle: { access: 'none' }, element: <h1>Your profile</h1> }],
    };
    renderShell('/profile', { social: open });
    expect(await screen.findByRole('heading', { name: 'Your profile' })).toBeVisible();
  });

  it("shows the 404 page, not a profile, where a remote's `:handle` meets a reserved word", async () => {
    const profiles: RemoteModule = {
      routes: [
        { path: '/:handle', handle: { access: 'guest-or-authd' }, element: <h1>A profile</h1> },
      ],
    };
    renderShell(
      '/messages',
      { social: profiles },
      { session: signedIn(fakeProfile({ roles: ['trusted'] })) },
    );

    expect(await screen.findByRole('heading', { name: 'Page not found: /messages' })).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'A profile' })).toBeNull();
  });

  it('refuses a remote that sends a route without an access policy (fails closed)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const unguarded = {
      routes: [{ path: '/profile', element: <h1>Your profile</h1> }],
    } as unknown as RemoteModule;
    renderShell('/profile', { social: unguarded }, { session: signedIn(fakeProfile()) });

    expect(
      await screen.findByRole('heading', {
        name: 'This part of Plantfolk is unavailable right now',
      }),
    ).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Your profile' })).toBeNull();
  });
});
