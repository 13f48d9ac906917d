import { createFakeApi, fakeProfile } from '@plantfolk/api-client/testing';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { RemoteModule } from '@plantfolk/ui';
import { renderShell } from '../testing/render-shell';
import { signedIn } from '../testing/session-fixtures';

const social: RemoteModule = {
  routes: [
    { path: '/', handle: { access: 'guest-or-authd' }, element: <h1>Your feed</h1> },
    { path: '/pages/new', handle: { access: 'trusted-only' }, element: <h1>Page form</h1> },
  ],
};

describe('/auth/setup-page', () => {
  it('offers a trusted member the page form, or to skip', async () => {
    renderShell(
      '/auth/setup-page',
      { social },
      {
        api: createFakeApi(),
        session: signedIn(fakeProfile({ roles: ['trusted'] })),
      },
    );
    expect(
      await screen.findByRole('heading', { name: 'Create a page for your group' }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Skip for now' })).toHaveAttribute('href', '/');
    await userEvent.click(screen.getByRole('link', { name: 'Create a page' }));
    expect(await screen.findByRole('heading', { name: 'Page form' })).toBeVisible();
  });

  it('tells a member who is not trusted yet when they can, and lets them skip', async () => {
    renderShell(
      '/auth/setup-page',
      { social },
      {
        api: createFakeApi(),
        session: signedIn(fakeProfile()),
      },
    );
    expect(await screen.findByText(/Pages are made by trusted members/)).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Create a page' })).toBeNull();
    await userEvent.click(screen.getByRole('link', { name: 'Skip for now' }));
    expect(await screen.findByRole('heading', { name: 'Your feed' })).toBeVisible();
  });
});
