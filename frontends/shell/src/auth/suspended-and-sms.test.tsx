import { createFakeApi, fail, fakeProfile, ok } from '@plantfolk/api-client/testing';
import { sessionStore } from '@plantfolk/session';
import type { RemoteModule } from '@plantfolk/ui';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderShell } from '../testing/render-shell';
import { sessionReply, signedIn } from '../testing/session-fixtures';
import { normalisePhoneNumber, phoneNumberProblem } from './sms-page';

const events: RemoteModule = {
  routes: [
    { path: '/events', handle: { access: 'guest-or-authd' }, element: <h1>Events list</h1> },
  ],
};
const social: RemoteModule = {
  routes: [{ path: '/', handle: { access: 'guest-or-authd' }, element: <h1>Your feed</h1> }],
};

describe('/auth/suspended', () => {
  it('keeps a suspended member there, and lets them log out', async () => {
    const suspended = fakeProfile({ suspended: true });
    const api = createFakeApi()
      .on('POST', '/api/iam/authn/refresh', sessionReply(suspended, 'suspended-token'))
      .on('POST', '/api/iam/authn/logout', ok({ loggedOut: true }));
    const { router, sessionClient } = renderShell(
      '/events',
      { events, social },
      { api, session: {} },
    );
    await sessionClient.start();

    expect(await screen.findByRole('heading', { name: 'This account is suspended' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/auth/suspended');
    expect(screen.queryByRole('heading', { name: 'Events list' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Log out' }));

    expect(await screen.findByRole('heading', { name: 'Your feed' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/');
    expect(sessionStore.getState().loggedIn).toBe(false);
    const [logout] = api.requestsTo('POST', '/api/iam/authn/logout');
    expect(logout?.headers.get('authorization')).toBe('Bearer suspended-token');
  });
});

describe('/auth/sms', () => {
  const member = fakeProfile();

  it('sends a code to the number, then confirms it', async () => {
    const api = createFakeApi()
      .on(
        'POST',
        '/api/iam/authn/init-phone-and-check/',
        ok({ unverifiable: false, recordId: 'rec-1' }),
      )
      .on(
        'PUT',
        '/api/iam/authn/confirm-phone-and-record/',
        ok({ verified: true, phone_verified: true }),
      );
    renderShell('/auth/sms', {}, { api, session: signedIn(member) });
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText(/^Mobile number/), '+61 412 345 678');
    await user.click(screen.getByRole('button', { name: 'Send me a code' }));
    await user.type(await screen.findByLabelText(/^Code from the SMS/), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expect(
      await screen.findByRole('heading', { name: 'Your phone number is verified' }),
    ).toBeVisible();
    expect(api.requestsTo('POST', '/api/iam/authn/init-phone-and-check/')[0]?.body).toEqual({
      phoneNo: '+61412345678',
      userId: member.uuid,
    });
    expect(api.requestsTo('PUT', '/api/iam/authn/confirm-phone-and-record/')[0]?.body).toEqual({
      phoneNo: '+61412345678',
      userId: member.uuid,
      recordId: 'rec-1',
      code: '123456',
    });
    expect(sessionStore.getState().user?.phone_verified).toBe(true);
  });

  it('says when no code could be sent to the number', async () => {
    const api = createFakeApi().on(
      'POST',
      '/api/iam/authn/init-phone-and-check/',
      ok({ unverifiable: true, recordId: '' }),
    );
    renderShell('/auth/sms', {}, { api, session: signedIn(member) });
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText(/^Mobile number/), '+61412345678');
    await user.click(screen.getByRole('button', { name: 'Send me a code' }));

    expect(
      await screen.findByText(
        'We could not send a code to this number. Check it, or try another one.',
      ),
    ).toBeVisible();
  });

  it('counts down the tries left after a wrong code', async () => {
    const api = createFakeApi()
      .on(
        'POST',
        '/api/iam/authn/init-phone-and-check/',
        ok({ unverifiable: false, recordId: 'rec-1' }),
      )
      .on(
        'PUT',
        '/api/iam/authn/confirm-phone-and-record/',
        fail(400, 'WRONG_CODE', 'Wrong code', { attemptsLeft: 2 }),
      );
    renderShell('/auth/sms', {}, { api, session: signedIn(member) });
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText(/^Mobile number/), '+61412345678');
    await user.click(screen.getByRole('button', { name: 'Send me a code' }));
    await user.type(await screen.findByLabelText(/^Code from the SMS/), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByText('That code is not right. 2 tries left.')).toBeVisible();
  });

  it('accepts numbers in international format only', () => {
    expect(normalisePhoneNumber('+61 (0412) 345-678')).toBe('+610412345678');
    expect(phoneNumberProblem('+61 412 345 678')).toBeNull();
    expect(phoneNumberProblem('0412 345 678')).toMatch(/international format/);
    expect(phoneNumberProblem('')).toBe('Enter your mobile number.');
  });
});
