import { fakeProfile } from '@plantfolk/api-client/testing';
import { type HeaderItem, type RemoteModule } from '@plantfolk/ui';
import { screen, waitFor } from '@testing-library/react';
import { lazy } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { defaultRuntimeConfig } from '../remotes/runtime-config';
import { renderShell } from '../testing/render-shell';
import { signedIn } from '../testing/session-fixtures';

const home = { path: '/', handle: { access: 'guest-or-authd' as const }, element: <h1>Feed</h1> };

function socialWith(...headerItems: HeaderItem[]): RemoteModule {
  return { routes: [home], headerItems };
}

const bell: HeaderItem = {
  id: 'bell',
  order: 10,
  access: 'authd-only',
  label: 'Notifications',
  Component: ({ user }) => <button type="button">{`Bell of ${user.username}`}</button>,
};

describe('header items contributed by remotes', () => {
  it('shows a remote’s item to a signed-in member, lazily and in order', async () => {
    const first: HeaderItem = {
      id: 'first',
      order: 1,
      access: 'authd-only',
      label: 'First',
      Component: lazy(async () => ({
        default: () => <button type="button">First item</button>,
      })),
    };
    renderShell('/', { social: socialWith(bell, first) }, { session: signedIn(fakeProfile()) });
    const banner = await screen.findByRole('banner');
    expect(await screen.findByRole('button', { name: 'Bell of fern' })).toBeVisible();
    expect(await screen.findByRole('button', { name: 'First item' })).toBeVisible();
    const buttons = [...banner.querySelectorAll('button')].map((b) => b.textContent);
    expect(buttons.indexOf('First item')).toBeGreaterThanOrEqual(0);
    expect(buttons.indexOf('First item')).toBeLessThan(buttons.indexOf('Bell of fern'));
  });

  it('never loads a remote for a guest', async () => {
    const { loadModule } = renderShell('/about', { social: socialWith(bell) });
    expect(await screen.findByRole('link', { name: 'Log in' })).toBeVisible();
    expect(screen.queryByText('Bell of fern')).toBeNull();
    expect(loadModule).not.toHaveBeenCalled();
  });

  it('hides an item whose access policy does not admit the member', async () => {
    const adminOnly: HeaderItem = { ...bell, id: 'admin', access: 'admin-auth' };
    renderShell('/', { social: socialWith(adminOnly) }, { session: signedIn(fakeProfile()) });
    expect(await screen.findByRole('heading', { name: 'Feed' })).toBeVisible();
    await waitFor(() => expect(screen.queryByText('Bell of fern')).toBeNull());
  });

  it('keeps the header working when an item throws or its remote cannot load', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const broken: HeaderItem = {
      ...bell,
      id: 'broken',
      Component: () => {
        throw new Error('boom');
      },
    };
    renderShell('/about', { social: socialWith(broken) }, { session: signedIn(fakeProfile()) });
    expect(await screen.findByRole('button', { name: /account/i })).toBeVisible();
    await waitFor(() =>
      expect(console.error).toHaveBeenCalledWith(
        'The header item "Notifications" failed',
        expect.any(Error),
      ),
    );

    const { loadModule } = renderShell(
      '/about',
      { social: new Error('offline') },
      {
        session: signedIn(fakeProfile()),
        runtimeConfig: { ...defaultRuntimeConfig, headerItemsFrom: ['social'] },
      },
    );
    await waitFor(() =>
      expect(loadModule).toHaveBeenCalledWith('social', expect.any(String), {
        retry: false,
      }),
    );
    expect(screen.getAllByRole('banner').length).toBeGreaterThan(0);
  });
});
