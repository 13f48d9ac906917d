import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { EventDate } from '../api/events-api';
import {
  browseAsGuest,
  fail,
  fakeApi,
  fakeDate,
  fakeEvent,
  fern,
  maria,
  okWith,
  ok,
  RANDOM_ID,
  renderEvents,
  responder,
  signIn,
} from '../testing/events-test-kit';

const DETAILS = /^\/api\/iam\/events\/details\/Sw4pMeet01\/[^/]+$/;

const secondDateWithMaria = (patch: Partial<EventDate> = {}) =>
  fakeDate(1, {
    counts: { going: 1, maybe: 0, not_going: 0 },
    event_attendees: [
      {
        id: 'a0000000-0000-4000-8000-000000000001',
        user_id: maria.uuid,
        status: 'GOING',
        bring: 'two monstera cuttings',
        updated_at: '2030-11-01T00:00:00.000Z',
      },
    ],
    ...patch,
  });

const dateSection = (name: RegExp) =>
  screen
    .getAllByTestId('event-date')
    .find((section) => within(section).queryByRole('heading', { name }))!;

describe('the event page', () => {
  it('shows a guest everything, read-only, with a way to log in to answer', async () => {
    browseAsGuest();
    const api = fakeApi().on(
      'GET',
      DETAILS,
      okWith(fakeEvent({ dates: [fakeDate(0), secondDateWithMaria()] }), [
        responder(fern),
        responder(maria),
      ]),
    );
    renderEvents(`/event/${RANDOM_ID}`);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Monstera swap' }),
    ).toBeInTheDocument();
    expect(api.requestsTo('GET', DETAILS)[0]?.path).toBe('/api/iam/events/details/Sw4pMeet01/null');
    expect(screen.getByText('Every week on Saturday for 4 times')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'fern' })).toHaveAttribute('href', '/fern');
    expect(
      screen.getByText('Fitzroy Community Hall, 12 Fern St, Fitzroy, Victoria'),
    ).toBeInTheDocument();

    const second = dateSection(/Sat, 23 Nov 2030/);
    expect(within(second).getByText('10:00 am – 12:00 pm AEDT')).toBeInTheDocument();
    expect(within(second).queryByRole('button', { name: /^Going/ })).not.toBeInTheDocument();
    expect(within(second).getByRole('list', { name: /Answers for/ })).toHaveTextContent('Going: 1');
    expect(within(second).getByRole('list', { name: /What people bring/ })).toHaveTextContent(
      'maria (going)two monstera cuttings',
    );
    expect(within(second).getByRole('link', { name: 'Log in to answer' })).toHaveAttribute(
      'href',
      '/auth/login?redirect=%2Fevent%2FSw4pMeet01',
    );
    expect(screen.getByRole('link', { name: 'Subscribe to every date' })).toHaveAttribute(
      'href',
      `webcal://localhost/api/events/calendar/event/${RANDOM_ID}.ics`,
    );
    // No tile server configured: the address only, no map.
    expect(screen.queryByRole('img', { name: /^Map of/ })).not.toBeInTheDocument();
  });

  it('looks up the people the API did not name, and shows them', async () => {
    browseAsGuest();
    const api = fakeApi()
      .on('GET', DETAILS, okWith(fakeEvent({ dates: [fakeDate(0), secondDateWithMaria()] }), []))
      .on('GET', `/api/user/get-user-by-uuid/${fern.uuid}`, ok(responder(fern)))
      .on('GET', `/api/user/get-user-by-uuid/${maria.uuid}`, ok(responder(maria)));
    renderEvents(`/event/${RANDOM_ID}`);

    await screen.findByRole('heading', { level: 1, name: 'Monstera swap' });
    const second = dateSection(/Sat, 23 Nov 2030/);
    expect(
      await within(second).findByRole('list', { name: /What people bring/ }),
    ).toHaveTextContent('maria (going)two monstera cuttings');
    expect(within(second).getByRole('list', { name: 'Going (1)' })).toHaveTextContent('maria');
    expect(screen.getByRole('link', { name: 'fern' })).toHaveAttribute('href', '/fern');
    expect(api.requestsTo('GET', /^\/api\/user\/get-user-by-uuid\//)).toHaveLength(2);
  });

  it('lets a member answer for one date and say what they bring', async () => {
    const user = userEvent.setup();
    signIn(maria);
    const api = fakeApi()
      .on('GET', DETAILS, okWith(fakeEvent(), [responder(fern)]))
      .on('PUT', '/api/iam/events/upsert-attend-specific', (request) => {
        const body = request.body as { status: 'GOING'; bring?: string | null };
        return ok(
          fakeDate(1, {
            counts: { going: 1, maybe: 0, not_going: 0 },
            my_status: body.status,
            my_bring: body.bring ?? null,
            my_attendance_id: 'a0000000-0000-4000-8000-000000000002',
            event_attendees: [
              {
                id: 'a0000000-0000-4000-8000-000000000002',
                user_id: maria.uuid,
                status: body.status,
                bring: body.bring ?? null,
                updated_at: '2030-11-01T00:00:00.000Z',
              },
            ],
          }),
        );
      });
    renderEvents(`/event/${RANDOM_ID}`);

    await screen.findByRole('heading', { level: 1, name: 'Monstera swap' });
    const second = dateSection(/Sat, 23 Nov 2030/);
    await user.click(within(second).getByRole('button', { name: /^Going/ }));

    await waitFor(() =>
      expect(within(second).getByRole('button', { name: /^Going/ })).toHaveAttribute(
        'aria-pressed',
        'true',
      ),
    );
    expect(within(second).getByRole('button', { name: /^Going/ })).toHaveTextContent('Going1');
    const [answer] = api.requestsTo('PUT', '/api/iam/events/upsert-attend-specific');
    expect(answer?.body).toEqual({ specificId: fakeDate(1).id, status: 'GOING' });
    expect(answer?.headers.get('x-csrf-token')).toBe('csrf-maria');
    // The first date is untouched.
    expect(
      within(dateSection(/Sat, 16 Nov 2030/)).getByRole('button', { name: /^Going/ }),
    ).toHaveAttribute('aria-pressed', 'false');

    await user.type(
      await within(second).findByRole('textbox', { name: 'I bring' }),
      'two monstera cuttings',
    );
    await user.click(within(second).getByRole('button', { name: 'Save' }));

    expect(await within(second).findByText('Saved.')).toBeInTheDocument();
    expect(api.requestsTo('PUT', '/api/iam/events/upsert-attend-specific')[1]?.body).toEqual({
      specificId: fakeDate(1).id,
      status: 'GOING',
      bring: 'two monstera cuttings',
    });
    expect(within(second).getByRole('list', { name: /What people bring/ })).toHaveTextContent(
      'maria (going)two monstera cuttings',
    );
  });

  it('says why an answer was not saved, and changes nothing', async () => {
    const user = userEvent.setup();
    signIn(maria);
    fakeApi()
      .on('GET', DETAILS, okWith(fakeEvent(), [responder(fern)]))
      .on(
        'PUT',
        '/api/iam/events/upsert-attend-specific',
        fail(409, 'DATE_CANCELLED', 'This date is cancelled'),
      );
    renderEvents(`/event/${RANDOM_ID}`);

    await screen.findByRole('heading', { level: 1, name: 'Monstera swap' });
    const first = dateSection(/Sat, 16 Nov 2030/);
    await user.click(within(first).getByRole('button', { name: /^Maybe/ }));

    expect(await within(first).findByRole('alert')).toHaveTextContent('This date is cancelled');
    expect(within(first).getByRole('button', { name: /^Maybe/ })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });

  it('shows cancelled and past dates without answer buttons', async () => {
    signIn(maria);
    fakeApi().on(
      'GET',
      DETAILS,
      okWith(
        fakeEvent({
          dates: [fakeDate(0, { past: true }), fakeDate(1, { cancelled: true })],
        }),
        [responder(fern)],
      ),
    );
    renderEvents(`/event/${RANDOM_ID}`);

    await screen.findByRole('heading', { level: 1, name: 'Monstera swap' });
    expect(screen.queryByRole('group', { name: /Your answer/ })).not.toBeInTheDocument();
    expect(within(dateSection(/Sat, 23 Nov 2030/)).getByText('Cancelled')).toBeInTheDocument();
    expect(within(dateSection(/Sat, 16 Nov 2030/)).getByText('Over')).toBeInTheDocument();
  });

  it('offers the organiser an edit link, and a map when tiles are configured', async () => {
    signIn(fern);
    fakeApi()
      .on('GET', DETAILS, okWith(fakeEvent({ can_edit: true }), [responder(fern)]))
      .on(
        'GET',
        '/runtime-config.json',
        () =>
          new Response(
            JSON.stringify({
              mapTiles: { url: 'https://tiles.test/{z}/{x}/{y}.png', attribution: '© Map makers' },
            }),
            { headers: { 'content-type': 'application/json' } },
          ),
      );
    renderEvents(`/event/${RANDOM_ID}`);

    expect(await screen.findByRole('link', { name: 'Edit event' })).toHaveAttribute(
      'href',
      `/event/${RANDOM_ID}/edit`,
    );
    expect(screen.getByRole('button', { name: /^Share event / })).toBeInTheDocument();
    expect(
      await screen.findByRole('img', {
        name: 'Map of Fitzroy Community Hall, 12 Fern St, Fitzroy, Victoria',
      }),
    ).toBeInTheDocument();
    expect(screen.getByText('© Map makers')).toBeInTheDocument();
  });

  it('loads later dates on demand', async () => {
    const user = userEvent.setup();
    browseAsGuest();
    const api = fakeApi()
      .on('GET', DETAILS, okWith(fakeEvent({ dates_next_cursor: 'cursor-2' }), [responder(fern)]))
      .on(
        'GET',
        `/api/events/more/${RANDOM_ID}`,
        okWith({ items: [fakeDate(2)], next_cursor: null }, []),
      );
    renderEvents(`/event/${RANDOM_ID}`);

    await user.click(await screen.findByRole('button', { name: 'Show later dates' }));

    expect(await screen.findByRole('heading', { name: /Sat, 30 Nov 2030/ })).toBeInTheDocument();
    expect(
      api.requestsTo('GET', `/api/events/more/${RANDOM_ID}`)[0]?.url.searchParams.get('cursorId'),
    ).toBe('cursor-2');
    expect(screen.queryByRole('button', { name: 'Show later dates' })).not.toBeInTheDocument();
  });

  it('is a 404 for an event that does not exist', async () => {
    browseAsGuest();
    fakeApi().on('GET', DETAILS, fail(404, 'EVENT_NOT_FOUND', 'Event not found'));
    renderEvents(`/event/${RANDOM_ID}`);

    expect(
      await screen.findByText('This event does not exist, or it is not shared with you.'),
    ).toBeInTheDocument();
    expect(screen.getByTestId('error-status')).toHaveTextContent('404');
  });
});
