import { randomUUID } from 'node:crypto';
import { AccountDeletionService } from '../../src/modules/identity/account-deletion.service';
import { MembersService } from '../../src/modules/identity/members.service';
import { createMember, type TestMember } from '../support/members';
import type { TestApp } from '../support/test-app';
import { adminAppPerSuite, appPerSuite } from '../support/suite-app';

interface Listed {
  uuid: string;
  username: string;
  display_name: string | null;
  email: string;
  stage: string;
  trusted: boolean;
  admin: boolean;
  suspended: boolean;
  created_at: string;
}

describe('admin: the member lists (GET /api/iam/users/all/{x})', () => {
  let t: TestApp;
  let admin: TestMember;
  adminAppPerSuite((suite) => ({ t, admin } = suite));

  const list = (x: string, query: Record<string, string> = {}, caller: TestMember = admin) =>
    t.http().get(`/api/iam/users/all/${x}`).query(query).set(caller.headers);

  /** Every page of a list, following next_cursor. */
  async function everyPage(x: string, query: Record<string, string> = {}) {
    const items: Listed[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const response = await list(x, { ...query, ...(cursor ? { cursorId: cursor } : {}) });
      expect(response.status).toBe(200);
      items.push(...(response.body.data.items as Listed[]));
      cursor = response.body.data.next_cursor;
      pages += 1;
    } while (cursor && pages < 100);
    return { items, pages };
  }

  it('lists registered members, newest first, with what admins need to see of each', async () => {
    const member = await createMember(t, 'registered', {
      displayName: 'Rosa Gallica',
      avatar: 'avatars/ro/rosa.webp',
    });
    const trusted = await createMember(t, 'trusted');
    const incomplete = await createMember(t, 'verified');

    const response = await list('registered').expect(200);
    const items = response.body.data.items as Listed[];
    const ids = items.map((item) => item.uuid);
    expect(ids).toEqual(expect.arrayContaining([member.id, trusted.id, admin.id]));
    expect(ids).not.toContain(incomplete.id);
    expect(items.every((item) => item.stage === 'registered')).toBe(true);
    const rows = (await t.dataSource.query(
      'SELECT id FROM user_account WHERE registered_at IS NOT NULL ORDER BY created_at DESC, id DESC',
    )) as Array<{ id: string }>;
    expect(ids).toEqual(rows.map((row) => row.id).slice(0, ids.length));

    const shown = items.find((item) => item.uuid === member.id);
    expect(shown).toEqual({
      uuid: member.id,
      username: member.username,
      display_name: 'Rosa Gallica',
      email: member.email,
      avatar: 'avatars/ro/rosa.webp',
      suburb_city: 'Fitzroy',
      state: 'Victoria',
      country: 'Australia',
      stage: 'registered',
      trusted: false,
      admin: false,
      ops: false,
      suspended: false,
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T.*Z$/),
    });
    expect(items.find((item) => item.uuid === trusted.id)).toMatchObject({ trusted: true });
    expect(items.find((item) => item.uuid === admin.id)).toMatchObject({ admin: true });
  });

  it('lists those who have not finished registering apart (signed up, or verified)', async () => {
    const signedUp = await createMember(t, 'signed-up');
    const verified = await createMember(t, 'verified');
    const registered = await createMember(t, 'registered');

    const { items } = await everyPage('incomplete');
    const byId = new Map(items.map((item) => [item.uuid, item]));
    expect(byId.get(signedUp.id)).toMatchObject({
      stage: 'signed-up',
      username: '',
      email: signedUp.email,
      suburb_city: null,
    });
    expect(byId.get(verified.id)).toMatchObject({ stage: 'verified' });
    expect(byId.has(registered.id)).toBe(false);
    expect(items.every((item) => item.stage !== 'registered')).toBe(true);
  });

  it('finds members by username, display name or e-mail, in any case, with wildcards taken literally', async () => {
    const tag = randomUUID().slice(0, 6);
    const byName = await createMember(t, 'registered', { username: `fern_${tag}` });
    const byDisplay = await createMember(t, 'registered', {
      displayName: `Maidenhair ${tag.toUpperCase()}`,
    });
    const byEmail = await createMember(t, 'registered', {
      email: `spore.${tag}@example.org`,
    });
    const unfinished = await createMember(t, 'verified', { email: `late.${tag}@example.org` });

    const ids = async (x: string, q: string) =>
      ((await list(x, { q }).expect(200)).body.data.items as Listed[]).map((item) => item.uuid);

    expect(await ids('registered', `FERN_${tag}`)).toEqual([byName.id]);
    expect(await ids('registered', `  maidenhair ${tag} `)).toEqual([byDisplay.id]);
    expect(await ids('registered', `spore.${tag}@EXAMPLE`)).toEqual([byEmail.id]);
    expect((await ids('registered', tag)).sort()).toEqual(
      [byName.id, byDisplay.id, byEmail.id].sort(),
    );
    expect(await ids('incomplete', `late.${tag}`)).toEqual([unfinished.id]);
    expect(await ids('registered', `late.${tag}`)).toEqual([]);
    // `%` and `_` are characters, not wildcards.
    expect(await ids('registered', '%')).toEqual([]);
    expect(await ids('registered', `fern${tag}`)).toEqual([]);
    expect(await ids('registered', `fern_${tag}`)).toEqual([byName.id]);
    expect(await ids('registered', `fern%${tag}`)).toEqual([]);
    // A blank search is no search.
    expect((await ids('registered', '   ')).length).toBeGreaterThan(3);
  });

  it('pages by cursor without gaps or repeats, also while searching', async () => {
    const tag = randomUUID().slice(0, 6);
    const made: string[] = [];
    for (let index = 0; index < 7; index += 1)
      made.push((await createMember(t, 'registered', { displayName: `Pager ${tag} ${index}` })).id);

    const first = await list('registered', { q: `pager ${tag}`, take: '3' }).expect(200);
    expect(first.body.data.items).toHaveLength(3);
    expect(first.body.data.next_cursor).toEqual(expect.any(String));

    const { items, pages } = await everyPage('registered', { q: `pager ${tag}`, take: '3' });
    expect(pages).toBe(3);
    expect(items.map((item) => item.uuid)).toEqual(made.slice().reverse());

    const all = await everyPage('registered', { take: '2' });
    const ids = all.items.map((item) => item.uuid);
    expect(new Set(ids).size).toBe(ids.length);
    const [{ count }] = (await t.dataSource.query(
      'SELECT count(*)::int AS count FROM user_account WHERE registered_at IS NOT NULL',
    )) as Array<{ count: number }>;
    expect(ids).toHaveLength(count);
  });

  it('shows a change an admin makes', async () => {
    const member = await createMember(t, 'registered');
    await t
      .http()
      .put(`/api/iam/users/${member.id}`)
      .set(admin.headers)
      .send({ trusted: true, suspended: true })
      .expect(200);
    const { items } = await everyPage('registered', { q: member.username as string });
    expect(items).toEqual([
      expect.objectContaining({ uuid: member.id, trusted: true, suspended: true }),
    ]);
  });

  it('is for admins only: 401 for guests, 403 for members, trusted members and suspended admins', async () => {
    const guest = await t.http().get('/api/iam/users/all/registered').expect(401);
    expect(guest.body.error.code).toBe('UNAUTHENTICATED');
    for (const kind of ['verified', 'registered', 'trusted'] as const) {
      const caller = await createMember(t, kind);
      const refused = await list('registered', {}, caller).expect(403);
      expect(refused.body.error.code).toBe('NOT_PERMITTED');
      expect(refused.body).not.toHaveProperty('data');
    }
    const suspendedAdmin = await createMember(t, 'admin', { suspendedAt: new Date() });
    await list('incomplete', {}, suspendedAdmin).expect(403);
  });

  it('keeps e-mail and roles out of what others see of a member', async () => {
    const member = await createMember(t, 'trusted');
    const summary = await t.http().get(`/api/user/get-user-by-uuid/${member.id}`).expect(200);
    expect(summary.body.data).not.toHaveProperty('email');
    expect(summary.body.data).not.toHaveProperty('trusted');
    expect(summary.body.data).not.toHaveProperty('admin');
    expect(JSON.stringify(summary.body)).not.toContain(member.email);
  });

  it('answers bad input with a 400 and no list', async () => {
    const cases: Array<[string, Record<string, string>, string]> = [
      ['everyone', {}, 'VALIDATION_FAILED'],
      ['REGISTERED', {}, 'VALIDATION_FAILED'],
      ['registered', { cursorId: 'not-a-cursor!' }, 'INVALID_CURSOR'],
      [
        'registered',
        {
          cursorId: Buffer.from(
            JSON.stringify({ created_at: '2024-02-31T00:00:00Z', id: randomUUID() }),
          ).toString('base64url'),
        },
        'INVALID_CURSOR',
      ],
      ['registered', { take: 'ten' }, 'VALIDATION_FAILED'],
      ['registered', { q: 'x'.repeat(101) }, 'VALIDATION_FAILED'],
      ['registered', { q: 'fern\u0000' }, 'VALIDATION_FAILED'],
    ];
    for (const [x, query, code] of cases) {
      const response = await list(x, query);
      expect({ x, query, status: response.status, code: response.body.error?.code }).toEqual({
        x,
        query,
        status: 400,
        code,
      });
    }
    const repeated = await t
      .http()
      .get('/api/iam/users/all/registered?q=a&q=b')
      .set(admin.headers)
      .expect(400);
    expect(repeated.body.error.code).toBe('VALIDATION_FAILED');
    const huge = await t
      .http()
      .get(`/api/iam/users/all/registered?q=${'y'.repeat(5000)}`)
      .set(admin.headers);
    expect([400, 414]).toContain(huge.status);
  });
});

