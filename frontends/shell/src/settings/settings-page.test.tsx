import { createFakeApi, fail, fakeProfile, ok, type FakeApi } from '@plantfolk/api-client/testing';
import { sessionStore } from '@plantfolk/session';
import { Card, Text, type RemoteModule, type SettingsSection } from '@plantfolk/ui';
import { lazy, useEffect } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultRuntimeConfig } from '../remotes/runtime-config';
import { renderShell } from '../testing/render-shell';
import { signedIn } from '../testing/session-fixtures';

const fern = fakeProfile();
const social: RemoteModule = {
  routes: [{ path: '/', handle: { access: 'guest-or-authd' }, element: <h1>Your feed</h1> }],
};

const defaultSettings = {
  email_on_message: true,
  email_on_comment: true,
  email_on_event: true,
  email_messages: 'immediately',
  email_comments: 'daily',
  email_events: 'daily',
  show_in_nearby: true,
  distance_unit: 'km',
  time_zone: 'Europe/Berlin',
};

const sessions = [
  {
    id: 's-current',
    created_at: '2025-03-01T09:00:00.000Z',
    last_used_at: new Date().toISOString(),
    expires_at: '2026-04-05T09:00:00.000Z',
    user_agent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/140.0 Safari/537.36',
    ip: '203.0.113.7',
    current: true,
  },
  {
    id: 's-phone',
    created_at: '2025-02-01T09:00:00.000Z',
    last_used_at: null,
    expires_at: '2026-03-08T09:00:00.000Z',
    user_agent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Version/18.0 Mobile/15E148 Safari/604.1',
    ip: '198.51.100.4',
    current: false,
  },
];

function settingsApi(): FakeApi {
  return createFakeApi()
    .on('GET', '/api/iam/authn/sessions', ok(sessions))
    .on('GET', '/api/iam/users/user-settings', ok(defaultSettings));
}

function renderSettings(api = settingsApi()) {
  const view = renderShell('/settings', { social }, { api, session: signedIn(fern) });
  return { ...view, user: userEvent.setup() };
}

