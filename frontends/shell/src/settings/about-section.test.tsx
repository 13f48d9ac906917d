import { createFakeApi, fakeProfile, ok, type FakeApi } from '@plantfolk/api-client/testing';
import { sessionStore } from '@plantfolk/session';
import type { RemoteModule } from '@plantfolk/ui';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderShell } from '../testing/render-shell';
import { signedIn } from '../testing/session-fixtures';

const social: RemoteModule = {
  routes: [{ path: '/', handle: { access: 'guest-or-authd' }, element: <h1>Your feed</h1> }],
};

function settingsApi(): FakeApi {
  return createFakeApi()
    .on('GET', '/api/iam/authn/sessions', ok([]))
    .on('GET', '/api/iam/users/user-settings', ok({}));
}

function renderSettings(api: FakeApi, user = fakeProfile()) {
  const view = renderShell('/settings', { social }, { api, session: signedIn(user) });
  return { ...view, user: userEvent.setup() };
}

describe('/settings: about you', () => {
  it('saves a display name and a bio, and the session shows them at once', async () => {
    const api = settingsApi().on('PUT', '/api/iam/authn/update', (request) =>
      ok(fakeProfile(request.body as object)),
    );
    const { user } = renderSettings(api);
    const about = await screen.findByRole('form', { name: 'About you' });
    const save = within(about).getByRole('button', { name: 'Save name and bio' });
    expect(save).toBeDisabled();

    await user.type(within(about).getByRole('textbox', { name: /^Display name/ }), 'Fern Grower');
    await user.type(
      within(about).getByRole('textbox', { name: /^Bio/ }),
      'Ferns and hoyas.{Enter}Swaps welcome!',
    );
    expect(within(about).getByText('31 of 300 characters used')).toBeInTheDocument();
    await user.click(save);

    expect(await within(about).findByRole('status')).toHaveTextContent('Saved.');
    expect(api.requestsTo('PUT', '/api/iam/authn/update')[0]!.body).toEqual({
      display_name: 'Fern Grower',
      bio: 'Ferns and hoyas.\nSwaps welcome!',
    });
    expect(sessionStore.getState().user).toMatchObject({
      display_name: 'Fern Grower',
      bio: 'Ferns and hoyas.\nSwaps welcome!',
    });
  });

  it('clears what is emptied, and refuses an overlong bio before asking the API', async () => {
    const api = settingsApi().on('PUT', '/api/iam/authn/update', (request) =>
      ok(fakeProfile(request.body as object)),
    );
    const { user } = renderSettings(api, fakeProfile({ display_name: 'Fern', bio: 'Old bio' }));
    const about = await screen.findByRole('form', { name: 'About you' });
    const bio = within(about).getByRole('textbox', { name: /^Bio/ });

    await user.clear(bio);
    await user.click(bio);
    await user.paste('x'.repeat(301));
    await user.click(within(about).getByRole('button', { name: 'Save name and bio' }));
    expect(await within(about).findByText('A bio can have up to 300 characters.')).toBeVisible();
    expect(api.requestsTo('PUT', '/api/iam/authn/update')).toHaveLength(0);

    await user.clear(bio);
    await user.clear(within(about).getByRole('textbox', { name: /^Display name/ }));
    await user.click(within(about).getByRole('button', { name: 'Save name and bio' }));
    await waitFor(() => expect(api.requestsTo('PUT', '/api/iam/authn/update')).toHaveLength(1));
    expect(api.requestsTo('PUT', '/api/iam/authn/update')[0]!.body).toEqual({
      display_name: null,
      bio: null,
    });
  });
});
