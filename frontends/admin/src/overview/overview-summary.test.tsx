import type { AdminOverview } from '@plantfolk/api-client';
import { ok } from '@plantfolk/api-client/testing';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ADMIN_SCREENS } from '../frame/admin-screens';
import { expectNoAxeViolations, renderAdmin, signedInAdmin } from '../testing/render-admin';

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
  signedInAdmin((api) =>
    api
      .on('GET', '/api/iam/admin/overview', ok(overview))
      .on(
        'GET',
        '/api/health',
        ok({ status: 'ok', postgres: 'up', redis: 'up', version: '0.1.0' }),
      ),
  );

  it('shows counts (estimates marked), queue health with the dashboard link, and recent admin actions', async () => {
    renderAdmin('/admin');
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
    renderAdmin('/admin');
    const nav = await screen.findByRole('navigation', { name: 'Admin screens' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(ADMIN_SCREENS.map((screenRow) => screenRow.path));
  });

  it('passes axe in light and dark mode', async () => {
    const { container } = renderAdmin('/admin');
    await screen.findByTestId('admin-overview');
    await expectNoAxeViolations(container);
  });
});
