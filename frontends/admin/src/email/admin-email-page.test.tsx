import type { AdminMember } from '@plantfolk/api-client';
import { fail, ok } from '@plantfolk/api-client/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, renderAdmin, signedInAdmin } from '../testing/render-admin';

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
    ops: false,
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
  const admin = signedInAdmin((api) =>
    api
      .on('GET', '/api/iam/users/all/registered', ok({ items: [rosa], next_cursor: null }))
      .on('GET', '/api/iam/users/all/incomplete', ok({ items: [ivy, newbie], next_cursor: null })),
  );

  it('tells the admins about a verified member once one is picked, and says it is queued', async () => {
    admin.api.on('POST', '/api/iam/emails/admin/new-verified-user', ok({ queued: 3 }, 201));
    renderAdmin('/admin/email');
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
    expect(
      admin.api.requestsTo('POST', '/api/iam/emails/admin/new-verified-user')[0]?.body,
    ).toEqual({
      userId: ivy.uuid,
    });
  });

  it('will not tell admins about a member who has not verified, and shows what the API says', async () => {
    admin.api.on(
      'POST',
      '/api/iam/emails/account-deletion',
      fail(404, 'USER_NOT_FOUND', 'User not found'),
    );
    renderAdmin('/admin/email');
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
    renderAdmin('/admin/email');
    await screen.findByRole('radio', { name: 'rosa' });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Find a member' }), 'ivy');
    await waitFor(() =>
      expect(
        admin.api
          .requestsTo('GET', '/api/iam/users/all/incomplete')
          .map((r) => r.url.searchParams.get('q')),
      ).toContain('ivy'),
    );
    expect(
      admin.api
        .requestsTo('GET', '/api/iam/users/all/registered')
        .map((r) => r.url.searchParams.get('q')),
    ).toContain('ivy');
  });

  it('passes axe in light and dark mode', async () => {
    const { container } = renderAdmin('/admin/email');
    const group = await screen.findByRole('radiogroup', { name: 'Send to or about' });
    await userEvent.click(within(group).getByRole('radio', { name: 'rosa' }));
    await expectNoAxeViolations(container);
  });
});
