import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  EVENT_ID,
  fakeApi,
  fakeDate,
  fakeEvent,
  fern,
  maria,
  ok,
  okWith,
  RANDOM_ID,
  renderEvents,
  responder,
  signIn,
} from '../testing/events-test-kit';

const DETAILS = /^\/api\/iam\/events\/details\/Sw4pMeet01\/[^/]+$/;

describe('editing an event', () => {
  it('tells someone who may not change it, and shows no form', async () => {
    signIn(maria);
    fakeApi().on('GET', DETAILS, okWith(fakeEvent({ can_edit: false }), [responder(fern)]));
    renderEvents(`/event/${RANDOM_ID}/edit`);

    expect(await screen.findByText('You cannot change this event.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Save/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the event' })).toHaveAttribute(
      'href',
      `/event/${RANDOM_ID}`,
    );
  });

  it('cancels one date only', async () => {
    const user = userEvent.setup();
    signIn(fern);
    const api = fakeApi()
      .on('GET', DETAILS, okWith(fakeEvent({ can_edit: true }), [responder(fern)]))
      .on('PUT', '/api/iam/events/update-specific', ok(fakeDate(1, { cancelled: true })));
    const { router } = renderEvents(`/event/${RANDOM_ID}/edit?scope=date&date=${fakeDate(1).id}`);

    await user.click(await screen.findByRole('checkbox', { name: /Cancel this date/ }));
    await user.click(screen.getByRole('button', { name: 'Save this date' }));

    await waitFor(() => expect(router.state.location.pathname).toBe(`/event/${RANDOM_ID}`));
    expect(api.requestsTo('PUT', '/api/iam/events/update-specific')[0]?.body).toEqual({
      specificId: fakeDate(1).id,
      title: null,
      description: null,
      cancelled: true,
    });
  });

  it('changes this and future dates: the details, and the schedule only when it changed', async () => {
    const user = userEvent.setup();
    signIn(fern);
    const api = fakeApi()
      .on('GET', DETAILS, okWith(fakeEvent({ can_edit: true }), [responder(fern)]))
      .on('PUT', '/api/iam/events/update', ok(fakeEvent({ can_edit: true })))
      .on('PUT', '/api/iam/events/future-dates/update', ok(fakeEvent({ can_edit: true })));
    const { router } = renderEvents(`/event/${RANDOM_ID}/edit`);

    const title = await screen.findByRole('textbox', { name: /^Title/ });
    await user.clear(title);
    await user.type(title, 'Monstera and fern swap');
    fireEvent.change(screen.getByLabelText(/^Ends/), { target: { value: '13:00' } });
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(router.state.location.pathname).toBe(`/event/${RANDOM_ID}`));
    expect(api.requestsTo('PUT', '/api/iam/events/update')[0]?.body).toEqual({
      eventId: EVENT_ID,
      title: 'Monstera and fern swap',
      description: 'Bring cuttings, take cuttings.',
      privacy: 'public',
    });
    expect(api.requestsTo('PUT', '/api/iam/events/future-dates/update')[0]?.body).toEqual({
      eventId: EVENT_ID,
      time_zone: 'Australia/Melbourne',
      start_date: '2030-11-16',
      start_time: '10:00',
      end_time: '13:00',
      recurrence: { frequency: 'weekly', interval: 1, count: 4, until: null },
    });
  });

  it('leaves the schedule alone when only the details changed', async () => {
    const user = userEvent.setup();
    signIn(fern);
    const api = fakeApi()
      .on('GET', DETAILS, okWith(fakeEvent({ can_edit: true }), [responder(fern)]))
      .on('PUT', '/api/iam/events/update', ok(fakeEvent({ can_edit: true })));
    const { router } = renderEvents(`/event/${RANDOM_ID}/edit`);

    await user.click(await screen.findByRole('radio', { name: 'Members only' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(router.state.location.pathname).toBe(`/event/${RANDOM_ID}`));
    expect(api.requestsTo('PUT', '/api/iam/events/update')[0]?.body).toMatchObject({
      privacy: 'members',
    });
    expect(api.requestsTo('PUT', '/api/iam/events/future-dates/update')).toHaveLength(0);
  });
});
