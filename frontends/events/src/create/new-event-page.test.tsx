import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createTestQueryClient } from '@plantfolk/ui/testing';
import { describe, expect, it } from 'vitest';
import {
  EVENT_ID,
  fail,
  fakeApi,
  fakeEvent,
  fern,
  maria,
  ok,
  RANDOM_ID,
  renderEvents,
  signIn,
} from '../testing/events-test-kit';

const fernBasic = {
  kind: 'user',
  user: {
    uuid: fern.uuid,
    username: 'fern',
    display_name: null,
    avatar: null,
    suburb_city: 'Fitzroy',
    state: 'Victoria',
    country: 'Australia',
    bio: null,
  },
  counts: { plantsAll: 0, plantsAvail: 0 },
};

const fernStreet = {
  name: '12 Fern St',
  locality: 'Fitzroy',
  state: 'Victoria',
  country: 'Australia',
  country_code: 'AU',
  latitude: -37.8,
  longitude: 144.98,
  kind: 'address',
  label: '12 Fern St, Fitzroy, Victoria, Australia',
};

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

/**
 * Sets a date or time input the way a browser's picker does: an `input` event, then a `change`.
 * (React's onChange hears either; Preact's, on a text-like input, is the `input` event.)
 */
const setValue = (input: HTMLElement, value: string) => {
  fireEvent.input(input, { target: { value } });
  fireEvent.change(input);
};