describe('admin: the last active admin stays', () => {
  let t: TestApp;
  appPerSuite((app) => (t = app));

  /** Leaves `keep` as the only admins of the database. */
  async function onlyAdmins(...keep: TestMember[]) {
    await t.dataSource.query('UPDATE user_account SET is_admin = false WHERE NOT (id = ANY($1))', [
      keep.map((member) => member.id),
    ]);
  }
  const activeAdmins = async () =>
    (
      (await t.dataSource.query(
        'SELECT id FROM user_account WHERE is_admin AND suspended_at IS NULL',
      )) as unknown[]
    ).length;

  it('cannot be suspended, even by another (suspended) admin acting through the service', async () => {
    const last = await createMember(t, 'admin');
    const other = await createMember(t, 'admin', { suspendedAt: new Date() });
    await onlyAdmins(last, other);
    await expect(
      t.app.get(MembersService).updateRoles(other.id, last.id, { suspended: true }),
    ).rejects.toMatchObject({ code: 'LAST_ADMIN' });
    // Trust may still change, and another active admin makes suspension possible.
    await t.app.get(MembersService).updateRoles(other.id, last.id, { trusted: true });
    await t.dataSource.query('UPDATE user_account SET suspended_at = NULL WHERE id = $1', [
      other.id,
    ]);
    await t
      .http()
      .put(`/api/iam/users/${last.id}`)
      .set(other.headers)
      .send({ suspended: true })
      .expect(200);
    expect(await activeAdmins()).toBe(1);
  });

  it('keeps one of two admins who suspend each other at the same moment', async () => {
    const first = await createMember(t, 'admin');
    const second = await createMember(t, 'admin');
    await onlyAdmins(first, second);
    const [one, two] = await Promise.all([
      t.http().put(`/api/iam/users/${second.id}`).set(first.headers).send({ suspended: true }),
      t.http().put(`/api/iam/users/${first.id}`).set(second.headers).send({ suspended: true }),
    ]);
    const statuses = [one.status, two.status].sort();
    expect(statuses[0]).toBe(200);
    expect([403, 409]).toContain(statuses[1]);
    const refused = one.status === 200 ? two : one;
    expect(['LAST_ADMIN', 'ACCOUNT_SUSPENDED']).toContain(refused.body.error.code);
    expect(await activeAdmins()).toBe(1);
  });

  it('cannot be demoted while the only active admin; another admin can be made and demoted', async () => {
    const last = await createMember(t, 'admin');
    const member = await createMember(t, 'registered');
    await onlyAdmins(last);
    const self = await t
      .http()
      .put(`/api/iam/users/${last.id}`)
      .set(last.headers)
      .send({ admin: false })
      .expect(400);
    expect(self.body.error.code).toBe('CANNOT_CHANGE_SELF');
    await expect(
      t.app.get(MembersService).updateRoles(member.id, last.id, { admin: false }),
    ).rejects.toMatchObject({ code: 'LAST_ADMIN' });
    const made = await t
      .http()
      .put(`/api/iam/users/${member.id}`)
      .set(last.headers)
      .send({ admin: true })
      .expect(200);
    expect(made.body.data).toMatchObject({ uuid: member.id, admin: true });
    expect(await activeAdmins()).toBe(2);
    await t.http().get('/api/iam/refresh-tokens').set(member.headers).expect(200);
    await t
      .http()
      .put(`/api/iam/users/${member.id}`)
      .set(last.headers)
      .send({ admin: false })
      .expect(200);
    await t.http().get('/api/iam/refresh-tokens').set(member.headers).expect(403);
    expect(await activeAdmins()).toBe(1);
  });

  it('keeps one of two admins who demote each other at the same moment', async () => {
    const first = await createMember(t, 'admin');
    const second = await createMember(t, 'admin');
    await onlyAdmins(first, second);
    const [one, two] = await Promise.all([
      t.http().put(`/api/iam/users/${second.id}`).set(first.headers).send({ admin: false }),
      t.http().put(`/api/iam/users/${first.id}`).set(second.headers).send({ admin: false }),
    ]);
    const statuses = [one.status, two.status].sort();
    expect(statuses[0]).toBe(200);
    expect([403, 409]).toContain(statuses[1]);
    const refused = one.status === 200 ? two : one;
    expect(['LAST_ADMIN', 'NOT_PERMITTED']).toContain(refused.body.error.code);
    expect(await activeAdmins()).toBe(1);
  });

  it('keeps one of two admins who delete each other at the same moment', async () => {
    const first = await createMember(t, 'admin');
    const second = await createMember(t, 'admin');
    await onlyAdmins(first, second);
    const [one, two] = await Promise.all([
      t.http().delete(`/api/iam/users/${second.id}`).set(first.headers),
      t.http().delete(`/api/iam/users/${first.id}`).set(second.headers),
    ]);
    const statuses = [one.status, two.status].sort();
    expect(statuses[0]).toBe(200);
    // The loser is refused by the rule, or finds its own session gone with its account.
    expect([401, 409]).toContain(statuses[1]);
    expect(await activeAdmins()).toBe(1);
  });

  it('cannot delete their own account, nor be deleted, while the only active admin', async () => {
    const last = await createMember(t, 'admin');
    await onlyAdmins(last);
    const own = await t
      .http()
      .delete('/api/iam/authn/delete')
      .set(last.headers)
      .send({ uuid: last.id, password: last.password })
      .expect(409);
    expect(own.body.error).toEqual({
      code: 'LAST_ADMIN',
      message: 'You can’t remove the last admin: the site needs at least one active admin',
    });
    await expect(t.app.get(AccountDeletionService).deleteAccount(last.id)).rejects.toMatchObject({
      code: 'LAST_ADMIN',
    });
    await t.http().get('/api/iam/authn/profile').set(last.headers).expect(200);

    // With a second active admin, either may go.
    const second = await createMember(t, 'admin');
    await t.http().delete(`/api/iam/users/${last.id}`).set(second.headers).expect(200);
    expect(await activeAdmins()).toBe(1);
    // A suspended admin is no active admin: deleting one never empties the site.
    const suspended = await createMember(t, 'admin', { suspendedAt: new Date() });
    await t.http().delete(`/api/iam/users/${suspended.id}`).set(second.headers).expect(200);
    const self = await t.http().delete(`/api/iam/users/${second.id}`).set(second.headers);
    expect(self.status).toBe(400);
  });

  it('refuses admin changes without the session’s csrf_token, changing nothing', async () => {
    const admin = await createMember(t, 'admin');
    const member = await createMember(t, 'registered');
    const noToken = { authorization: `Bearer ${admin.accessToken}` };
    const put = await t
      .http()
      .put(`/api/iam/users/${member.id}`)
      .set(noToken)
      .send({ trusted: true })
      .expect(403);
    expect(put.body.error.code).toBe('CSRF_FAILED');
    await t.http().delete(`/api/iam/users/${member.id}`).set(noToken).expect(403);
    const [row] = (await t.dataSource.query('SELECT is_trusted FROM user_account WHERE id = $1', [
      member.id,
    ])) as Array<{ is_trusted: boolean }>;
    expect(row).toEqual({ is_trusted: false });
  });
});
