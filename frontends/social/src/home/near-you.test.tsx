import { fakeProfile, okWith } from '@plantfolk/api-client/testing';
import { renderRoutes } from '@plantfolk/ui/testing';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { viewerOf } from '../app/viewer';
import { fakeApi } from '../testing/social-test-kit';
import { NearYou } from './near-you';

const ok = <T,>(data: T) => okWith(data, []);

function plant(id: number, name: string, distance_km: number) {
  return {
    id: `p000000${id}-0000-4000-8000-000000000000`,
    random_id: `Plant0000${id}`,
    type: 'plant/image',
    user_id: `u000000${id}-0000-4000-8000-000000000000`,
    page_id: null,
    page: null,
    text: '',
    privacy: 'public',
    tags: [],
    photos: [],
    linkPreview: null,
    plant: {
      id: `a000000${id}-0000-4000-8000-000000000000`,
      post_id: `p000000${id}-0000-4000-8000-000000000000`,
      name,
      species: null,
      available: true,
      availability: 'Available',
      quantity: null,
      swap_terms: null,
      updated_at: '2030-11-01T00:00:00.000Z',
      distance_km,
    },
    reaction_count: 0,
    comment_count: 0,
    my_reaction_id: null,
    created_at: '2030-11-01T00:00:00.000Z',
    updated_at: '2030-11-01T00:00:00.000Z',
    bumped_at: '2030-11-01T00:00:00.000Z',
    edited_at: null,
    distance_km,
  };
}

const swap = {
  id: 'e0000001-0000-4000-8000-000000000000',
  random_id: 'Sw4pMeet01',
  creator_id: 'u0000009-0000-4000-8000-000000000000',
  page: null,
  privacy: 'public',
  title: 'Monstera swap',
  description: '',
  image: null,
  location: null,
  time_zone: 'Australia/Melbourne',
  recurrence_text: 'Once',
  // Saturday 7 December 2030, 10:00 in Melbourne.
  next_date: {
    id: 'd0000001-0000-4000-8000-000000000000',
    local_date: '2030-12-07',
    starts_at: '2030-12-06T23:00:00.000Z',
    ends_at: '2030-12-07T01:00:00.000Z',
    title: 'Monstera swap',
    cancelled: false,
    counts: { going: 0, maybe: 0, not_going: 0 },
    my_status: null,
  },
  distance_km: 3,
};

describe('Near you on the home page', () => {
  it('lists events near a guest’s fallback point, and each plant name once', async () => {
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
      .on(
        'PUT',
        '/api/plants/avail-nearby',
        ok([
          plant(1, 'Monstera', 2),
          plant(2, 'Monstera', 4),
          plant(3, 'monstera ', 6),
          plant(4, 'String of pearls', 5),
        ]),
      )
      .on('GET', '/api/events/nearby', ok([swap]))
      .on('GET', '/api/page/location/nearby-pages', ok([]));
    renderRoutes([{ path: '/', element: <NearYou viewer={viewerOf(false, null)} /> }]);

    const events = (await screen.findByRole('heading', { name: 'Events' })).parentElement!;
    const link = await within(events).findByRole('link', { name: 'Monstera swap' });
    expect(link).toHaveAttribute('href', '/event/Sw4pMeet01');
    expect(within(events).getByText('Sat, 7 Dec · 3 km away')).toBeInTheDocument();
    const [asked] = api.requestsTo('GET', '/api/events/nearby');
    expect(asked?.url.searchParams.get('lat')).toBe('-33.87');
    expect(asked?.url.searchParams.get('take')).toBe('4');
    expect(asked?.url.searchParams.has('userId')).toBe(false);

    const plants = screen.getByRole('heading', { name: 'Plants to share' }).parentElement!;
    await within(plants).findByRole('link', { name: 'Monstera' });
    expect(
      within(plants)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Monstera', 'String of pearls']);
    expect(within(plants).getByText('2 km away · 3 offers')).toBeInTheDocument();
  });

  it('lists events near a member’s own place, as the member', async () => {
    const member = fakeProfile();
    const api = fakeApi()
      .on('PUT', '/api/plants/avail-nearby', ok([]))
      .on('PUT', '/api/users/nearby', ok([]))
      .on('GET', '/api/events/nearby', ok([]))
      .on('GET', '/api/page/location/nearby-pages', ok([]));
    renderRoutes([{ path: '/', element: <NearYou viewer={viewerOf(true, member)} /> }]);

    expect(await screen.findByText('No events nearby yet.')).toBeInTheDocument();
    const [asked] = api.requestsTo('GET', '/api/events/nearby');
    expect(asked?.url.searchParams.get('lat')).toBe(String(member.location!.latitude));
    expect(asked?.url.searchParams.get('userId')).toBe(member.uuid);
    expect(screen.getByRole('link', { name: 'All events near you' })).toHaveAttribute(
      'href',
      '/events',
    );
  });
});
