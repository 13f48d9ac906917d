import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  browseAsGuest,
  fail,
  fakeApi,
  fakeSummary,
  fern,
  ok,
  renderEvents,
  signIn,
} from '../testing/events-test-kit';

const PAGE_ID = '3e4f5a6b-7c8d-4e9f-8a0b-1c2d3e4f5a6b';
const greenThumbs = {
  kind: 'page',
  page: {
    id: PAGE_ID,
    handle: 'green-thumbs',
    name: 'Green Thumbs Fitzroy',
    about: '',
    avatarUrl: null,
    owner_id: fern.uuid,
    location: null,
    tags: [],
    can_manage: true,
    created_at: '2030-01-01T00:00:00.000Z',
    updated_at: '2030-01-01T00:00:00.000Z',
  },
};

describe('a page’s or member’s events', () => {
  it('lists a page’s events, page by page, with its calendar feed', async () => {
    browseAsGuest();
    const api = fakeApi()
      .on(
        'GET',
        '/api/iam/posts/user-or-page-basic/green-thumbs',
        ok({ ...greenThumbs, page: { ...greenThumbs.page, can_manage: false } }),
      )
      .on(
        'GET',
        `/api/iam/events/get-by-page/${PAGE_ID}/20`,
        ok({ items: [fakeSummary()], next_cursor: null }),
      );
    renderEvents('/green-thumbs/events');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Events of Green Thumbs Fitzroy' }),
    ).toBeInTheDocument();
    const list = await screen.findByRole('feed', { name: 'Events of Green Thumbs Fitzroy' });
    expect(within(list).getByRole('link', { name: 'Monstera swap' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Subscribe to this page’s events' })).toHaveAttribute(
      'href',
      `webcal://${window.location.host}/api/events/calendar/page/${PAGE_ID}.ics`,
    );
    expect(screen.queryByRole('link', { name: 'New event' })).not.toBeInTheDocument();
    expect(api.requestsTo('GET', /get-by-page/)).toHaveLength(1);
  });

  it('offers the page’s trusted manager to create the first event', async () => {
    signIn(fern);
    fakeApi()
      .on('GET', '/api/iam/posts/user-or-page-basic/green-thumbs', ok(greenThumbs))
      .on('GET', `/api/iam/events/get-by-page/${PAGE_ID}/20`, ok({ items: [], next_cursor: null }));
    renderEvents('/green-thumbs/events');

    const empty = await screen.findByTestId('events-empty-state');
    expect(
      within(empty).getByText('Green Thumbs Fitzroy has no events to come'),
    ).toBeInTheDocument();
    expect(within(empty).getByRole('link', { name: 'Create an event' })).toHaveAttribute(
      'href',
      '/green-thumbs/events/new',
    );
  });

  it('is a 404 for a handle nobody has', async () => {
    browseAsGuest();
    fakeApi().on('GET', '/api/iam/posts/user-or-page-basic/nobody', fail(404, 'USER_NOT_FOUND'));
    renderEvents('/nobody/events');

    expect(
      await screen.findByRole('heading', { name: 'Page not found: /nobody/events' }),
    ).toBeInTheDocument();
  });
});
