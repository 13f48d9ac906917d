import type { AdminMember } from '@plantfolk/api-client';
import { createFakeApi, fail, fakeProfile, ok, type FakeApi } from '@plantfolk/api-client/testing';
import { initialSessionState, sessionStore } from '@plantfolk/session';
import { renderRoutes } from '@plantfolk/ui/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../routes';

function member(overrides: Partial<AdminMember> & { uuid: string }): AdminMember {
  return {
    username: '',
    display_name: null,
    email: `${overrides.uuid.slice(-4)}@plantfolk.test`,
    avatar: null,
    suburb_city: null,
    state: null,
    country: null,
    stage: 'registered',
    trusted: false,
    admin: false,
    suspended: false,
    created_at: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}

const ivy = member({
  uuid: '00000000-0000-4000-8000-00000000000a',
  username: 'ivy',
  display_name: 'Ivy Hedera',
  stage: 'verified',
});
const newbie = member({ uuid: '00000000-0000-4000-8000-00000000000b', stage: 'signed-up' });
const rosa = member({ uuid: '00000000-0000-4000-8000-00000000000c', username: 'rosa' });

describe('/admin/email', () => {
  let api: FakeApi;
  beforeEach(() => {
    api = createFakeApi()
      .on('GET', '/api/iam/users/all/registered', ok({ items: [rosa], next_cursor: null }))
      .on('GET', '/api/iam/users/all/incomplete', ok({ items: [ivy, newbie], next_cursor: null }));
    vi.stubGlobal('fetch', api.fetch);
    sessionStore.setSession({
      loggedIn: true,
      accessToken: 'admin-token',
      user: fakeProfile({ username: 'root', roles: ['admin'], csrf_token: 'csrf-1' }),
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStore.setSession(initialSessionState);
  });

  it('tells the admins about a verified member once one is picked, and says it is queued', async () => {
    api.on('POST', '/api/iam/emails/admin/new-verified-user', ok({ queued: 3 }, 201));
    renderRoutes(routes, '/admin/email');
    const waiting = await screen.findAllByRole('button', { name: 'Pick a member first' });
    expect(waiting).toHaveLength(2);
    for (const button of waiting) expect(button).toBeDisabled();
    await userEvent.click(await screen.findByRole('radio', { name: 'Ivy Hedera' }));
    await userEvent.click(
      screen.getByRole('button', { name: 'Send: new verified member (Ivy Hedera)' }),
    );
    expect(
      await screen.findByText('Queued: 3 e-mails to the admins about Ivy Hedera.'),
    ).toBeInTheDocument();
    expect(api.requestsTo('POST', '/api/iam/emails/admin/new-verified-user')[0]?.body).toEqual({
      userId: ivy.uuid,
    });
  });

  it('will not tell admins about a member who has not verified, and shows what the API says', async () => {
    api.on(
      'POST',
      '/api/iam/emails/account-deletion',
      fail(404, 'USER_NOT_FOUND', 'User not found'),
    );
    renderRoutes(routes, '/admin/email');
    await userEvent.click(await screen.findByRole('radio', { name: newbie.email }));
    expect(
      screen.getByText('This member has not verified their e-mail address yet.'),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: `Send: new verified member (${newbie.email})` }),
    ).toBeDisabled();
    await userEvent.click(
      screen.getByRole('button', { name: `Send: account deletion notice (${newbie.email})` }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('User not found');
  });

  it('searches both member lists', async () => {
    renderRoutes(routes, '/admin/email');
    await screen.findByRole('radio', { name: 'rosa' });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Find a member' }), 'ivy');
    await waitFor(() =>
      expect(
        api
          .requestsTo('GET', '/api/iam/users/all/incomplete')
          .map((r) => r.url.searchParams.get('q')),
      ).toContain('ivy'),
    );
    expect(
      api
        .requestsTo('GET', '/api/iam/users/all/registered')
        .map((r) => r.url.searchParams.get('q')),
    ).toContain('ivy');
  });

  it('passes axe in light and dark mode', async () => {
    const { container } = renderRoutes(routes, '/admin/email');
    const group = await screen.findByRole('radiogroup', { name: 'Send to or about' });
    await userEvent.click(within(group).getByRole('radio', { name: 'rosa' }));
    for (const scheme of ['light', 'dark']) {
      document.documentElement.setAttribute('data-mantine-color-scheme', scheme);
      const report = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
      expect(report.violations.map((violation) => violation.id)).toEqual([]);
    }
  });
});
