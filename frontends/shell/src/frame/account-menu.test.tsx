import { createFakeApi, fakeProfile, ok } from '@plantfolk/api-client/testing';
import { sessionStore } from '@plantfolk/session';
import type { RemoteModule } from '@plantfolk/ui';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderShell } from '../testing/render-shell';
import { sessionReply } from '../testing/session-fixtures';

const social: RemoteModule = {
  routes: [{ path: '/', handle: { access: 'guest-or-authd' }, element: <h1>Your feed</h1> }],
};

describe('account menu', () => {
  it('opens the profile, settings and log out for a member', async () => {
    const api = createFakeApi()
      .on('POST', '/api/iam/authn/refresh', sessionReply(fakeProfile(), 'token-9'))
      .on('POST', '/api/iam/authn/logout', ok({ loggedOut: true }));
    const { sessionClient, router, queryClient } = renderShell(
      '/about',
      { social },
      { api, session: {} },
    );
    await sessionClient.start();
    queryClient.setQueryData(['private'], 'for fern only');
    sessionStore.registerStoreReset(() => queryClient.clear());
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Account menu (fern)' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('@fern')).toBeVisible();
    expect(within(menu).getByRole('menuitem', { name: 'Your profile' })).toHaveAttribute(
      'href',
      '/profile',
    );
    expect(within(menu).getByRole('menuitem', { name: 'Settings' })).toHaveAttribute(
      'href',
      '/settings',
    );
    expect(within(menu).queryByRole('menuitem', { name: 'Admin' })).toBeNull();

    await user.click(within(menu).getByRole('menuitem', { name: 'Log out' }));

    expect(await screen.findByRole('heading', { name: 'Your feed' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/');
    expect(screen.getByRole('link', { name: 'Log in' })).toBeVisible();
    expect(queryClient.getQueryData(['private'])).toBeUndefined();
    const [logout] = api.requestsTo('POST', '/api/iam/authn/logout');
    expect(logout?.headers.get('authorization')).toBe('Bearer token-9');
    expect(logout?.headers.get('x-csrf-token')).toBe('csrf-fern');
  });

  it('points a member who has not finished signing up to the next step', async () => {
    renderShell(
      '/about',
      {},
      {
        session: {
          loggedIn: true,
          accessToken: 't',
          user: fakeProfile({ stage: 'verified', username: null, email: 'new@example.com' }),
        },
      },
    );

    await userEvent.click(await screen.findByRole('button', { name: 'Account menu (new)' }));

    expect(await screen.findByRole('menuitem', { name: 'Finish your profile' })).toHaveAttribute(
      'href',
      '/auth/register',
    );
  });
});
