import { fail, ok } from '@plantfolk/api-client/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ADMIN_CSRF, ADMIN_TOKEN, renderAdmin, signedInAdmin } from '../testing/render-admin';

function fakeTab() {
  return { opener: {} as unknown, location: { href: 'about:blank' }, close: vi.fn() };
}

describe('queue dashboard link', () => {
  const admin = signedInAdmin((api) =>
    api
      .on('GET', '/api/health', ok({ status: 'ok', postgres: 'up', redis: 'up', version: '1' }))
      .on(
        'GET',
        '/api/iam/admin/overview',
        ok({ counts: [], queues: [], queues_error: null, recent_audit: [] }),
      ),
  );

  it('asks the API for the dashboard cookie (bearer and csrf), then opens /admin/queues', async () => {
    admin.api.on('POST', '/api/iam/admin/queue-dashboard-session', ok({ url: '/admin/queues' }));
    const tab = fakeTab();
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    renderAdmin('/admin');

    await userEvent.click(await screen.findByRole('link', { name: /Queue dashboard/ }));

    await waitFor(() => expect(tab.location.href).toBe('/admin/queues'));
    expect(open).toHaveBeenCalledWith('about:blank', '_blank');
    expect(tab.opener).toBeNull();
    const [request] = admin.api.requestsTo('POST', '/api/iam/admin/queue-dashboard-session');
    expect(request?.headers.get('authorization')).toBe(`Bearer ${ADMIN_TOKEN}`);
    expect(request?.headers.get('x-csrf-token')).toBe(ADMIN_CSRF);
  });

  it('closes the tab and says why when the API refuses', async () => {
    admin.api.on(
      'POST',
      '/api/iam/admin/queue-dashboard-session',
      fail(403, 'FORBIDDEN', 'Admins only'),
    );
    const tab = fakeTab();
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    renderAdmin('/admin');

    await userEvent.click(await screen.findByRole('link', { name: /Queue dashboard/ }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The queue dashboard could not be opened',
    );
    expect(tab.close).toHaveBeenCalled();
    expect(tab.location.href).toBe('about:blank');
  });
});
