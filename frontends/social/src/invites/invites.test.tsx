import type { Invite, PublicInvite } from '@plantfolk/api-client';
import { fail, ok } from '@plantfolk/api-client/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  browseAsGuest,
  fakeApi,
  fernProfile,
  renderSocial,
  signIn,
} from '../testing/social-test-kit';

const INVITE_ID = '30000000-0000-4000-8000-000000000001';
const PAGE_ID = '20000000-0000-4000-8000-000000000001';

function fakeInvite(overrides: Partial<Invite> = {}): Invite {
  return {
    uuid: INVITE_ID,
    is_valid: true,
    inviteType: 'site',
    targetId: null,
    noteText: '',
    status: 'valid',
    target: null,
    link: `/invites/${INVITE_ID}`,
    use_count: 0,
    expires_at: '2030-05-15T10:00:00.000Z',
    created_at: '2030-05-01T10:00:00.000Z',
    used_at: null,
    ...overrides,
  };
}

function publicInvite(overrides: Partial<PublicInvite> = {}): PublicInvite {
  return {
    uuid: INVITE_ID,
    inviteType: 'site',
    status: 'valid',
    is_valid: true,
    inviter: { username: 'fern', display_name: 'Fern G', avatar: null },
    target: null,
    noteText: 'Come swap cuttings',
    expires_at: '2030-05-15T10:00:00.000Z',
    registration: 'invite-only',
    ...overrides,
  };
}

const noTargets = (api: ReturnType<typeof fakeApi>) =>
  api
    .on('GET', `/api/iam/pages/get-all-by-user/${fernProfile.uuid}`, ok([]))
    .on(
      'GET',
      `/api/iam/events/get-by-user/${fernProfile.uuid}`,
      ok({ items: [], next_cursor: null }),
    );

