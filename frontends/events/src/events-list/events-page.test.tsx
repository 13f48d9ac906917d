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

  it('filters by the local date of each event’s next date', async () => {
    signIn(fern);
    fakeApi().on(
      'GET',
      '/api/events/all/nearby',
      ok([later(1, 'Monstera swap'), later(3, 'Seed library')]),
    );
    // 23 Nov 2030 is the date of the first; 7 Dec 2030 that of the second.
    renderEvents('/events?from=2030-12-01&to=2030-12-31');

    const list = await screen.findByRole('feed', { name: 'Events near Fitzroy, Victoria' });
    expect(within(list).getAllByRole('article')).toHaveLength(1);
    expect(within(list).getByRole('link', { name: 'Seed library' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Dates: 2030-12-01 to 2030-12-31' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  });

  it('says when no event near is on the chosen dates, and how to see them all', async () => {
    const user = userEvent.setup();
    signIn(fern);
    fakeApi().on('GET', '/api/events/all/nearby', ok([later(1, 'Monstera swap')]));
    const { router } = renderEvents('/events?from=2031-01-01');

    expect(await screen.findByText('No events on these dates')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show any date' }));
    expect(await screen.findByRole('link', { name: 'Monstera swap' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });
});
