import { ok } from '@plantfolk/api-client/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { routes } from '../routes';
import { expectNoAxeViolations, renderAdmin, signedInAdmin } from '../testing/render-admin';
import { ADMIN_SCREENS } from './admin-screens';

const paths = (list: readonly { path: string }[]) => list.map((row) => row.path).sort();

describe('the admin navigation', () => {
  signedInAdmin((api) =>
    api
      .on(
        'GET',
        '/api/iam/admin/overview',
        ok({ counts: [], queues: [], queues_error: null, recent_audit: [] }),
      )
      .on('GET', '/api/health', ok({ status: 'ok', postgres: 'up', redis: 'up', version: '1' }))
      .on(
        'GET',
        '/api/iam/admin/audit-log',
        ok({
          items: [
            {
              id: 'a1',
              actorId: '00000000-0000-4000-8000-000000000001',
              actorUsername: 'root',
              action: 'site-setting.update',
              targetType: 'site-setting',
              targetId: 'site_name',
              before: { value: 'Plantfolk' },
              after: { value: 'Fern Club' },
              createdAt: '2026-11-24T10:00:00.000Z',
            },
          ],
          next_cursor: null,
        }),
      ),
  );

  it('lists every screen this remote serves, and only those', () => {
    expect(paths(ADMIN_SCREENS)).toEqual(paths(routes));
    for (const path of ['/admin/forms', '/admin/audit'])
      expect(ADMIN_SCREENS.some((screenRow) => screenRow.path === path)).toBe(true);
  });

  it('reaches every screen by keyboard alone, and opens one with Enter', async () => {
    const user = userEvent.setup();
    renderAdmin('/admin');
    const nav = await screen.findByRole('navigation', { name: 'Admin screens' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(
      ADMIN_SCREENS.map((screenRow) => screenRow.path),
    );

    // Tab from the top of the page until every admin link has had the focus, in order.
    const reached: string[] = [];
    for (let step = 0; step < 200 && reached.length < links.length; step += 1) {
      await user.tab();
      const focused = document.activeElement;
      if (focused && links.includes(focused as HTMLElement))
        reached.push(focused.getAttribute('href') as string);
    }
    expect(reached).toEqual(ADMIN_SCREENS.map((screenRow) => screenRow.path));

    // The focus is on the last link (the audit log): Enter opens it, its links still marked.
    expect(document.activeElement).toHaveAttribute('href', '/admin/audit');
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
    expect(await screen.findByText(/site-setting\.update/)).toBeInTheDocument();
    expect(
      within(screen.getByRole('navigation', { name: 'Admin screens' })).getByRole('link', {
        name: 'Audit log',
      }),
    ).toHaveAttribute('aria-current', 'page');
  });

  it('passes axe on the audit log in light and dark mode', async () => {
    const { container } = renderAdmin('/admin/audit');
    await screen.findByText(/site-setting\.update/);
    await expectNoAxeViolations(container);
  });
});