describe('/invites', () => {
  it('lets a trusted member make a site invite and shows its link to share', async () => {
    signIn({ ...fernProfile, roles: ['trusted'] });
    const api = noTargets(fakeApi()).on('POST', '/api/iam/invites/new', ok(fakeInvite(), 201));
    renderSocial('/invites');

    const form = await screen.findByRole('form', { name: 'New invite' });
    await userEvent.click(within(form).getByRole('radio', { name: 'To join Plantfolk' }));
    await userEvent.type(
      within(form).getByRole('textbox', { name: /a note for whoever opens it/i }),
      'Come swap cuttings',
    );
    await userEvent.click(within(form).getByRole('button', { name: 'Create invite' }));

    await waitFor(() => expect(api.requestsTo('POST', '/api/iam/invites/new')).toHaveLength(1));
    await screen.findByText(/your invite is ready/i);
    const created = await screen.findByRole('status', { name: 'Your new invite' });
    expect(created).toHaveTextContent(`/invites/${INVITE_ID}`);
    expect(
      within(created).getByRole('button', { name: /share invite to plantfolk/i }),
    ).toBeInTheDocument();
    expect(api.requestsTo('POST', '/api/iam/invites/new')[0].body).toEqual({
      userId: fernProfile.uuid,
      inviteType: 'site',
      noteText: 'Come swap cuttings',
    });
  });

  it('offers a member who is not trusted their own pages only, and asks which one', async () => {
    signIn();
    const api = fakeApi()
      .on(
        'GET',
        `/api/iam/pages/get-all-by-user/${fernProfile.uuid}`,
        ok([{ id: PAGE_ID, name: 'Fern Friends', owner_id: fernProfile.uuid, handle: 'ff' }]),
      )
      .on(
        'GET',
        `/api/iam/events/get-by-user/${fernProfile.uuid}`,
        ok({ items: [], next_cursor: null }),
      );
    renderSocial('/invites');

    const form = await screen.findByRole('form', { name: 'New invite' });
    expect(within(form).queryByRole('radio', { name: 'To join Plantfolk' })).toBeNull();
    await userEvent.click(within(form).getByRole('radio', { name: 'To a page you own' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Create invite' }));
    expect(await within(form).findByText('Choose the page')).toBeInTheDocument();
    expect(api.requestsTo('POST', '/api/iam/invites/new')).toHaveLength(0);
  });

  it('tells a member who can invite to nothing how invites work', async () => {
    signIn();
    noTargets(fakeApi());
    renderSocial('/invites');
    expect(
      await screen.findByText(/you can invite people to the pages you own/i),
    ).toBeInTheDocument();
  });
});

describe('/invites/user', () => {
  it('lists sent invites with their status and switches one off', async () => {
    signIn();
    const api = fakeApi()
      .on(
        'GET',
        '/api/iam/invites/sent',
        ok({
          items: [
            fakeInvite(),
            fakeInvite({
              uuid: '30000000-0000-4000-8000-000000000002',
              status: 'expired',
              inviteType: 'page',
              targetId: PAGE_ID,
              target: { id: PAGE_ID, title: 'Fern Friends', link: '/ff' },
            }),
          ],
          next_cursor: null,
        }),
      )
      .on(
        'PUT',
        `/api/iam/users/invites/update-validity/${INVITE_ID}`,
        ok(fakeInvite({ is_valid: false, status: 'revoked' })),
      );
    renderSocial('/invites/user');

    const list = await screen.findByRole('feed', { name: 'Your invites' });
    expect(within(list).getByText('Active')).toBeInTheDocument();
    expect(within(list).getByText('Expired')).toBeInTheDocument();
    expect(within(list).getByText('Page: Fern Friends')).toBeInTheDocument();
    await userEvent.click(
      within(list).getByRole('button', { name: 'Switch off the invite to Plantfolk' }),
    );
    await waitFor(() =>
      expect(
        api.requestsTo('PUT', `/api/iam/users/invites/update-validity/${INVITE_ID}`)[0]?.body,
      ).toEqual({ uuid: INVITE_ID, is_valid: false }),
    );
  });
});

describe('/invites/{id}', () => {
  it('shows a guest who invited them and links to sign-up with the invite', async () => {
    browseAsGuest();
    fakeApi().on('GET', `/api/iam/invites/view/${INVITE_ID}`, ok(publicInvite()));
    renderSocial(`/invites/${INVITE_ID}`);

    expect(
      await screen.findByRole('heading', { name: 'You’re invited to Plantfolk' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Come swap cuttings')).toBeInTheDocument();
    expect(screen.getByText(/open to new members by invitation/i)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign up with this invite' })).toHaveAttribute(
      'href',
      `/auth/signup?invite=${INVITE_ID}`,
    );
  });

  it('lets a member accept a page invite and takes them to the page', async () => {
    signIn();
    const api = fakeApi()
      .on(
        'GET',
        `/api/iam/invites/view/${INVITE_ID}`,
        ok(
          publicInvite({
            inviteType: 'page',
            target: { id: PAGE_ID, title: 'Fern Friends', link: '/ff' },
            registration: undefined,
          }),
        ),
      )
      .on(
        'POST',
        `/api/iam/invites/accept/${INVITE_ID}`,
        ok({ uuid: INVITE_ID, inviteType: 'page', link: '/ff', first_time: true }),
      )
      .on('GET', /^\/api\/iam\/posts\/user-or-page-basic\//, fail(404, 'NOT_FOUND'))
      .on('GET', /^\/api\/page\/all-details\//, fail(404, 'PAGE_NOT_FOUND'));
    renderSocial(`/invites/${INVITE_ID}`);

    await userEvent.click(await screen.findByRole('button', { name: 'Accept and open the page' }));
    await waitFor(() =>
      expect(api.requestsTo('POST', `/api/iam/invites/accept/${INVITE_ID}`)).toHaveLength(1),
    );
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'You’re invited to Fern Friends' })).toBeNull(),
    );
  });

  it('sends an expired or unknown invite to the explanation screen', async () => {
    browseAsGuest();
    fakeApi().on(
      'GET',
      `/api/iam/invites/view/${INVITE_ID}`,
      ok(publicInvite({ status: 'expired' })),
    );
    renderSocial(`/invites/${INVITE_ID}`);
    expect(
      await screen.findByRole('heading', { name: 'This invite no longer works' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/auth/signup');
  });

  it('treats an invite the API does not know as one that no longer works', async () => {
    browseAsGuest();
    fakeApi().on('GET', `/api/iam/invites/view/${INVITE_ID}`, fail(404, 'INVITE_NOT_FOUND'));
    renderSocial(`/invites/${INVITE_ID}`);
    expect(
      await screen.findByRole('heading', { name: 'This invite no longer works' }),
    ).toBeInTheDocument();
  });
});
