import { createFakeApi, fail, fakeProfile, ok } from '@plantfolk/api-client/testing';
import { initialSessionState, sessionStore } from '@plantfolk/session';
import { renderRoutes } from '@plantfolk/ui/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../routes';

function fakeTab() {
  return { opener: {} as unknown, location: { href: 'about:blank' }, close: vi.fn() };
}

describe('queue dashboard link', () => {
  const api = createFakeApi()
    .on('GET', '/api/health', ok({ status: 'ok', postgres: 'up', redis: 'up', version: '1' }))
    .on(
      'GET',
      '/api/iam/admin/overview',
      ok({ counts: [], queues: [], queues_error: null, recent_audit: [] }),
    );

  beforeEach(() => {
    vi.stubGlobal('fetch', api.fetch);
    sessionStore.setSession({
      loggedIn: true,
      accessToken: 'admin-token',
      user: fakeProfile({ roles: ['admin'], csrf_token: 'admin-csrf' }),
    });
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStore.setSession(initialSessionState);
  });

  it('asks the API for the dashboard cookie (bearer and csrf), then opens /admin/queues', async () => {
    api.on('POST', '/api/iam/admin/queue-dashboard-session', ok({ url: '/admin/queues' }));
    const tab = fakeTab();
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    renderRoutes(routes, '/admin');

    await userEvent.click(await screen.findByRole('link', { name: /Queue dashboard/ }));

    await waitFor(() => expect(tab.location.href).toBe('/admin/queues'));
    expect(open).toHaveBeenCalledWith('about:blank', '_blank');
    expect(tab.opener).toBeNull();
    const [request] = api.requestsTo('POST', '/api/iam/admin/queue-dashboard-session');
    expect(request?.headers.get('authorization')).toBe('Bearer admin-token');
    expect(request?.headers.get('x-csrf-token')).toBe('admin-csrf');
  });

  it('closes the tab and says why when the API refuses', async () => {
    api.on('POST', '/api/iam/admin/queue-dashboard-session', fail(403, 'FORBIDDEN', 'Admins only'));
    const tab = fakeTab();
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    renderRoutes(routes, '/admin');

    await userEvent.click(await screen.findByRole('link', { name: /Queue dashboard/ }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The queue dashboard could not be opened',
    );
    expect(tab.close).toHaveBeenCalled();
    expect(tab.location.href).toBe('about:blank');
  });
});
