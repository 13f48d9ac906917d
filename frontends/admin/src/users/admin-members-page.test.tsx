import type { AdminMember } from '@plantfolk/api-client';
import { fail, ok } from '@plantfolk/api-client/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderAdmin, signedInAdmin } from '../testing/render-admin';

const ME = '00000000-0000-4000-8000-000000000001';
const REGISTERED = '/api/iam/users/all/registered';

function member(overrides: Partial<AdminMember> & { uuid: string; username: string }): AdminMember {
  return {
    display_name: null,
    email: `${overrides.username || overrides.uuid.slice(-4)}@plantfolk.test`,
    avatar: null,
    suburb_city: 'Fitzroy',
    state: 'Victoria',
    country: 'Australia',
    stage: 'registered',
    trusted: false,
    admin: false,
    ops: false,
    suspended: false,
    created_at: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}

const me = member({ uuid: ME, username: 'root', admin: true });
const rosa = member({
  uuid: '00000000-0000-4000-8000-00000000000a',
  username: 'rosa',
  display_name: 'Rosa Gallica',
});
const fern = member({ uuid: '00000000-0000-4000-8000-00000000000b', username: 'fern' });
const other = member({
  uuid: '00000000-0000-4000-8000-00000000000c',
  username: 'ivy',
  admin: true,
});

function card(name: RegExp | string) {
  return screen
    .getAllByTestId('admin-member')
    .find((element) => within(element).queryByRole('heading', { name }));
}

describe('admin member lists', () => {
  const admin = signedInAdmin(
    (api) => api.on('GET', REGISTERED, ok({ items: [me, rosa, fern, other], next_cursor: null })),
    { uuid: ME },
  );

  it('lists registered members with their e-mail, place and roles, newest first as sent', async () => {
    renderAdmin('/admin/users/registered');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Registered members' }),
    ).toBeInTheDocument();
    const cards = await screen.findAllByTestId('admin-member');
    expect(cards.map((element) => within(element).getByRole('heading').textContent)).toEqual([
      'root (you)',
      'Rosa Gallica',
      'fern',
      'ivy',
    ]);
    const rosaCard = card('Rosa Gallica') as HTMLElement;
    expect(within(rosaCard).getByText('@rosa')).toBeInTheDocument();
    expect(within(rosaCard).getByText('rosa@plantfolk.test')).toBeInTheDocument();
    expect(within(rosaCard).getByText(/Fitzroy, Victoria, Australia · joined/)).toBeInTheDocument();
    expect(within(card('ivy') as HTMLElement).getByText('Admin')).toBeInTheDocument();
    // One's own account cannot be suspended or deleted here.
    const mine = card(/root/) as HTMLElement;
    expect(within(mine).getByRole('button', { name: /Suspend/ })).toBeDisabled();
    expect(within(mine).getByRole('button', { name: /Delete/ })).toBeDisabled();
    expect(within(rosaCard).getByRole('button', { name: /Suspend/ })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Incomplete' })).toHaveAttribute(
      'href',
      '/admin/users/incomplete',
    );
    expect(screen.getByRole('link', { name: 'Registered' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('searches once typing pauses, not on every key', async () => {
    admin.api.on('GET', REGISTERED, (request) =>
      ok({
        items: request.url.searchParams.get('q') === 'fern' ? [fern] : [me, rosa, fern, other],
        next_cursor: null,
      }),
    );
    renderAdmin('/admin/users/registered');
    await screen.findAllByTestId('admin-member');

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search members' }), 'fern');
    await waitFor(() => expect(screen.getAllByTestId('admin-member')).toHaveLength(1));
    expect(card('fern')).toBeDefined();
    const searches = admin.api
      .requestsTo('GET', REGISTERED)
      .map((request) => request.url.searchParams.get('q'));
    expect(searches).toEqual([null, 'fern']);
    expect(admin.api.requestsTo('GET', REGISTERED)[1]?.url.searchParams.get('take')).toBe('20');
  });

  it('says when nobody matches', async () => {
    admin.api.on('GET', REGISTERED, (request) =>
      request.url.searchParams.get('q')
        ? ok({ items: [], next_cursor: null })
        : ok({ items: [rosa], next_cursor: null }),
    );
    renderAdmin('/admin/users/registered');
    await screen.findAllByTestId('admin-member');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search members' }), 'zz');
    expect(await screen.findByText('Nobody matches “zz”.')).toBeInTheDocument();
  });

  it('loads the next page by cursor', async () => {
    admin.api.on('GET', REGISTERED, (request) =>
      request.url.searchParams.get('cursorId') === 'page-2'
        ? ok({ items: [fern], next_cursor: null })
        : ok({ items: [me, rosa], next_cursor: 'page-2' }),
    );
    renderAdmin('/admin/users/registered');
    await screen.findAllByTestId('admin-member');

    await userEvent.click(screen.getByRole('button', { name: 'Show more members' }));
    await waitFor(() => expect(screen.getAllByTestId('admin-member')).toHaveLength(3));
    expect(screen.getByText('That is everyone.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show more members' })).toBeNull();
  });

  it('makes a member trusted, with the csrf token, and shows it', async () => {
    admin.api.on('PUT', `/api/iam/users/${rosa.uuid}`, (request) =>
      ok({ ...rosa, ...(request.body as object) }),
    );
    renderAdmin('/admin/users/registered');
    await screen.findAllByTestId('admin-member');

    await userEvent.click(
      within(card('Rosa Gallica') as HTMLElement).getByRole('button', { name: 'Make trusted' }),
    );
    const rosaCard = card('Rosa Gallica') as HTMLElement;
    expect(await within(rosaCard).findByText('Trusted')).toBeInTheDocument();
    expect(within(rosaCard).getByRole('button', { name: 'Withdraw trust' })).toBeInTheDocument();
    const [put] = admin.api.requestsTo('PUT', `/api/iam/users/${rosa.uuid}`);
    expect(put?.body).toEqual({ trusted: true });
    expect(put?.headers.get('x-csrf-token')).toBe('csrf-1');
    expect(screen.getByRole('status')).toHaveTextContent('Rosa Gallica is now trusted.');
  });

  it('grants and withdraws the ops permission, and shows it', async () => {
    admin.api.on('PUT', `/api/iam/users/${fern.uuid}`, (request) =>
      ok({ ...fern, ...(request.body as object) }),
    );
    renderAdmin('/admin/users/registered');
    await screen.findAllByTestId('admin-member');
    expect(within(card('fern') as HTMLElement).queryByText('Ops')).toBeNull();

    await userEvent.click(
      within(card('fern') as HTMLElement).getByRole('button', { name: 'Grant ops' }),
    );
    const fernCard = card('fern') as HTMLElement;
    expect(await within(fernCard).findByText('Ops')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('fern can now watch the queues (ops).');

    await userEvent.click(within(fernCard).getByRole('button', { name: 'Withdraw ops' }));
    await waitFor(() => expect(within(card('fern') as HTMLElement).queryByText('Ops')).toBeNull());
    expect(screen.getByRole('status')).toHaveTextContent('fern no longer has ops access.');
    expect(
      admin.api.requestsTo('PUT', `/api/iam/users/${fern.uuid}`).map((request) => request.body),
    ).toEqual([{ ops: true }, { ops: false }]);
  });

  it('explains when the last admin cannot be suspended', async () => {
    admin.api.on('PUT', `/api/iam/users/${other.uuid}`, fail(409, 'LAST_ADMIN', 'last admin'));
    renderAdmin('/admin/users/registered');
    await screen.findAllByTestId('admin-member');

    await userEvent.click(
      within(card('ivy') as HTMLElement).getByRole('button', { name: 'Suspend' }),
    );
    expect(await within(card('ivy') as HTMLElement).findByRole('alert')).toHaveTextContent(
      'You can’t remove the last admin',
    );
    expect(within(card('ivy') as HTMLElement).queryByText('Suspended')).toBeNull();
  });

  it('deletes a member only once their username is typed', async () => {
    admin.api.on('DELETE', `/api/iam/users/${fern.uuid}`, ok({ deleted: true }));
    renderAdmin('/admin/users/registered');
    await screen.findAllByTestId('admin-member');

    await userEvent.click(
      within(card('fern') as HTMLElement).getByRole('button', { name: /Delete/ }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Delete fern?' });
    const confirm = within(dialog).getByRole('button', { name: 'Delete account' });
    expect(confirm).toBeDisabled();
    await userEvent.type(
      within(dialog).getByLabelText(/Type the username “fern” to confirm/),
      'fer',
    );
    expect(confirm).toBeDisabled();
    expect(admin.api.requestsTo('DELETE', `/api/iam/users/${fern.uuid}`)).toHaveLength(0);
    await userEvent.type(within(dialog).getByLabelText(/Type the username/), 'n{Enter}');

    await waitFor(() => expect(card('fern')).toBeUndefined());
    expect(admin.api.requestsTo('DELETE', `/api/iam/users/${fern.uuid}`)).toHaveLength(1);
    expect(screen.getAllByTestId('admin-member')).toHaveLength(3);
  });

  it('keeps the dialog open with the reason when a deletion is refused', async () => {
    admin.api.on('DELETE', `/api/iam/users/${other.uuid}`, fail(409, 'LAST_ADMIN'));
    renderAdmin('/admin/users/registered');
    await screen.findAllByTestId('admin-member');

    await userEvent.click(
      within(card('ivy') as HTMLElement).getByRole('button', { name: /Delete/ }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Delete ivy?' });
    await userEvent.type(within(dialog).getByLabelText(/Type the username/), 'IVY');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete account' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'You can’t remove the last admin',
    );
    expect(card('ivy')).toBeDefined();
  });

  it('shows incomplete profiles from their own list, named by e-mail', async () => {
    const late = member({
      uuid: '00000000-0000-4000-8000-00000000000d',
      username: '',
      email: 'late@plantfolk.test',
      stage: 'signed-up',
      suburb_city: null,
      state: null,
      country: null,
    });
    admin.api.on('GET', '/api/iam/users/all/incomplete', ok({ items: [late], next_cursor: null }));
    renderAdmin('/admin/users/incomplete');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Incomplete profiles' }),
    ).toBeInTheDocument();
    const lateCard = (await screen.findAllByTestId('admin-member'))[0] as HTMLElement;
    expect(
      within(lateCard).getByRole('heading', { name: 'late@plantfolk.test' }),
    ).toBeInTheDocument();
    expect(within(lateCard).getByText('E-mail not verified')).toBeInTheDocument();
    expect(admin.api.requestsTo('GET', REGISTERED)).toHaveLength(0);
  });

  it('says so when a list is empty, and offers a retry when loading fails', async () => {
    let failing = true;
    admin.api.on('GET', REGISTERED, () =>
      failing
        ? fail(500, 'INTERNAL', 'Something went wrong on our side')
        : ok({ items: [], next_cursor: null }),
    );
    renderAdmin('/admin/users/registered');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The members could not be loaded');
    failing = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Nobody has finished registering yet.')).toBeInTheDocument();
  });
});