describe('creating an event', () => {
  it('publishes a weekly event with its place, then shows it', async () => {
    const user = userEvent.setup();
    signIn(fern);
    const api = fakeApi()
      .on('GET', '/api/iam/posts/user-or-page-basic/fern', ok(fernBasic))
      .on('GET', '/api/location/places', ok([fernStreet]))
      .on('POST', '/api/iam/events/new', ok(fakeEvent({ can_edit: true }), 201));
    const { router } = renderEvents('/fern/events/new');

    await user.type(await screen.findByRole('textbox', { name: /^Title/ }), 'Monstera swap');
    await user.type(screen.getByRole('combobox', { name: /^Where/ }), '12 Fern');
    await user.click(await screen.findByRole('option', { name: fernStreet.label }));
    setValue(screen.getByLabelText(/^Date/), '2030-11-16');
    setValue(screen.getByLabelText(/^Starts/), '10:00');
    setValue(screen.getByLabelText(/^Ends/), '12:00');
    await user.click(screen.getByRole('radio', { name: 'Weekly' }));

    const preview = screen.getByTestId('recurrence-preview');
    expect(within(preview).getAllByRole('listitem')).toHaveLength(4);
    expect(within(preview).getAllByRole('listitem')[1]).toHaveTextContent('Sat, 23 Nov 2030');

    await user.click(screen.getByRole('button', { name: 'Publish event' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Monstera swap' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/event/${RANDOM_ID}`);
    const [created] = api.requestsTo('POST', '/api/iam/events/new');
    expect(created?.body).toEqual({
      title: 'Monstera swap',
      description: '',
      privacy: 'public',
      page_id: null,
      location: {
        name: null,
        address: '12 Fern St',
        suburb_city: 'Fitzroy',
        state: 'Victoria',
        country: 'Australia',
        latitude: -37.8,
        longitude: 144.98,
      },
      time_zone: expect.any(String),
      start_date: '2030-11-16',
      start_time: '10:00',
      end_time: '12:00',
      recurrence: { frequency: 'weekly', interval: 1, count: 4, until: null },
    });
  });

  it('publishes an event of a page and marks the page’s screens stale (its count of dates)', async () => {
    const user = userEvent.setup();
    signIn(fern);
    const api = fakeApi()
      .on('GET', '/api/iam/posts/user-or-page-basic/green-thumbs', ok(greenThumbs))
      .on('GET', '/api/location/places', ok([fernStreet]))
      .on('POST', '/api/iam/events/new', ok(fakeEvent({ can_edit: true }), 201));
    const queryClient = createTestQueryClient();
    // The social remote's page screen, cached in the shared client before the event existed.
    const pageScreen = ['pages', fern.uuid, 'posts', PAGE_ID];
    queryClient.setQueryData(pageScreen, { pages: [{ upcomingEvents: 0 }], pageParams: [null] });
    renderEvents('/green-thumbs/events/new', queryClient);

    expect(await screen.findByText(/^An event of Green Thumbs Fitzroy/)).toBeInTheDocument();
    await user.click(screen.getByRole('textbox', { name: /^Title/ }));
    await user.paste('Monstera swap');
    await user.type(screen.getByRole('combobox', { name: /^Where/ }), '12 Fern');
    await user.click(await screen.findByRole('option', { name: fernStreet.label }));
    setValue(screen.getByLabelText(/^Date/), '2030-11-16');
    expect(queryClient.getQueryState(pageScreen)?.isInvalidated).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Publish event' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Monstera swap' }),
    ).toBeInTheDocument();
    const [created] = api.requestsTo('POST', '/api/iam/events/new');
    expect((created?.body as { page_id: string }).page_id).toBe(PAGE_ID);
    expect(queryClient.getQueryState(pageScreen)?.isInvalidated).toBe(true);
  });

  it('publishes the event even when its picture is refused, and says so', async () => {
    const user = userEvent.setup();
    signIn(fern);
    const api = fakeApi()
      .on('GET', '/api/iam/posts/user-or-page-basic/fern', ok(fernBasic))
      .on('GET', '/api/location/places', ok([fernStreet]))
      .on('POST', '/api/iam/events/new', ok(fakeEvent({ can_edit: true }), 201))
      .on(
        'POST',
        `/api/iam/events/image/${EVENT_ID}`,
        fail(415, 'UNSUPPORTED_IMAGE', 'This file is not a picture we can read'),
      );
    renderEvents('/fern/events/new');

    await user.type(await screen.findByRole('textbox', { name: /^Title/ }), 'Monstera swap');
    await user.type(screen.getByRole('combobox', { name: /^Where/ }), '12 Fern');
    await user.click(await screen.findByRole('option', { name: fernStreet.label }));
    setValue(screen.getByLabelText(/^Date/), '2030-11-16');
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(input, new File([new Uint8Array(64)], 'swap.png', { type: 'image/png' }));
    expect(screen.getByText('swap.png')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Publish event' }));

    expect(
      await screen.findByText(
        'The event is published, but its picture could not be saved: This file is not a picture we can read. Add it again from “Edit event”.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Monstera swap' })).toBeInTheDocument();
    const [upload] = api.requestsTo('POST', `/api/iam/events/image/${EVENT_ID}`);
    expect((upload?.body as FormData).get('file')).toBeInstanceOf(File);
  });

  it('says what is missing and sends nothing', async () => {
    const user = userEvent.setup();
    signIn(fern);
    const api = fakeApi().on('GET', '/api/iam/posts/user-or-page-basic/fern', ok(fernBasic));
    renderEvents('/fern/events/new');

    await user.click(await screen.findByRole('button', { name: 'Publish event' }));

    expect(await screen.findByText('Give the event a title.')).toBeInTheDocument();
    expect(screen.getByText('Choose the first date.')).toBeInTheDocument();
    expect(api.requestsTo('POST', '/api/iam/events/new')).toHaveLength(0);
  });

  it('tells a member they cannot create events for someone else', async () => {
    signIn(fern);
    fakeApi().on(
      'GET',
      '/api/iam/posts/user-or-page-basic/maria',
      ok({ ...fernBasic, user: { ...fernBasic.user, uuid: maria.uuid, username: 'maria' } }),
    );
    renderEvents('/maria/events/new');

    expect(await screen.findByText('You cannot create events for maria.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create an event of your own' })).toHaveAttribute(
      'href',
      '/fern/events/new',
    );
    expect(screen.queryByRole('button', { name: 'Publish event' })).not.toBeInTheDocument();
  });
});
