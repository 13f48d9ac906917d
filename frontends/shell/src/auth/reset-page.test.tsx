import { createFakeApi, fail, fakeProfile, ok } from '@plantfolk/api-client/testing';
import { sessionStore } from '@plantfolk/session';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderShell } from '../testing/render-shell';
import { signedIn } from '../testing/session-fixtures';

describe('/auth/reset', () => {
  it('sends a reset link and says it is on its way', async () => {
    const api = createFakeApi().on('POST', '/api/iam/authn/reset', ok({ sent: true }));
    renderShell('/auth/reset', {}, { api });
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText(/^E-mail/), 'fern@example.com');
    await user.click(screen.getByRole('button', { name: 'Send me a reset link' }));

    expect(await screen.findByRole('heading', { name: 'Check your inbox' })).toBeInTheDocument();
    expect(screen.getByText('fern@example.com')).toBeInTheDocument();
    expect(api.requestsTo('POST', '/api/iam/authn/reset')[0]?.body).toEqual({
      email: 'fern@example.com',
    });
  });

  it('checks the link, sets the new password, and sends the user to log in', async () => {
    const api = createFakeApi()
      .on('POST', '/api/iam/pwreset/verify', ok({ valid: true }))
      .on('PUT', '/api/iam/pwreset/update', ok({ updated: true }));
    const { router } = renderShell('/auth/reset?token=reset-1', {}, { api });
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText(/^New password/), 'a brand new password');
    await user.type(screen.getByLabelText(/^Repeat the new password/), 'a brand new password');
    await user.click(screen.getByRole('button', { name: 'Save the new password' }));

    expect(
      await screen.findByText('Your password has been changed. Log in with your new password.'),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(api.requestsTo('POST', '/api/iam/pwreset/verify')[0]?.body).toEqual({
      token: 'reset-1',
    });
    expect(api.requestsTo('PUT', '/api/iam/pwreset/update')[0]?.body).toEqual({
      token: 'reset-1',
      password: 'a brand new password',
    });
  });

  it('logs this browser out too, since every session of the account has ended', async () => {
    const api = createFakeApi()
      .on('POST', '/api/iam/pwreset/verify', ok({ valid: true }))
      .on('PUT', '/api/iam/pwreset/update', ok({ updated: true }));
    renderShell('/auth/reset?token=reset-2', {}, { api, session: signedIn(fakeProfile()) });
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText(/^New password/), 'a brand new password');
    await user.type(screen.getByLabelText(/^Repeat the new password/), 'a brand new password');
    await user.click(screen.getByRole('button', { name: 'Save the new password' }));

    expect(await screen.findByRole('heading', { name: 'Log in to Plantfolk' })).toBeVisible();
    expect(sessionStore.getState()).toMatchObject({ loggedIn: false, accessToken: null });
  });

  it('shows a common password at the password field, keeping the form', async () => {
    const api = createFakeApi()
      .on('POST', '/api/iam/pwreset/verify', ok({ valid: true }))
      .on(
        'PUT',
        '/api/iam/pwreset/update',
        fail(400, 'WEAK_PASSWORD', 'This password is one of the most common ones.', {
          field: 'password',
        }),
      );
    const { router } = renderShell('/auth/reset?token=reset-3', {}, { api });
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText(/^New password/), 'qwertyuiop');
    await user.type(screen.getByLabelText(/^Repeat the new password/), 'qwertyuiop');
    await user.click(screen.getByRole('button', { name: 'Save the new password' }));

    expect(await screen.findByText('This password is one of the most common ones.')).toBeVisible();
    expect(screen.getByLabelText(/^New password/)).toHaveAttribute('data-invalid', 'true');
    expect(router.state.location.pathname).toBe('/auth/reset');
  });

  it('offers a new link when the reset link has expired', async () => {
    const api = createFakeApi().on('POST', '/api/iam/pwreset/verify', fail(400, 'INVALID_TOKEN'));
    renderShell('/auth/reset?token=old', {}, { api });

    expect(
      await screen.findByRole('heading', { name: 'This reset link does not work' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send me a reset link' })).toBeInTheDocument();
  });
});
