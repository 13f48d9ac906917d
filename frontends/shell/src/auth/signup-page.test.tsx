import { createFakeApi, fail, ok } from '@plantfolk/api-client/testing';
import { sessionStore } from '@plantfolk/session';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderShell, requestsBesideSettings } from '../testing/render-shell';

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
  it('creates the account, signs nobody in, and asks to check the inbox', async () => {
    const api = createFakeApi()
      .on('POST', '/api/iam/authn/signup', ok({ sent: true }, 201))
      .on('POST', '/api/iam/authn/verifyemail', ok({ sent: true }));
    const { router } = renderShell('/auth/signup', {}, { api });

    await signUp('  new@example.com ');

    expect(await screen.findByRole('heading', { name: 'Check your inbox' })).toBeInTheDocument();
    expect(screen.getByText('new@example.com')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/verify');
    // The address is not put in the URL.
    expect(router.state.location.search).toBe('');
    expect(api.requestsTo('POST', '/api/iam/authn/signup')[0]?.body).toEqual({
      email: 'new@example.com',
      password: 'a long password',
    });
    expect(api.requestsTo('POST', '/api/iam/authn/refresh')).toHaveLength(0);
    expect(sessionStore.getState().loggedIn).not.toBe(true);

    // The link can be sent again from here.
    await userEvent.click(screen.getByRole('button', { name: 'Send the link again' }));
    expect(await screen.findByText(/A new link is on its way to new@example.com/)).toBeVisible();
    expect(api.requestsTo('POST', '/api/iam/authn/verifyemail')[0]?.body).toEqual({
      email: 'new@example.com',
    });
  });

  it('carries the invite of the link it was opened with to the API', async () => {
    const invite = '30000000-0000-4000-8000-000000000001';
    const api = createFakeApi().on('POST', '/api/iam/authn/signup', ok({ sent: true }, 201));
    renderShell(`/auth/signup?invite=${invite}`, {}, { api });

    expect(await screen.findByText('You are signing up with an invite.')).toBeInTheDocument();
    await signUp();

    expect(await screen.findByRole('heading', { name: 'Check your inbox' })).toBeInTheDocument();
    expect(api.requestsTo('POST', '/api/iam/authn/signup')[0]?.body).toEqual({
      email: 'new@example.com',
      password: 'a long password',
      inviteId: invite,
    });
  });

  it('says why an invite-only site refused the sign-up', async () => {
    const api = createFakeApi().on(
      'POST',
      '/api/iam/authn/signup',
      fail(403, 'INVITE_REQUIRED', 'invite only'),
    );
    renderShell('/auth/signup?invite=not-an-invite', {}, { api });

    await signUp();

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'New accounts need an invite at the moment',
    );
    expect(api.requestsTo('POST', '/api/iam/authn/signup')[0]?.body).not.toHaveProperty('inviteId');
  });

  it('accepts an address the API accepts, such as one at a local domain', async () => {
    const api = createFakeApi().on('POST', '/api/iam/authn/signup', ok({ sent: true }, 201));
    renderShell('/auth/signup', {}, { api });

    await signUp('a@localhost');

    expect(await screen.findByRole('heading', { name: 'Check your inbox' })).toBeInTheDocument();
    expect(api.requestsTo('POST', '/api/iam/authn/signup')[0]?.body).toMatchObject({
      email: 'a@localhost',
    });
  });

  it('shows a common password at the password field', async () => {
    const api = createFakeApi().on(
      'POST',
      '/api/iam/authn/signup',
      fail(400, 'WEAK_PASSWORD', 'This password is one of the most common ones.', {
        field: 'password',
      }),
    );
    renderShell('/auth/signup', {}, { api });

    await signUp('fern@example.com', 'password123');

    expect(await screen.findByText('This password is one of the most common ones.')).toBeVisible();
    expect(screen.getByLabelText(/^Password/)).toHaveAttribute('data-invalid', 'true');
    expect(screen.getByLabelText(/^E-mail/)).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('checks the password length and the repeat before asking the API', async () => {
    const api = createFakeApi();
    renderShell('/auth/signup', {}, { api });

    await signUp('new@example.com', 'short', 'shorter');

    expect(await screen.findByText('Use at least 8 characters.')).toBeInTheDocument();
    expect(screen.getByText('The two passwords are not the same.')).toBeInTheDocument();
    expect(requestsBesideSettings(api)).toHaveLength(0);
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
