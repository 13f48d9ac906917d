import { isReservedHandle } from '@plantfolk/api-client';
import { describeRouteContract } from '@plantfolk/ui/testing';
import userEvent from '@testing-library/user-event';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { routes } from './routes';
import {
  browseAsGuest,
  fakeApi,
  fakeSummary,
  ok,
  renderEvents,
  signIn,
  fern,
} from './testing/events-test-kit';

describe('events routes', () => {
  it('registers the event screens of the route table', () => {
    expect(routes.map((route) => route.path)).toEqual([
      '/events',
      '/event/:randomId',
      '/event/:randomId/edit',
      '/:handle/events',
      '/:handle/events/new',
    ]);
    for (const route of routes) {
      expect(route.handle.layout, route.path).toBe('3-col');
      expect(route.handle.title, route.path).toBeTruthy();
    }
  });

  it('shows a guest the events near where their address says they are', async () => {
    browseAsGuest();
    const api = fakeApi()
      .on(
        'GET',
        '/api/location/from-ip',
        ok({
          latitude: -37.8,
          longitude: 144.98,
          fallback: false,
          city: 'Fitzroy',
          state: 'Victoria',
          country_code: 'AU',
          attribution: { text: 'IP Geolocation by DB-IP', url: 'https://db-ip.com' },
        }),
      )
      .on('GET', '/api/events/all/nearby', ok({ items: [fakeSummary()], next_cursor: null }));
    renderEvents('/events');

    expect(await screen.findByRole('heading', { level: 1, name: 'Events' })).toBeInTheDocument();
    const list = await screen.findByRole('feed', { name: 'Events near Fitzroy, Victoria' });
    expect(within(list).getByRole('link', { name: 'Monstera swap' })).toHaveAttribute(
      'href',
      '/event/Sw4pMeet01',
    );
    expect(within(list).getByText(/3 km away/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'IP Geolocation by DB-IP' })).toBeInTheDocument();
    const [nearby] = api.requestsTo('GET', '/api/events/all/nearby');
    expect(nearby?.url.searchParams.get('lat')).toBe('-37.8');
    expect(nearby?.url.searchParams.get('long')).toBe('144.98');
    expect(nearby?.url.searchParams.has('userId')).toBe(false);
  });

  it('shows a guest whose place is unknown the events near the site’s default point, and says so', async () => {
    const user = userEvent.setup();
    browseAsGuest();
    const api = fakeApi()
      .on(
        'GET',
        '/api/location/from-ip',
        ok({
          latitude: -33.87,
          longitude: 151.21,
          fallback: true,
          city: null,
          state: null,
          country_code: null,
          attribution: null,
        }),
      )
      .on('GET', '/api/events/all/nearby', ok({ items: [fakeSummary()], next_cursor: null }));
    renderEvents('/events');

    const list = await screen.findByRole('feed', { name: 'Events near the site’s default area' });
    expect(within(list).getByRole('link', { name: 'Monstera swap' })).toBeInTheDocument();
    expect(screen.getByTestId('default-place-note')).toHaveTextContent(
      /could not tell where you are.*default location.*Change the place/,
    );
    const [nearby] = api.requestsTo('GET', '/api/events/all/nearby');
    expect(nearby?.url.searchParams.get('lat')).toBe('-33.87');
    expect(nearby?.url.searchParams.get('long')).toBe('151.21');
    await user.click(screen.getByRole('button', { name: 'Change place' }));
    expect(await screen.findByRole('combobox', { name: 'Events near' })).toBeInTheDocument();
  });

  it('lists the events near a member’s own area, with an honest empty state', async () => {
    signIn(fern);
    const api = fakeApi().on('GET', '/api/events/all/nearby', ok({ items: [], next_cursor: null }));
    renderEvents('/events');

    const emptyState = await screen.findByTestId('events-empty-state');
    expect(
      within(emptyState).getByText('No events near Fitzroy, Victoria yet'),
    ).toBeInTheDocument();
    expect(
      within(emptyState).getByRole('link', { name: 'Organise the first one' }),
    ).toHaveAttribute('href', '/fern/events/new');
    expect(api.requestsTo('GET', '/api/location/from-ip')).toHaveLength(0);
    expect(api.requestsTo('GET', '/api/events/all/nearby')[0]?.url.searchParams.get('userId')).toBe(
      fern.uuid,
    );
  });
});

describeRouteContract(
  'events',
  routes,
  {
    '/events': 'guest-or-authd',
    '/event/:randomId': 'guest-or-authd',
    '/event/:randomId/edit': 'authd-only',
    '/:handle/events': 'guest-or-authd',
    '/:handle/events/new': 'trusted-only',
  },
  isReservedHandle,
);
