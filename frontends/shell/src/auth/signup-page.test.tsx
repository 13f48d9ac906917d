import { createFakeApi, fail, fakeProfile, ok } from '@plantfolk/api-client/testing';
import { sessionStore } from '@plantfolk/session';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderShell } from '../testing/render-shell';
import { sessionReply } from '../testing/session-fixtures';

async function signUp(
  email = 'new@example.com',
  password = 'a long password',
  confirmation = password,
) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText(/^E-mail/), email);
  await user.type(screen.getByLabelText(/^Password/), password);
  await user.type(screen.getByLabelText(/^Repeat the password/), confirmation);
  await user.click(screen.getByRole('button', { name: 'Create account' }));
}

describe('/auth/signup', () => {
  it('creates the account, exchanges the code, and asks to check the inbox', async () => {
    const newcomer = fakeProfile({ email: 'new@example.com', stage: 'signed-up', username: null });
    const api = createFakeApi()
      .on('POST', '/api/iam/authn/signup', ok({ code: 'signup-code', expires_in: 60 }, 201))
      .on('POST', '/api/iam/authn/refresh', sessionReply(newcomer));
    const { router } = renderShell('/auth/signup', {}, { api });

    await signUp();

    expect(await screen.findByRole('heading', { name: 'Check your inbox' })).toBeInTheDocument();
    expect(screen.getByText('new@example.com')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/verify');
    expect(api.requestsTo('POST', '/api/iam/authn/signup')[0]?.body).toMatchObject({
      email: 'new@example.com',
      password: 'a long password',
      code_challenge_method: 'S256',
    });
    expect(api.requestsTo('POST', '/api/iam/authn/refresh')[0]?.body).toMatchObject({
      grant_type: 'authorization_code',
      code: 'signup-code',
    });
    expect(sessionStore.getState().user?.stage).toBe('signed-up');
  });

  it('shows a taken e-mail address at the e-mail field', async () => {
    const api = createFakeApi().on(
      'POST',
      '/api/iam/authn/signup',
      fail(409, 'EMAIL_TAKEN', 'Email taken'),
    );
    renderShell('/auth/signup', {}, { api });

    await signUp('fern@example.com');

    const email = screen.getByLabelText(/^E-mail/);
    expect(
      await screen.findByText(
        'An account already uses this e-mail address. Log in, or reset its password.',
      ),
    ).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
  });

  it('checks the password length and the repeat before asking the API', async () => {
    const api = createFakeApi();
    renderShell('/auth/signup', {}, { api });

    await signUp('new@example.com', 'short', 'shorter');

    expect(await screen.findByText('Use at least 8 characters.')).toBeInTheDocument();
    expect(screen.getByText('The two passwords are not the same.')).toBeInTheDocument();
    expect(api.requests).toHaveLength(0);
  });

  it('shows the fields the API refused (VALIDATION_FAILED) next to them', async () => {
    const api = createFakeApi().on(
      'POST',
      '/api/iam/authn/signup',
      fail(400, 'VALIDATION_FAILED', 'Invalid', [
        { field: 'password', messages: ['password is too common'] },
      ]),
    );
    renderShell('/auth/signup', {}, { api });

    await signUp();

    expect(await screen.findByText('password is too common')).toBeInTheDocument();
  });
});