describe('/settings', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('saves a changed area, picked by name', async () => {
    const carltonNorth = {
      name: 'Carlton North',
      locality: null,
      state: 'Victoria',
      country: 'Australia',
      country_code: 'AU',
      latitude: -37.78333,
      longitude: 144.96667,
      kind: 'suburb',
      label: 'Carlton North, Victoria, Australia',
    };
    const api = settingsApi()
      .on('GET', '/api/location/places', ok([carltonNorth]))
      .on('PUT', '/api/iam/authn/update', (request) => ok(fakeProfile(request.body as object)));
    const { user } = renderSettings(api);
    const profile = await screen.findByRole('form', { name: 'Profile' });
    const area = within(profile).getByRole('combobox', { name: /^Suburb or town/ });
    expect(area).toHaveValue('Fitzroy, Victoria, Australia');

    await user.clear(area);
    await user.type(area, 'carlton n');
    await user.click(await within(profile).findByRole('option', { name: carltonNorth.label }));
    await user.click(within(profile).getByRole('button', { name: 'Save profile' }));

    expect(await within(profile).findByText('Profile saved.')).toBeVisible();
    expect(api.requestsTo('PUT', '/api/iam/authn/update')[0]?.body).toEqual({
      username: 'fern',
      suburb_city: 'Carlton North',
      state: 'Victoria',
      country: 'Australia',
      latitude: -37.78333,
      longitude: 144.96667,
    });
    expect(sessionStore.getState().user?.suburb_city).toBe('Carlton North');
    expect(area).toHaveValue('Carlton North, Victoria, Australia');
  });

  it('does not count added spaces as a change to save', async () => {
    const { user } = renderSettings();
    const profile = await screen.findByRole('form', { name: 'Profile' });

    await user.type(within(profile).getByLabelText(/^Username/), '   ');

    expect(within(profile).getByRole('button', { name: 'Save profile' })).toBeDisabled();
  });

  it('warns before leaving with unsaved profile changes', async () => {
    const { user, router } = renderSettings();
    const profile = await screen.findByRole('form', { name: 'Profile' });
    await user.type(within(profile).getByRole('combobox', { name: /^Suburb or town/ }), 'x');

    await user.click(screen.getByRole('link', { name: 'Home' }));
    expect(await screen.findByText('Discard unsaved changes?')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Leave without saving' }));

    expect(await screen.findByRole('heading', { name: 'Your feed' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/');
  });

  it('changes the password and logs out the other sessions', async () => {
    const api = settingsApi().on('PUT', '/api/iam/authn/update', ok(fern));
    const { user } = renderSettings(api);
    const form = await screen.findByRole('form', { name: 'Password' });

    await user.type(within(form).getByLabelText(/^Current password/), 'old password');
    await user.type(within(form).getByLabelText(/^New password/), 'new password!');
    await user.type(within(form).getByLabelText(/^Repeat the new password/), 'new password!');
    expect(within(form).getByLabelText(/Log out my other sessions/)).toBeChecked();
    await user.click(within(form).getByRole('button', { name: 'Change password' }));

    expect(
      await within(form).findByText(
        'Your password is changed, and every other device is logged out.',
      ),
    ).toBeVisible();
    const [request] = api.requestsTo('PUT', '/api/iam/authn/update');
    expect(request?.body).toEqual({
      current_password: 'old password',
      new_password: 'new password!',
      end_other_sessions: true,
    });
    expect(request?.headers.get('x-csrf-token')).toBe('csrf-fern');
  });

  it('shows a wrong current password at its field', async () => {
    const api = settingsApi().on(
      'PUT',
      '/api/iam/authn/update',
      fail(400, 'WRONG_PASSWORD', 'Wrong password'),
    );
    const { user } = renderSettings(api);
    const form = await screen.findByRole('form', { name: 'Password' });

    await user.type(within(form).getByLabelText(/^Current password/), 'not it');
    await user.type(within(form).getByLabelText(/^New password/), 'new password!');
    await user.type(within(form).getByLabelText(/^Repeat the new password/), 'new password!');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));

    expect(await within(form).findByText('This is not your current password.')).toBeVisible();
  });

  it('shows a common new password at the new password field', async () => {
    const api = settingsApi().on(
      'PUT',
      '/api/iam/authn/update',
      fail(400, 'WEAK_PASSWORD', 'This password is one of the most common ones.', {
        field: 'new_password',
      }),
    );
    const { user } = renderSettings(api);
    const form = await screen.findByRole('form', { name: 'Password' });

    await user.type(within(form).getByLabelText(/^Current password/), 'old password');
    await user.type(within(form).getByLabelText(/^New password/), 'password123');
    await user.type(within(form).getByLabelText(/^Repeat the new password/), 'password123');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));

    expect(
      await within(form).findByText('This password is one of the most common ones.'),
    ).toBeVisible();
    expect(within(form).getByLabelText(/^New password/)).toHaveAttribute('data-invalid', 'true');
    expect(within(form).getByLabelText(/^Current password/)).not.toHaveAttribute('data-invalid');
  });

  it('lists the sessions and logs one out', async () => {
    const api = settingsApi().on(
      'DELETE',
      '/api/iam/authn/sessions/s-phone',
      ok({ revoked: true }),
    );
    const { user } = renderSettings(api);

    const rows = await screen.findAllByTestId('session-row');
    expect(rows[0]).toHaveTextContent('Chrome on Linux');
    expect(rows[0]).toHaveTextContent('This device');
    expect(rows[1]).toHaveTextContent('Safari on iOS');
    expect(within(rows[0]!).queryByRole('button', { name: /Log out/ })).toBeNull();

    api.on('GET', '/api/iam/authn/sessions', ok([sessions[0]]));
    await user.click(within(rows[1]!).getByRole('button', { name: 'Log out Safari on iOS' }));

    await waitFor(() => expect(screen.getAllByTestId('session-row')).toHaveLength(1));
    expect(api.requestsTo('DELETE', '/api/iam/authn/sessions/s-phone')).toHaveLength(1);
  });

  it('saves a switched setting at once', async () => {
    const api = settingsApi().on('PUT', '/api/iam/users/update-user-settings', (request) =>
      ok({ ...defaultSettings, ...(request.body as object) }),
    );
    const { user } = renderSettings(api);

    await user.click(await screen.findByRole('switch', { name: /Show me in/ }));

    expect(await screen.findByText('Saved.')).toBeVisible();
    expect(api.requestsTo('PUT', '/api/iam/users/update-user-settings')[0]?.body).toEqual({
      show_in_nearby: false,
    });
    expect(screen.getByRole('switch', { name: /Show me in/ })).not.toBeChecked();
  });

  it('adds the browser’s time zone to a change while the member has none', async () => {
    const api = settingsApi()
      .on('GET', '/api/iam/users/user-settings', ok({ ...defaultSettings, time_zone: null }))
      .on('PUT', '/api/iam/users/update-user-settings', (request) =>
        ok({ ...defaultSettings, ...(request.body as object) }),
      );
    const { user } = renderSettings(api);

    await user.click(await screen.findByRole('switch', { name: /Show me in/ }));

    expect(await screen.findByText('Saved.')).toBeVisible();
    expect(api.requestsTo('PUT', '/api/iam/users/update-user-settings')[0]?.body).toEqual({
      show_in_nearby: false,
      time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
  });

  it('creates the default settings of an account that has none yet', async () => {
    const api = settingsApi()
      .on('GET', '/api/iam/users/user-settings', fail(404, 'NOT_FOUND'))
      .on('POST', '/api/iam/users/create-user-settings', ok(defaultSettings));
    renderSettings(api);

    expect(await screen.findByRole('switch', { name: /Show me in/ })).toBeChecked();
    expect(api.requestsTo('POST', '/api/iam/users/create-user-settings')).toHaveLength(1);
  });

  it('deletes the account after the password, then logs out and goes home', async () => {
    const api = settingsApi().on('DELETE', '/api/iam/authn/delete', ok({ deleted: true }));
    const { user, router } = renderSettings(api);

    await user.click(await screen.findByRole('button', { name: 'Delete my account…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    await user.type(within(dialog).getByLabelText(/^Password/), 'my password');
    await user.click(within(dialog).getByRole('button', { name: 'Delete account' }));

    expect(await screen.findByRole('heading', { name: 'Your feed' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/');
    expect(sessionStore.getState()).toMatchObject({ loggedIn: false, user: null });
    expect(api.requestsTo('DELETE', '/api/iam/authn/delete')[0]?.body).toEqual({
      uuid: fern.uuid,
      password: 'my password',
    });
  });

  it('keeps the account when the password is wrong', async () => {
    const api = settingsApi().on(
      'DELETE',
      '/api/iam/authn/delete',
      fail(400, 'WRONG_PASSWORD', 'Wrong password'),
    );
    const { user } = renderSettings(api);

    await user.click(await screen.findByRole('button', { name: 'Delete my account…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    await user.type(within(dialog).getByLabelText(/^Password/), 'not it');
    await user.click(within(dialog).getByRole('button', { name: 'Delete account' }));

    expect(await within(dialog).findByText('This is not your password.')).toBeVisible();
    expect(sessionStore.getState().loggedIn).toBe(true);
  });

  describe('sections a remote contributes', () => {
    const reminders: SettingsSection = {
      id: 'event-reminders',
      order: 650,
      title: 'Event reminders',
      Component: ({ user }) => (
        <Card title="Event reminders">
          <Text>{`Reminders for ${user.username}`}</Text>
        </Card>
      ),
    };
    const eventsWith = (...settingsSections: SettingsSection[]): RemoteModule => ({
      routes: [{ path: '/events', handle: { access: 'guest-or-authd' }, element: <h1>Events</h1> }],
      settingsSections,
    });
    const fromEvents = { ...defaultRuntimeConfig, settingsSectionsFrom: ['events'] as const };
    const sectionHeadings = () =>
      within(screen.getByRole('main'))
        .getAllByRole('heading', { level: 2 })
        .map((heading) => heading.textContent);

    it("shows a remote's section among the shell's own, in order, without editing the shell", async () => {
      const { loadModule } = renderShell(
        '/settings',
        { social, events: eventsWith(reminders) },
        { api: settingsApi(), session: signedIn(fern), runtimeConfig: fromEvents },
      );

      expect(await screen.findByText('Reminders for fern')).toBeVisible();
      expect(sectionHeadings()).toEqual([
        'Profile',
        'Profile photo',
        'About you',
        'Phone number',
        'Password',
        'Where you are logged in',
        'Privacy and distances',
        'Event reminders',
        'Delete your account',
      ]);
      expect(document.getElementById('event-reminders')).toContainElement(
        screen.getByText('Reminders for fern'),
      );
      expect(loadModule).toHaveBeenCalledWith('events', '/remotes/events/mf-manifest.json', {
        retry: false,
      });
    });

    it('loads a lazy section, and asks before leaving when it has unsaved changes', async () => {
      const unsaved: SettingsSection = {
        id: 'message-preferences',
        order: 150,
        title: 'Messages',
        Component: lazy(async () => ({
          default: function MessagePreferences({ registerDirtyCheck }) {
            useEffect(() => registerDirtyCheck('messages', () => true), [registerDirtyCheck]);
            return <Card title="Messages">Who may message you</Card>;
          },
        })),
      };
      const user = userEvent.setup();
      renderShell(
        '/settings',
        { social, events: eventsWith(unsaved) },
        { api: settingsApi(), session: signedIn(fern), runtimeConfig: fromEvents },
      );

      expect(await screen.findByText('Who may message you')).toBeVisible();
      expect(sectionHeadings().slice(0, 3)).toEqual(['Profile', 'Messages', 'Profile photo']);
      await user.click(screen.getByRole('link', { name: 'Home' }));
      expect(await screen.findByText('Discard unsaved changes?')).toBeVisible();
    });

    it('keeps the rest of the page when a contributed section fails or its remote is down', async () => {
      vi.spyOn(console, 'error').mockImplementation(() => {});
      const broken: SettingsSection = {
        ...reminders,
        Component: () => {
          throw new Error('reminders failed');
        },
      };
      renderShell(
        '/settings',
        { social, events: eventsWith(broken) },
        { api: settingsApi(), session: signedIn(fern), runtimeConfig: fromEvents },
      );
      expect(
        await screen.findByText(
          'This part of your settings is unavailable right now. Try again later.',
        ),
      ).toBeVisible();
      expect(screen.getByRole('form', { name: 'Profile' })).toBeVisible();
    });

    it('shows only its own sections when the named remote cannot load', async () => {
      vi.spyOn(console, 'error').mockImplementation(() => {});
      const { loadModule } = renderShell(
        '/settings',
        { social, events: new Error('mf-manifest.json: 404') },
        { api: settingsApi(), session: signedIn(fern), runtimeConfig: fromEvents },
      );
      await screen.findByRole('form', { name: 'Profile' });
      await waitFor(() => expect(loadModule).toHaveBeenCalled());
      expect(sectionHeadings()).not.toContain('Event reminders');
      expect(sectionHeadings()).toHaveLength(8);
    });

    it('loads no remote for /settings unless the runtime config names one', async () => {
      // The header's items (the bell) are a remote's too; here only /settings is looked at.
      const noRemotes = { ...defaultRuntimeConfig, headerItemsFrom: [], settingsSectionsFrom: [] };
      const { loadModule } = renderShell(
        '/settings',
        { social, events: eventsWith(reminders) },
        { api: settingsApi(), session: signedIn(fern), runtimeConfig: noRemotes },
      );
      await screen.findByRole('form', { name: 'Profile' });
      expect(screen.queryByText('Reminders for fern')).toBeNull();
      expect(loadModule).not.toHaveBeenCalled();
    });
  });
});
