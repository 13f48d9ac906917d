import { createFakeApi, fail, fakeProfile, ok } from '@plantfolk/api-client/testing';
import { sessionStore } from '@plantfolk/session';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderShell } from '../testing/render-shell';
import { sessionReply, signedIn } from '../testing/session-fixtures';

const newcomer = fakeProfile({ email: 'new@example.com', stage: 'signed-up', username: null });

describe('/auth/verify', () => {
  it('sends the link again to the signed-up address', async () => {
    const api = createFakeApi().on('POST', '/api/iam/authn/verifyemail', ok({ sent: true }));
    renderShell('/auth/verify', {}, { api, session: signedIn(newcomer) });

    await userEvent.click(await screen.findByRole('button', { name: 'Send the link again' }));

    expect(await screen.findByText(/A new link is on its way to new@example.com/)).toBeVisible();
    expect(api.requestsTo('POST', '/api/iam/authn/verifyemail')[0]?.body).toEqual({
      email: 'new@example.com',
    });
    expect(screen.getByRole('button', { name: /Send again in \d+ s/ })).toBeDisabled();
  });

  it('moves on once the address was confirmed elsewhere', async () => {
    const api = createFakeApi().on(
      'POST',
      '/api/iam/authn/refresh',
      sessionReply({ ...newcomer, stage: 'verified', email_verified: true }),
    );
    renderShell('/auth/verify', {}, { api, session: signedIn(newcomer) });

    await userEvent.click(
      await screen.findByRole('button', { name: 'I have confirmed my address' }),
    );

    expect(
      await screen.findByRole('link', { name: 'Choose your username and area' }),
    ).toHaveAttribute('href', '/auth/register');
  });

  it('asks a guest for the address to send a new link to', async () => {
    const api = createFakeApi().on('POST', '/api/iam/authn/verifyemail', ok({ sent: true }));
    renderShell('/auth/verify', {}, { api });
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText(/^E-mail/), 'new@example.com');
    await user.click(screen.getByRole('button', { name: 'Send a new link' }));

    expect(await screen.findByText(/A new link is on its way/)).toBeVisible();
  });
});

describe('/auth/verifyemail', () => {
  it('confirms the token once, renews the session and shows the success page', async () => {
    const api = createFakeApi()
      .on('POST', '/api/iam/authn/verifyemailtoken', ok({ verified: true }))
      .on('POST', '/api/iam/authn/refresh', sessionReply({ ...newcomer, stage: 'verified' }));
    const { router } = renderShell(
      '/auth/verifyemail?token=tok-123',
      {},
      { api, session: signedIn(newcomer) },
    );

    expect(
      await screen.findByRole('heading', { name: 'Your e-mail address is confirmed' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/verifysuccessful');
    expect(api.requestsTo('POST', '/api/iam/authn/verifyemailtoken')).toHaveLength(1);
    expect(api.requestsTo('POST', '/api/iam/authn/verifyemailtoken')[0]?.body).toEqual({
      token: 'tok-123',
    });
    await waitFor(() => expect(sessionStore.getState().user?.stage).toBe('verified'));
    expect(screen.getByRole('link', { name: 'Choose your username and area' })).toHaveAttribute(
      'href',
      '/auth/register',
    );
  });

  it('sends a spent or unknown token to /auth/verifyfailed, which offers a new link', async () => {
    const api = createFakeApi()
      .on('POST', '/api/iam/authn/verifyemailtoken', fail(400, 'INVALID_TOKEN'))
      .on('POST', '/api/iam/authn/verifyemail', ok({ sent: true }));
    const { router } = renderShell('/auth/verifyemail?token=spent', {}, { api });

    expect(
      await screen.findByRole('heading', { name: 'This link does not work' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/verifyfailed');
    expect(screen.getByRole('button', { name: 'Send a new link' })).toBeInTheDocument();
  });

  it('logs a guest in with the link (PKCE) and goes on to choosing a username', async () => {
    const verified = { ...newcomer, stage: 'verified' as const, email_verified: true };
    const api = createFakeApi()
      .on(
        'POST',
        '/api/iam/authn/verifyemailtoken',
        ok({ verified: true, code: 'link-code', expires_in: 60 }),
      )
      .on('POST', '/api/iam/authn/refresh', (request) =>
        (request.body as { grant_type?: string }).grant_type === 'authorization_code'
          ? sessionReply(verified)
          : fail(401, 'INVALID_REFRESH'),
      );
    const { router } = renderShell('/auth/verifyemail?token=guest-token', {}, { api });

    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/register'));
    const [verify] = api.requestsTo('POST', '/api/iam/authn/verifyemailtoken');
    expect(verify?.body).toMatchObject({ token: 'guest-token', code_challenge_method: 'S256' });
    expect((verify?.body as { code_challenge?: string }).code_challenge).toMatch(
      /^[A-Za-z0-9_-]{43}$/,
    );
    const exchange = api
      .requestsTo('POST', '/api/iam/authn/refresh')
      .find((request) => (request.body as { code?: string }).code === 'link-code');
    expect(exchange?.body).toMatchObject({ grant_type: 'authorization_code' });
    expect(sessionStore.getState()).toMatchObject({ loggedIn: true, user: verified });
    expect(api.requestsTo('POST', '/api/iam/authn/verifyemailtoken')).toHaveLength(1);
  });

  it('tells a guest to log in when the link verified the address but signing in failed', async () => {
    const api = createFakeApi()
      .on(
        'POST',
        '/api/iam/authn/verifyemailtoken',
        ok({ verified: true, code: 'late-code', expires_in: 60 }),
      )
      .on('POST', '/api/iam/authn/refresh', fail(400, 'INVALID_GRANT'));
    renderShell('/auth/verifyemail?token=late-token', {}, { api });

    expect(
      await screen.findByRole('link', { name: 'Log in to finish your profile' }),
    ).toHaveAttribute('href', '/auth/login?redirect=%2Fauth%2Fregister');
  });
});

describe('/auth/verifyfailed', () => {
  it('sends a new link to the address a guest types', async () => {
    const api = createFakeApi().on('POST', '/api/iam/authn/verifyemail', ok({ sent: true }));
    renderShell('/auth/verifyfailed', {}, { api });
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText(/^E-mail/), 'new@example.com');
    await user.click(screen.getByRole('button', { name: 'Send a new link' }));

    expect(await screen.findByText(/A new link is on its way to new@example.com/)).toBeVisible();
  });
});
