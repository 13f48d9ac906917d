import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  fakeApi,
  fakeDate,
  fakeSummary,
  fern,
  ok,
  renderEvents,
  signIn,
  stubIntersectionObserver,
} from '../testing/events-test-kit';

const later = (n: number, title: string) => {
  const date = fakeDate(n);
  return fakeSummary({
    id: `e000000${n}-0000-4000-8000-000000000000`,
    random_id: `Later0000${n}`,
    title,
    next_date: {
      id: date.id,
      local_date: date.local_date,
      starts_at: date.starts_at,
      ends_at: date.ends_at,
      title,
      cancelled: false,
      counts: { going: 0, maybe: 0, not_going: 0 },
      my_status: 'GOING',
    },
  });
};

describe('the events list', () => {
  it('shows a member their own events, page by page', async () => {
    const user = userEvent.setup();
    stubIntersectionObserver();
    signIn(fern);
    const api = fakeApi().on('GET', `/api/iam/events/get-by-user/${fern.uuid}`, (request) =>
      request.url.searchParams.get('cursorId') === 'page-2'
        ? ok({ items: [later(3, 'Seed library')], next_cursor: null })
        : ok({ items: [later(1, 'Monstera swap')], next_cursor: 'page-2' }),
    );
    renderEvents('/events?list=yours');

    const list = await screen.findByRole('feed', { name: 'Your events' });
    expect(within(list).getByRole('link', { name: 'Monstera swap' })).toBeInTheDocument();
    expect(within(list).getByText('You: Going')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Yours' })).toHaveAttribute('aria-current', 'page');

    await user.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await within(list).findByRole('link', { name: 'Seed library' })).toBeInTheDocument();
    expect(api.requestsTo('GET', `/api/iam/events/get-by-user/${fern.uuid}`)).toHaveLength(2);
  });

  it('asks the server for the chosen dates and loads further pages by cursor', async () => {
    const user = userEvent.setup();
    signIn(fern);
    const api = fakeApi().on('GET', '/api/events/all/nearby', (request) =>
      request.url.searchParams.get('cursorId') === 'near-2'
        ? ok({ items: [later(3, 'Seed library')], next_cursor: null })
        : ok({ items: [later(1, 'Monstera swap')], next_cursor: 'near-2' }),
    );
    renderEvents('/events?from=2030-12-01&to=2030-12-31');

    const list = await screen.findByRole('feed', { name: 'Events near Fitzroy, Victoria' });
    expect(within(list).getByRole('link', { name: 'Monstera swap' })).toBeInTheDocument();
    const [first] = api.requestsTo('GET', '/api/events/all/nearby');
    expect(first?.url.searchParams.get('from')).toBe('2030-12-01');
    expect(first?.url.searchParams.get('to')).toBe('2030-12-31');
    expect(first?.url.searchParams.has('cursorId')).toBe(false);
    expect(screen.getByRole('button', { name: 'Dates: 2030-12-01 to 2030-12-31' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );

    await user.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await within(list).findByRole('link', { name: 'Seed library' })).toBeInTheDocument();
    const requests = api.requestsTo('GET', '/api/events/all/nearby');
    expect(requests).toHaveLength(2);
    expect(requests[1]?.url.searchParams.get('cursorId')).toBe('near-2');
    expect(requests[1]?.url.searchParams.get('from')).toBe('2030-12-01');
  });

  it('says when no event near is on the chosen dates, and how to see them all', async () => {
    const user = userEvent.setup();
    signIn(fern);
    fakeApi().on('GET', '/api/events/all/nearby', (request) =>
      request.url.searchParams.has('from')
        ? ok({ items: [], next_cursor: null })
        : ok({ items: [later(1, 'Monstera swap')], next_cursor: null }),
    );
    const { router } = renderEvents('/events?from=2031-01-01');

    expect(await screen.findByText('No events on these dates')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show any date' }));
    expect(await screen.findByRole('link', { name: 'Monstera swap' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });
});
