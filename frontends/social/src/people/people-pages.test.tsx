import { fakePlantListing, fakeResponder, ok, okWith } from '@plantfolk/api-client/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  browseAsGuest,
  fakeApi,
  fernProfile,
  renderSocial,
  signIn,
  stubCanvas,
  stubIntersectionObserver,
} from '../testing/social-test-kit';

const person = (n: number, extra: Record<string, unknown> = {}) => ({
  ...fakeResponder({
    uuid: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    username: `grower${n}`,
    display_name: n % 2 ? `Grower ${n}` : null,
    suburb_city: 'Fitzroy',
    state: 'Victoria',
  }),
  bio: null,
  ...extra,
});

beforeEach(() => {
  stubCanvas();
  stubIntersectionObserver();
});

describe('/users: the people directory', () => {
  it('lists the newest members, each linking to their profile, and switches to by-name order', async () => {
    browseAsGuest();
    const api = fakeApi().on('GET', '/api/users', (request) =>
      ok(
        request.url.searchParams.get('order') === 'name'
          ? { items: [person(9, { username: 'aloe_amy' })], next_cursor: null }
          : { items: [person(1), person(2)], next_cursor: null },
      ),
    );
    const { router } = renderSocial('/users');

    const list = await screen.findByLabelText('Newest people');
    expect(within(list).getByRole('link', { name: 'Grower 1' })).toHaveAttribute(
      'href',
      '/grower1',
    );
    expect(within(list).getByRole('link', { name: 'grower2' })).toHaveAttribute('href', '/grower2');
    expect(within(list).getByText(/@grower1 · Fitzroy, Victoria/)).toBeInTheDocument();
    // Guests are not offered people nearby (a members' screen).
    expect(screen.queryByRole('link', { name: 'People near you' })).not.toBeInTheDocument();

    await userEvent.setup().click(screen.getByRole('radio', { name: 'By name' }));
    expect(await screen.findByRole('link', { name: 'Grower 9' })).toHaveAttribute(
      'href',
      '/aloe_amy',
    );
    expect(router.state.location.search).toBe('?order=name');
    expect(api.requestsTo('GET', '/api/users').map((r) => r.url.searchParams.get('order'))).toEqual(
      ['newest', 'name'],
    );
  });

  it('loads the next page by cursor when asked', async () => {
    signIn();
    const api = fakeApi().on('GET', '/api/users', (request) =>
      ok(
        request.url.searchParams.get('cursorId') === 'c2'
          ? { items: [person(3)], next_cursor: null }
          : { items: [person(1), person(2)], next_cursor: 'c2' },
      ),
    );
    renderSocial('/users');
    await screen.findByRole('link', { name: 'Grower 1' });
    expect(screen.getByRole('link', { name: 'People near you' })).toHaveAttribute(
      'href',
      '/users/nearby',
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Show more people' }));
    expect(await screen.findByRole('link', { name: 'Grower 3' }, { timeout: 3000 })).toBeVisible();
    expect(
      api.requestsTo('GET', '/api/users').map((r) => r.url.searchParams.get('cursorId')),
    ).toEqual([null, 'c2']);
  });

  it('says so when the directory cannot be loaded, and tries again', async () => {
    browseAsGuest();
    let calls = 0;
    fakeApi().on('GET', '/api/users', () =>
      ++calls === 1
        ? { status: 500, error: { code: 'INTERNAL' } }
        : ok({ items: [person(5)], next_cursor: null }),
    );
    renderSocial('/users');
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Grower 5' })).toBeInTheDocument();
  });
});

describe('/users/nearby: people near a member', () => {
  it('asks for 20 members nearest the home in the profile and shows their distance', async () => {
    const me = signIn();
    const api = fakeApi().on(
      'PUT',
      '/api/users/nearby',
      ok([
        { ...person(1), distance_km: 1, location: { latitude: -37.795, longitude: 144.975 } },
        { ...person(2), distance_km: 12, location: { latitude: -37.9, longitude: 145.1 } },
      ]),
    );
    renderSocial('/users/nearby');
    const list = await screen.findByRole('region', { name: 'Nearest members' });
    expect(within(list).getByRole('link', { name: 'Grower 1' })).toHaveAttribute(
      'href',
      '/grower1',
    );
    expect(within(list).getByText(/1 km away/)).toBeInTheDocument();
    expect(within(list).getByText(/12 km away/)).toBeInTheDocument();
    expect(api.requestsTo('PUT', '/api/users/nearby')[0].body).toEqual({
      userId: me.uuid,
      latitude: fernProfile.location?.latitude,
      longitude: fernProfile.location?.longitude,
      take: 20,
    });
  });

  it('refetches on the next visit only when the list held one or fewer', async () => {
    signIn();
    const api = fakeApi().on(
      'PUT',
      '/api/users/nearby',
      ok([{ ...person(1), distance_km: 3, location: { latitude: -37.8, longitude: 145 } }]),
    );
    const { router } = renderSocial('/users/nearby');
    await screen.findByRole('link', { name: 'Grower 1' });
    api.on('GET', '/api/users', ok({ items: [], next_cursor: null }));
    await router.navigate('/users');
    await screen.findByText('Nobody has joined yet.');
    await router.navigate('/users/nearby');
    await waitFor(() => expect(api.requestsTo('PUT', '/api/users/nearby')).toHaveLength(2));
  });

  it('keeps a list of two or more on the next visit', async () => {
    signIn();
    const api = fakeApi()
      .on('GET', '/api/users', ok({ items: [], next_cursor: null }))
      .on(
        'PUT',
        '/api/users/nearby',
        ok([
          { ...person(1), distance_km: 3, location: { latitude: -37.8, longitude: 145 } },
          { ...person(2), distance_km: 4, location: { latitude: -37.8, longitude: 145 } },
        ]),
      );
    const { router } = renderSocial('/users/nearby');
    await screen.findByRole('link', { name: 'grower2' });
    await router.navigate('/users');
    await screen.findByText('Nobody has joined yet.');
    await router.navigate('/users/nearby');
    await screen.findByRole('link', { name: 'grower2' });
    expect(api.requestsTo('PUT', '/api/users/nearby')).toHaveLength(1);
  });

  it('says when nobody lives nearby, with a way to everyone', async () => {
    signIn();
    fakeApi().on('PUT', '/api/users/nearby', ok([]));
    renderSocial('/users/nearby');
    expect(await screen.findByText(/Nobody else lives near you yet/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See everyone' })).toHaveAttribute('href', '/users');
  });
});

describe('home: near you', () => {
  const feed = {
    data: { contentItems: [], counts: { posts: 0, plants: 0 }, next_cursor: null },
    responders: [],
  };

  it('places a guest by their IP address, with the database’s credit, and shows plants and pages', async () => {
    browseAsGuest();
    const api = fakeApi()
      .on('GET', '/api/content-items/recent', feed)
      .on(
        'GET',
        '/api/location/from-ip',
        ok({
          latitude: -33.865,
          longitude: 151.205,
          fallback: false,
          city: 'Sydney',
          state: 'New South Wales',
          country_code: 'AU',
          attribution: { text: 'IP Geolocation by DB-IP', url: 'https://db-ip.com' },
        }),
      )
      .on(
        'PUT',
        '/api/plants/avail-nearby',
        okWith([{ ...fakePlantListing({ name: 'Spare monstera' }), distance_km: 2 }], []),
      )
      .on('GET', '/api/page/location/nearby-pages', ok([]));
    renderSocial('/');

    const section = await screen.findByRole('region', { name: 'Near you' });
    expect(await within(section).findByText('Around Sydney', { exact: false })).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'IP Geolocation by DB-IP' })).toHaveAttribute(
      'href',
      'https://db-ip.com',
    );
    const plant = await within(section).findByRole('link', { name: 'Spare monstera' });
    expect(plant.getAttribute('href')).toMatch(/^\/plant\//);
    expect(within(section).getByText('2 km away')).toBeInTheDocument();
    expect(await within(section).findByText('No pages nearby yet.')).toBeInTheDocument();
    // Guests are not shown people (a members' list) and never ask for them.
    expect(within(section).queryByRole('heading', { name: 'People' })).not.toBeInTheDocument();
    expect(api.requestsTo('PUT', '/api/users/nearby')).toHaveLength(0);
    expect(api.requestsTo('PUT', '/api/plants/avail-nearby')[0].body).toEqual({
      latitude: -33.865,
      longitude: 151.205,
    });
  });

  it('places a member at their home and lists people near them too', async () => {
    const me = signIn();
    const api = fakeApi()
      .on('GET', '/api/iam/posts/init-recent', {
        data: { items: [], next_cursor: null },
        responders: [],
      })
      .on('PUT', '/api/plants/avail-nearby', okWith([], []))
      .on('GET', '/api/page/location/nearby-pages', ok([]))
      .on(
        'PUT',
        '/api/users/nearby',
        ok([{ ...person(4), distance_km: 5, location: { latitude: -37.8, longitude: 145 } }]),
      );
    renderSocial('/');
    const section = await screen.findByRole('region', { name: 'Near you' });
    expect(await within(section).findByRole('link', { name: '@grower4' })).toHaveAttribute(
      'href',
      '/grower4',
    );
    expect(within(section).getByRole('link', { name: 'All people near you' })).toHaveAttribute(
      'href',
      '/users/nearby',
    );
    expect(api.requestsTo('GET', '/api/location/from-ip')).toHaveLength(0);
    expect(api.requestsTo('PUT', '/api/plants/avail-nearby')[0].body).toMatchObject({
      uuid: me.uuid,
      latitude: fernProfile.location?.latitude,
    });
  });
});
