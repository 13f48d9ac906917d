import { fireEvent, screen, waitFor, within } from '@testing-library/react';
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
    // As a browser's time picker does: an `input` event, then a `change`.
    fireEvent.input(screen.getByLabelText(/^Ends/), { target: { value: '13:00' } });
    fireEvent.change(screen.getByLabelText(/^Ends/));
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

  it('moves one date to a place of its own with the place picker, and back to the event’s', async () => {
    const user = userEvent.setup();
    signIn(fern);
    const park = {
      name: 'Edinburgh Gardens',
      locality: null,
      state: 'Victoria',
      country: 'Australia',
      country_code: 'AU',
      latitude: -37.785,
      longitude: 144.982,
      kind: 'locality',
      label: 'Edinburgh Gardens, Victoria, Australia',
    };
    const api = fakeApi()
      .on('GET', DETAILS, okWith(fakeEvent({ can_edit: true }), [responder(fern)]))
      .on('GET', '/api/location/places', ok([park]))
      .on('PUT', '/api/iam/events/update-specific', ok(fakeDate(1)));
    const { router } = renderEvents(`/event/${RANDOM_ID}/edit?scope=date&date=${fakeDate(1).id}`);

    await user.click(await screen.findByRole('radio', { name: /Somewhere else, this date only/ }));
    await user.click(screen.getByRole('button', { name: 'Save this date' }));
    expect(await screen.findByText('Choose where this date takes place.')).toBeInTheDocument();
    expect(api.requestsTo('PUT', '/api/iam/events/update-specific')).toHaveLength(0);

    await user.type(screen.getByRole('combobox', { name: /^Where, this date/ }), 'Edinburgh');
    await user.click(await screen.findByRole('option', { name: park.label }));
    await user.type(screen.getByRole('textbox', { name: /^Venue, this date/ }), 'The rotunda');
    await user.click(screen.getByRole('button', { name: 'Save this date' }));

    await waitFor(() => expect(router.state.location.pathname).toBe(`/event/${RANDOM_ID}`));
    expect(api.requestsTo('PUT', '/api/iam/events/update-specific')[0]?.body).toEqual({
      specificId: fakeDate(1).id,
      title: null,
      description: null,
      location: {
        name: 'The rotunda',
        address: null,
        suburb_city: 'Edinburgh Gardens',
        state: 'Victoria',
        country: 'Australia',
        latitude: -37.785,
        longitude: 144.982,
      },
    });
  });

  it('clears a date’s own place when it goes back to the event’s', async () => {
    const user = userEvent.setup();
    signIn(fern);
    const moved = fakeDate(1, {
      location_overridden: true,
      location: {
        id: 'a0000000-0000-4000-8000-00000000000a',
        name: 'The rotunda',
        address: null,
        suburb_city: 'Edinburgh Gardens',
        state: 'Victoria',
        country: 'Australia',
        latitude: -37.785,
        longitude: 144.982,
      },
    });
    const api = fakeApi()
      .on(
        'GET',
        DETAILS,
        okWith(fakeEvent({ can_edit: true, dates: [moved, fakeDate(2)] }), [responder(fern)]),
      )
      .on('PUT', '/api/iam/events/update-specific', ok(fakeDate(1)));
    const { router } = renderEvents(`/event/${RANDOM_ID}/edit?scope=date&date=${moved.id}`);

    expect(await screen.findByRole('radio', { name: /Somewhere else/ })).toBeChecked();
    expect(screen.getByRole('textbox', { name: /^Venue, this date/ })).toHaveValue('The rotunda');
    await user.click(screen.getByRole('radio', { name: /Where the event takes place/ }));
    await user.click(screen.getByRole('button', { name: 'Save this date' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/event/${RANDOM_ID}`));
    expect(api.requestsTo('PUT', '/api/iam/events/update-specific')[0]?.body).toEqual({
      specificId: moved.id,
      title: null,
      description: null,
      location: null,
    });
  });

  it('deletes the event after a confirmation, then lists events with a status message', async () => {
    const user = userEvent.setup();
    signIn(fern);
    const api = fakeApi()
      .on('GET', DETAILS, okWith(fakeEvent({ can_edit: true }), [responder(fern)]))
      .on('DELETE', '/api/iam/events', ok({ eventId: EVENT_ID, deleted: true }))
      .on('GET', '/api/events/all/nearby', ok({ items: [], next_cursor: null }))
      .on('GET', '/api/iam/events/calendar/member-feed', ok({ active: false, created_at: null }));
    const { router } = renderEvents(`/event/${RANDOM_ID}/edit`);

    await user.click(await screen.findByRole('button', { name: 'Delete event' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete “Monstera swap”?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep the event' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.requestsTo('DELETE', '/api/iam/events')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete event' }));
    const again = await screen.findByRole('dialog', { name: 'Delete “Monstera swap”?' });
    await user.click(within(again).getByRole('button', { name: 'Delete event' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/events'));
    const notice = await screen.findByText('“Monstera swap” was deleted.');
    expect(notice.closest('[role="status"]')).not.toBeNull();
    const [removed] = api.requestsTo('DELETE', '/api/iam/events');
    expect(removed?.body).toEqual({ eventId: EVENT_ID, userId: fern.uuid });
    expect(removed?.headers.get('x-csrf-token')).toBe(fern.csrf_token);
  });
});
