import { createFakeApi, fail, fakeProfile, ok } from '@plantfolk/api-client/testing';
import { createCodeChallenge, sessionStore } from '@plantfolk/session';
import type { RemoteModule } from '@plantfolk/ui';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderShell, requestsBesideSettings } from '../testing/render-shell';
import { sessionReply } from '../testing/session-fixtures';

const social: RemoteModule = {
  routes: [{ path: '/', handle: { access: 'guest-or-authd' }, element: <h1>Your feed</h1> }],
};

function loginApi(user = fakeProfile()) {
  return createFakeApi()
    .on('POST', '/api/iam/authn/login', ok({ code: 'code-1', expires_in: 60 }))
    .on('POST', '/api/iam/authn/refresh', sessionReply(user));
}

async function logIn(email = 'fern@example.com', password = 'correct horse battery') {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText(/^E-mail/), email);
  await user.type(screen.getByLabelText(/^Password/), password);
  await user.click(screen.getByRole('button', { name: 'Log in' }));
}

describe('/auth/login', () => {
  it('logs in with PKCE and goes back to the page in ?redirect', async () => {
    const api = loginApi();
    const { router } = renderShell('/auth/login?redirect=%2Fsettings', {}, { api });

    await logIn();

    expect(await screen.findByRole('heading', { name: 'Settings' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/settings');
    const [login] = api.requestsTo('POST', '/api/iam/authn/login');
    const [exchange] = api.requestsTo('POST', '/api/iam/authn/refresh');
    const verifier = (exchange?.body as { code_verifier: string }).code_verifier;
    expect(login?.body).toMatchObject({
      email: 'fern@example.com',
      password: 'correct horse battery',
      code_challenge: await createCodeChallenge(verifier),
      code_challenge_method: 'S256',
    });
    expect(sessionStore.getState()).toMatchObject({ loggedIn: true, accessToken: 'access-new' });
  });

  it('gives a member without a time zone the browser’s, once signed in', async () => {
    const api = loginApi()
      .on('GET', '/api/iam/users/user-settings', ok({ time_zone: null }))
      .on('PUT', '/api/iam/users/update-user-settings', (request) => ok(request.body));
    renderShell('/auth/login', { social }, { api });

    await logIn();

    await waitFor(() =>
      expect(api.requestsTo('PUT', '/api/iam/users/update-user-settings')[0]?.body).toEqual({
        time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      }),
    );
    const [put] = api.requestsTo('PUT', '/api/iam/users/update-user-settings');
    expect(put?.headers.get('authorization')).toBe('Bearer access-new');
  });

  it('goes home after a login without ?redirect', async () => {
    const { router } = renderShell('/auth/login', { social }, { api: loginApi() });

    await logIn();

    expect(await screen.findByRole('heading', { name: 'Your feed' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('sends a member who has not confirmed the e-mail on to /auth/verify', async () => {
    const api = loginApi(fakeProfile({ stage: 'signed-up', username: null }));
    renderShell('/auth/login', {}, { api });

    await logIn();

    expect(await screen.findByRole('heading', { name: 'Check your inbox' })).toBeInTheDocument();
  });

  it('says so when the e-mail and password do not match, and stays logged out', async () => {
    const api = createFakeApi().on(
      'POST',
      '/api/iam/authn/login',
      fail(401, 'INVALID_CREDENTIALS', 'Invalid credentials'),
    );
    const { router } = renderShell('/auth/login', {}, { api });

    await logIn('fern@example.com', 'wrong password');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'That e-mail address and password do not match an account',
    );
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(sessionStore.getState().loggedIn).toBe(false);
    expect(api.requestsTo('POST', '/api/iam/authn/refresh')).toHaveLength(0);
  });

  it('says how long to wait when rate limited', async () => {
    const api = createFakeApi().on('POST', '/api/iam/authn/login', {
      ...fail(429, 'RATE_LIMITED', 'Too many requests'),
      headers: { 'retry-after': '30' },
    });
    renderShell('/auth/login', {}, { api });

    await logIn();

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many attempts. Please wait 30 seconds and try again.',
    );
  });

  it('checks the e-mail format before asking the API', async () => {
    const api = createFakeApi();
    renderShell('/auth/login', {}, { api });

    await logIn('fern(at)example.com', 'whatever1');

    expect(
      await screen.findByText('Enter an e-mail address like name@example.com.'),
    ).toBeInTheDocument();
    expect(requestsBesideSettings(api)).toHaveLength(0);
  });

  it('brings a guest who opened a members-only page back to it after logging in', async () => {
    const api = loginApi();
    const { router } = renderShell('/welcome', {}, { api });

    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(router.state.location.search).toBe('?redirect=%2Fwelcome');
    await logIn();

    expect(
      await screen.findByRole('heading', { name: /Welcome to Plantfolk/ }),
    ).toBeInTheDocument();
  });

  it('shows a notice left by the password reset', async () => {
    renderShell('/auth/login?notice=password-changed');
    expect(
      await screen.findByText('Your password has been changed. Log in with your new password.'),
    ).toBeInTheDocument();
  });
});
