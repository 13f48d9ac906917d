import type { AdminOverview } from '@plantfolk/api-client';
import { createFakeApi, fakeProfile, ok, type FakeApi } from '@plantfolk/api-client/testing';
import { initialSessionState, sessionStore } from '@plantfolk/session';
import { renderRoutes } from '@plantfolk/ui/testing';
import { screen, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_SCREENS } from '../frame/admin-screens';
import { routes } from '../routes';

const overview: AdminOverview = {
  counts: [
    { name: 'accounts', value: 12, approximate: false },
    { name: 'posts', value: 1_250_000, approximate: true },
    { name: 'pages', value: 3, approximate: false },
    { name: 'events', value: 0, approximate: false },
  ],
  queues: [
    { name: 'email', waiting: 2, active: 1, delayed: 0, failed: 3, paused: false },
    { name: 'cleanup', waiting: 0, active: 0, delayed: 0, failed: 0, paused: true },
  ],
  queues_error: null,
  recent_audit: [
    {
      id: 'a1',
      actor: 'root',
      action: 'tag.merge',
      target: 'tag 11',
      created_at: '2026-11-24T10:00:00.000Z',
    },
  ],
};

describe('/admin overview', () => {
  let api: FakeApi;
  beforeEach(() => {
    api = createFakeApi()
      .on('GET', '/api/iam/admin/overview', ok(overview))
      .on(
        'GET',
        '/api/health',
        ok({ status: 'ok', postgres: 'up', redis: 'up', version: '0.1.0' }),
      );
    vi.stubGlobal('fetch', api.fetch);
    sessionStore.setSession({
      loggedIn: true,
      accessToken: 'admin-token',
      user: fakeProfile({ username: 'root', roles: ['admin'], csrf_token: 'csrf-1' }),
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStore.setSession(initialSessionState);
    document.documentElement.removeAttribute('data-mantine-color-scheme');
  });

  it('shows counts (estimates marked), queue health with the dashboard link, and recent admin actions', async () => {
    renderRoutes(routes, '/admin');
    const summary = await screen.findByTestId('admin-overview');
    expect(within(summary).getByText('Accounts').nextSibling).toHaveTextContent('12');
    expect(within(summary).getByText('Posts').nextSibling).toHaveTextContent('≈');
    expect(within(summary).getByText('Posts').nextSibling).toHaveTextContent('(estimate)');
    expect(within(summary).getByText('3 failed')).toBeInTheDocument();
    expect(within(summary).getByText('paused')).toBeInTheDocument();
    expect(within(summary).getByRole('link', { name: 'Open the queue dashboard' })).toHaveAttribute(
      'href',
      '/admin/queues',
    );
    expect(within(summary).getByText(/tag\.merge · tag 11/)).toBeInTheDocument();
  });

  it('links every admin screen from the admin navigation', async () => {
    renderRoutes(routes, '/admin');
    const nav = await screen.findByRole('navigation', { name: 'Admin screens' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(ADMIN_SCREENS.map((screenRow) => screenRow.path));
    for (const path of [
      '/admin/users/registered',
      '/admin/users/incomplete',
      '/admin/tags',
      '/admin/email',
      '/admin/database',
      '/admin/settings',
      '/admin/settings/video',
      '/settings/location',
      '/admin/audit',
    ])
      expect(routes.some((route) => route.path === path)).toBe(true);
  });

  it('passes axe in light and dark mode', async () => {
    const { container } = renderRoutes(routes, '/admin');
    await screen.findByTestId('admin-overview');
    for (const scheme of ['light', 'dark']) {
      document.documentElement.setAttribute('data-mantine-color-scheme', scheme);
      const report = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
      expect(report.violations.map((violation) => violation.id)).toEqual([]);
    }
  });
});
