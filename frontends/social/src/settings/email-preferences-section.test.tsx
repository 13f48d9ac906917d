import { browserTimeZone } from '@plantfolk/api-client';
import { fail, ok } from '@plantfolk/api-client/testing';
import { renderWithUi } from '@plantfolk/ui/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { settingsSections } from '../routes';
import { fakeApi, signIn } from '../testing/social-test-kit';
import { EmailPreferencesSection } from './email-preferences-section';

const SETTINGS = '/api/iam/users/user-settings';
const UPDATE = '/api/iam/users/update-user-settings';

const saved = {
  email_on_message: true,
  email_on_comment: true,
  email_on_event: false,
  email_messages: 'immediately',
  email_comments: 'daily',
  email_events: 'off',
  show_in_nearby: true,
  distance_unit: 'km',
  time_zone: 'Europe/Berlin',
};

function renderSection() {
  const user = signIn();
  renderWithUi(<EmailPreferencesSection user={user} registerDirtyCheck={() => () => {}} />);
  return userEvent.setup();
}

const group = (name: string) => screen.findByRole('radiogroup', { name });

describe('the e-mail notifications settings section', () => {
  it('is contributed to /settings by the social remote, after the privacy switches', () => {
    expect(settingsSections.map(({ id, order, title }) => ({ id, order, title }))).toEqual([
      { id: 'email-notifications', order: 650, title: 'E-mail notifications' },
    ]);
  });

  it('shows each kind’s saved mode', async () => {
    fakeApi().on('GET', SETTINGS, ok(saved));
    renderSection();

    expect(
      within(await group('New messages')).getByRole('radio', { name: 'At once' }),
    ).toBeChecked();
    expect(
      within(await group('Comments and reactions')).getByRole('radio', { name: 'Daily digest' }),
    ).toBeChecked();
    expect(within(await group('Events')).getByRole('radio', { name: 'Off' })).toBeChecked();
  });

  it('saves a chosen mode at once, for that kind only', async () => {
    const api = fakeApi()
      .on('GET', SETTINGS, ok(saved))
      .on('PUT', UPDATE, (request) => ok({ ...saved, ...(request.body as object) }));
    const user = renderSection();

    const comments = await group('Comments and reactions');
    await user.click(within(comments).getByRole('radio', { name: 'At once' }));

    expect(await screen.findByText('Saved.')).toBeVisible();
    expect(api.requestsTo('PUT', UPDATE).map((request) => request.body)).toEqual([
      { email_comments: 'immediately' },
    ]);
    expect(within(comments).getByRole('radio', { name: 'At once' })).toBeChecked();
    expect(
      within(await group('New messages')).getByRole('radio', { name: 'At once' }),
    ).toBeChecked();
  });

  it('shows the digest time zone and saves another one', async () => {
    const api = fakeApi()
      .on('GET', SETTINGS, ok(saved))
      .on('PUT', UPDATE, (request) => ok({ ...saved, ...(request.body as object) }));
    const user = renderSection();

    const [zone] = (await screen.findAllByLabelText(/^Time zone/)).filter(
      (element) => element.tagName === 'INPUT',
    );
    if (!zone) throw new Error('no time zone input');
    expect(zone).toHaveValue('Europe/Berlin');
    expect(screen.getByText(/Daily digests arrive at 7 in the morning in this zone/)).toBeVisible();
    await user.clear(zone);
    await user.type(zone, 'Asia/Tok');
    await user.click(await screen.findByRole('option', { name: 'Asia/Tokyo' }));

    await waitFor(() =>
      expect(api.requestsTo('PUT', UPDATE).map((request) => request.body)).toEqual([
        { time_zone: 'Asia/Tokyo' },
      ]),
    );
    await waitFor(() => expect(zone).toHaveValue('Asia/Tokyo'));
  });

  it('adds the browser’s time zone to a change while none is set', async () => {
    const api = fakeApi()
      .on('GET', SETTINGS, ok({ ...saved, time_zone: null }))
      .on('PUT', UPDATE, (request) => ok({ ...saved, ...(request.body as object) }));
    const user = renderSection();
    expect(await screen.findByText(/Not set yet: daily digests arrive at 7/)).toBeVisible();

    const events = await group('Events');
    await user.click(within(events).getByRole('radio', { name: 'Daily digest' }));

    await waitFor(() =>
      expect(api.requestsTo('PUT', UPDATE).map((request) => request.body)).toEqual([
        { email_events: 'daily', time_zone: browserTimeZone() },
      ]),
    );
    expect(browserTimeZone()).toBeTruthy();
  });

  it('puts the old mode back and says so when saving fails', async () => {
    fakeApi()
      .on('GET', SETTINGS, ok(saved))
      .on('PUT', UPDATE, fail(503, 'UNAVAILABLE', 'Try again later'));
    const user = renderSection();

    const events = await group('Events');
    await user.click(within(events).getByRole('radio', { name: 'Daily digest' }));

    expect(await screen.findByText(/Your change was not saved/)).toBeVisible();
    await waitFor(() => expect(within(events).getByRole('radio', { name: 'Off' })).toBeChecked());
  });

  it('creates the default settings of an account that has none', async () => {
    const api = fakeApi()
      .on('GET', SETTINGS, fail(404, 'NOT_FOUND'))
      .on('POST', '/api/iam/users/create-user-settings', ok({ ...saved, email_events: 'daily' }));
    renderSection();
    expect(
      within(await group('Events')).getByRole('radio', { name: 'Daily digest' }),
    ).toBeChecked();
    expect(api.requestsTo('POST', '/api/iam/users/create-user-settings')).toHaveLength(1);
  });

  it('says when the settings cannot be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    fakeApi().on('GET', SETTINGS, fail(500, 'INTERNAL', 'Boom'));
    renderSection();
    expect(await screen.findByText(/Could not load your e-mail settings/)).toBeVisible();
    expect(screen.queryByRole('radiogroup')).toBeNull();
  });

  it('can be used with the keyboard', async () => {
    const api = fakeApi()
      .on('GET', SETTINGS, ok(saved))
      .on('PUT', UPDATE, (request) => ok({ ...saved, ...(request.body as object) }));
    const user = renderSection();
    const messages = await group('New messages');
    within(messages).getByRole('radio', { name: 'At once' }).focus();
    await user.keyboard('{ArrowRight}');
    await waitFor(() =>
      expect(api.requestsTo('PUT', UPDATE).map((request) => request.body)).toEqual([
        { email_messages: 'daily' },
      ]),
    );
  });
});
