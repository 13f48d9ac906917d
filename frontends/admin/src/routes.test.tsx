import { isReservedHandle } from '@plantfolk/api-client';
import { describeRouteContract, renderRoutes } from '@plantfolk/ui/testing';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routes } from './routes';

function answerHealthWith(response: () => Promise<Response>) {
  // The overview's own numbers come from another call, answered apart.
  const fetchMock = vi.fn<typeof fetch>((input) =>
    String(input).startsWith('/api/iam/admin/overview')
      ? json({
          status: 'success',
          data: { counts: [], queues: [], queues_error: null, recent_audit: [] },
        })
      : response(),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const json = (body: unknown, status = 200) =>
  Promise.resolve(
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );

describe('admin routes', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('registers only the routes it implements', () => {
    expect(routes.map((route) => route.path)).toEqual([
      '/admin',
      '/admin/users/registered',
      '/admin/users/incomplete',
      '/admin/tags',
      '/admin/audit',
      '/admin/forms',
      '/admin/database',
      '/admin/email',
      '/admin/settings',
      '/admin/settings/video',
      '/settings/location',
    ]);
  });

  it('shows live PostgreSQL, Redis and version from GET /api/health', async () => {
    const fetchMock = answerHealthWith(() =>
      json({
        status: 'success',
        data: { status: 'ok', postgres: 'up', redis: 'up', version: '0.1.0' },
      }),
    );
    renderRoutes(routes, '/admin');

    const status = await screen.findByTestId('system-status');
    expect(fetchMock.mock.calls.map((call) => call[0])).toContain('/api/health');
    expect(within(status).getByText('Reachable')).toBeInTheDocument();
    expect(within(status).getAllByText('Up')).toHaveLength(2);
    expect(within(status).getByText('0.1.0')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('names the component that is down when the API answers 503', async () => {
    answerHealthWith(() =>
      json(
        {
          status: 'error',
          error: {
            code: 'DEPENDENCY_DOWN',
            message: 'Redis is not answering',
            details: { postgres: 'up', redis: 'down' },
          },
        },
        503,
      ),
    );
    renderRoutes(routes, '/admin');

    expect(await screen.findByText('Redis is not answering')).toBeInTheDocument();
    const status = screen.getByTestId('system-status');
    expect(within(status).getByText('Up')).toBeInTheDocument();
    expect(within(status).getByText('Down')).toBeInTheDocument();
  });

  it('says plainly when the API cannot be reached', async () => {
    answerHealthWith(() => Promise.reject(new TypeError('Failed to fetch')));
    renderRoutes(routes, '/admin');

    expect(
      await screen.findByText('The API is unreachable', {}, { timeout: 3000 }),
    ).toBeInTheDocument();
    expect(
      within(screen.getByTestId('system-status')).getByText('Unreachable'),
    ).toBeInTheDocument();
  });

  it('links to the member lists', async () => {
    answerHealthWith(() =>
      json({
        status: 'success',
        data: { status: 'ok', postgres: 'up', redis: 'up', version: '1' },
      }),
    );
    renderRoutes(routes, '/admin');

    expect(await screen.findByRole('link', { name: 'Registered members' })).toHaveAttribute(
      'href',
      '/admin/users/registered',
    );
    expect(screen.getByRole('link', { name: 'Incomplete profiles' })).toHaveAttribute(
      'href',
      '/admin/users/incomplete',
    );
  });

  it('links to the API docs and the queue dashboard as full pages', async () => {
    answerHealthWith(() =>
      json({
        status: 'success',
        data: { status: 'ok', postgres: 'up', redis: 'up', version: '1' },
      }),
    );
    renderRoutes(routes, '/admin');

    expect(await screen.findByRole('link', { name: /API documentation/ })).toHaveAttribute(
      'href',
      '/api/docs',
    );
    expect(screen.getByRole('link', { name: /Queue dashboard/ })).toHaveAttribute(
      'href',
      '/admin/queues',
    );
  });
});

describeRouteContract(
  'admin',
  routes,
  {
    '/admin': 'admin-auth',
    '/admin/users/registered': 'admin-auth',
    '/admin/users/incomplete': 'admin-auth',
    '/admin/tags': 'admin-auth',
    '/admin/audit': 'admin-auth',
    '/admin/forms': 'admin-auth',
    '/admin/database': 'admin-auth',
    '/admin/email': 'admin-auth',
    '/admin/settings': 'admin-auth',
    '/admin/settings/video': 'admin-auth',
    '/settings/location': 'admin-auth',
  },
  isReservedHandle,
);
