import { randomUUID } from 'node:crypto';
import { InvitesService } from '../../src/modules/invites';
import { SiteSettingsService } from '../../src/platform/site-settings/site-settings.service';
import { dateIn } from '../support/events';
import { createMember, type TestMember } from '../support/members';
import { startTestApp, type TestApp } from '../support/test-app';

const FITZROY = {
  suburb_city: 'Fitzroy',
  state: 'Victoria',
  country: 'Australia',
  latitude: -37.79871,
  longitude: 144.97834,
};

describe('invites', () => {
  let t: TestApp;
  let trusted: TestMember;
  let other: TestMember;
  let registered: TestMember;
  let admin: TestMember;
  let page: { id: string; handle: string; name: string };
  let event: { id: string; random_id: string };

  beforeAll(async () => {
    t = await startTestApp({ env: { RATE_LIMITS: 'off' } });
    [trusted, other, registered, admin] = await Promise.all([
      createMember(t, 'trusted'),
      createMember(t, 'trusted'),
      createMember(t, 'registered'),
      createMember(t, 'admin'),
    ]);
    const handle = `inv_${randomUUID().slice(0, 8)}`;
    const created = await t
      .http()
      .post('/api/iam/pages/new')
      .set(trusted.headers)
      .send({ handle, name: 'Fitzroy Fern Circle', ...FITZROY });
    expect(created.status).toBe(201);
    page = created.body.data;
    const made = await t
      .http()
      .post('/api/iam/events/new')
      .set(trusted.headers)
      .send({
        title: 'Seed swap',
        time_zone: 'Australia/Melbourne',
        start_date: dateIn(3),
        start_time: '09:00',
        end_time: '11:00',
        location: {
          name: 'Carlton Library',
          state: 'Victoria',
          latitude: -37.8,
          longitude: 144.97,
        },
      });
    expect(made.status).toBe(201);
    event = made.body.data;
  });
  afterAll(() => t.close());

  function invite(member: TestMember | null, body: Record<string, unknown>) {
    const call = t.http().post('/api/iam/invites/new');
    return member ? call.set(member.headers).send(body) : call.send(body);
  }

  async function siteInvite(member: TestMember = trusted): Promise<{ uuid: string }> {
    const response = await invite(member, { userId: member.id, inviteType: 'site' });
    expect(response.status).toBe(201);
    return response.body.data;
  }

  function setValidity(member: TestMember, uuid: string, isValid: boolean, bodyUuid = uuid) {
    return t
      .http()
      .put(`/api/iam/users/invites/update-validity/${uuid}`)
      .set(member.headers)
      .send({ uuid: bodyUuid, is_valid: isValid });
  }

  describe('making one', () => {
    it('lets a trusted member invite to the site, valid for 14 days', async () => {
      const response = await invite(trusted, {
        userId: trusted.id,
        inviteType: 'site',
        noteText: '  Come and swap cuttings  ',
      });
      expect(response.status).toBe(201);
      const data = response.body.data;
      expect(data).toMatchObject({
        is_valid: true,
        inviteType: 'site',
        targetId: null,
        target: null,
        noteText: 'Come and swap cuttings',
        status: 'valid',
        use_count: 0,
        link: `/invites/${data.uuid}`,
      });
      const days = (Date.parse(data.expires_at) - Date.parse(data.created_at)) / 86_400_000;
      expect(days).toBeCloseTo(14, 3);
    });

    it('refuses a site invite from a member who is not trusted', async () => {
      const response = await invite(registered, { userId: registered.id, inviteType: 'site' });
      expect(response.status).toBe(403);
      expect(response.body.error.code).toBe('MAY_NOT_INVITE_TO_SITE');
    });

    it('lets an admin invite to the site', async () => {
      await siteInvite(admin);
    });

    it('refuses an invite in someone else’s name', async () => {
      const response = await invite(trusted, { userId: other.id, inviteType: 'site' });
      expect(response.status).toBe(403);
      expect(response.body.error.code).toBe('INVITER_MUST_BE_CALLER');
    });

    it('lets a page’s owner invite to it, and no one else', async () => {
      const mine = await invite(trusted, {
        userId: trusted.id,
        inviteType: 'page',
        targetId: page.id,
      });
      expect(mine.status).toBe(201);
      expect(mine.body.data.target).toEqual({
        id: page.id,
        title: 'Fitzroy Fern Circle',
        link: `/${page.handle}`,
      });
      const theirs = await invite(other, {
        userId: other.id,
        inviteType: 'page',
        targetId: page.id,
      });
      expect(theirs.status).toBe(403);
      expect(theirs.body.error.code).toBe('MAY_NOT_INVITE_TO_PAGE');
    });

    it('lets an event’s creator invite to it, and no one else', async () => {
      const mine = await invite(trusted, {
        userId: trusted.id,
        inviteType: 'event',
        targetId: event.id,
      });
      expect(mine.status).toBe(201);
      expect(mine.body.data.target).toEqual({
        id: event.id,
        title: 'Seed swap',
        link: `/event/${event.random_id}`,
      });
      const theirs = await invite(other, {
        userId: other.id,
        inviteType: 'event',
        targetId: event.id,
      });
      expect(theirs.status).toBe(403);
      expect(theirs.body.error.code).toBe('MAY_NOT_INVITE_TO_EVENT');
    });

    it('answers 404 for a page or event that does not exist', async () => {
      for (const inviteType of ['page', 'event']) {
        const response = await invite(trusted, {
          userId: trusted.id,
          inviteType,
          targetId: randomUUID(),
        });
        expect(response.status).toBe(404);
        expect(response.body.error.code).toBe('TARGET_NOT_FOUND');
      }
    });

    it.each([
      ['no inviteType', { inviteType: undefined }],
      ['an unknown inviteType', { inviteType: 'party' }],
      ['a site invite with a target', { inviteType: 'site', targetId: randomUUID() }],
      ['a page invite without a target', { inviteType: 'page', targetId: undefined }],
      ['a malformed target', { inviteType: 'page', targetId: 'not-a-uuid' }],
      ['a note too long', { inviteType: 'site', noteText: 'x'.repeat(501) }],
      ['a NUL in the note', { inviteType: 'site', noteText: 'hi\u0000there' }],
      ['a note that is a number', { inviteType: 'site', noteText: 42 }],
      ['a null userId', { inviteType: 'site', userId: null }],
    ])('refuses %s with a 400 and makes nothing', async (_label, changes) => {
      const before = await t.dataSource.query(
        'SELECT count(*)::int AS n FROM invite WHERE inviter_id = $1',
        [trusted.id],
      );
      const response = await invite(trusted, { userId: trusted.id, ...changes });
      expect(response.status).toBe(400);
      const after = await t.dataSource.query(
        'SELECT count(*)::int AS n FROM invite WHERE inviter_id = $1',
        [trusted.id],
      );
      expect(after[0].n).toBe(before[0].n);
    });

    it('needs a registered member', async () => {
      expect((await invite(null, { userId: randomUUID(), inviteType: 'site' })).status).toBe(401);
      const verified = await createMember(t, 'verified');
      const response = await invite(verified, { userId: verified.id, inviteType: 'site' });
      expect(response.status).toBe(403);
    });
  });

  describe('the public view', () => {
    it('shows anyone the sender’s public name, what it is for and its state, and no secrets', async () => {
      const made = await invite(trusted, {
        userId: trusted.id,
        inviteType: 'page',
        targetId: page.id,
        noteText: 'Bring a fern',
      });
      const response = await t.http().get(`/api/iam/invites/view/${made.body.data.uuid}`);
      expect(response.status).toBe(200);
      expect(response.body.data).toMatchObject({
        uuid: made.body.data.uuid,
        inviteType: 'page',
        status: 'valid',
        is_valid: true,
        inviter: { username: trusted.username },
        target: { id: page.id, title: 'Fitzroy Fern Circle', link: `/${page.handle}` },
        noteText: 'Bring a fern',
      });
      const text = JSON.stringify(response.body);
      expect(text).not.toContain(trusted.email);
      expect(text).not.toContain(trusted.csrfToken);
      expect(text).not.toContain(trusted.id);
    });

    it('says whether sign-up needs a site invite', async () => {
      const { uuid } = await siteInvite();
      const response = await t.http().get(`/api/iam/invites/view/${uuid}`);
      expect(response.status).toBe(200);
      expect(['open', 'invite-only']).toContain(response.body.data.registration);
    });

    it('answers 404 for an unknown or malformed id, 400 for a NUL', async () => {
      for (const id of [randomUUID(), 'nope']) {
        const response = await t.http().get(`/api/iam/invites/view/${id}`);
        expect(response.status).toBe(404);
      }
      expect((await t.http().get('/api/iam/invites/view/%00')).status).toBe(400);
    });
  });

  describe('switching one off', () => {
    it('lets the sender revoke and restore it', async () => {
      const { uuid } = await siteInvite();
      const off = await setValidity(trusted, uuid, false);
      expect(off.status).toBe(200);
      expect(off.body.data).toMatchObject({ is_valid: false, status: 'revoked' });
      const view = await t.http().get(`/api/iam/invites/view/${uuid}`);
      expect(view.body.data.status).toBe('revoked');
      const on = await setValidity(trusted, uuid, true);
      expect(on.body.data).toMatchObject({ is_valid: true, status: 'valid' });
    });

    it('refuses another member, and lets an admin', async () => {
      const { uuid } = await siteInvite();
      const theirs = await setValidity(other, uuid, false);
      expect(theirs.status).toBe(403);
      expect(theirs.body.error.code).toBe('NOT_YOUR_INVITE');
      const byAdmin = await setValidity(admin, uuid, false);
      expect(byAdmin.status).toBe(200);
      expect(byAdmin.body.data.is_valid).toBe(false);
      const audited = await t.dataSource.query(
        `SELECT actor_id, action, before, after FROM audit_log
          WHERE target_type = 'invite' AND target_id = $1`,
        [uuid],
      );
      expect(audited).toEqual([
        {
          actor_id: admin.id,
          action: 'invite.update-validity',
          before: { is_valid: true },
          after: { is_valid: false },
        },
      ]);
    });

    it('does not audit a sender switching their own invite', async () => {
      const { uuid } = await siteInvite(admin);
      await setValidity(admin, uuid, false).expect(200);
      const audited = await t.dataSource.query(
        `SELECT 1 FROM audit_log WHERE target_type = 'invite' AND target_id = $1`,
        [uuid],
      );
      expect(audited).toEqual([]);
    });

    it('refuses a body for another invite, an unknown invite and a non-boolean', async () => {
      const { uuid } = await siteInvite();
      expect((await setValidity(trusted, uuid, false, randomUUID())).status).toBe(400);
      expect((await setValidity(trusted, randomUUID(), false)).status).toBe(404);
      const wrongType = await t
        .http()
        .put(`/api/iam/users/invites/update-validity/${uuid}`)
        .set(trusted.headers)
        .send({ uuid, is_valid: 'no' });
      expect(wrongType.status).toBe(400);
      const [row] = await t.dataSource.query('SELECT is_valid FROM invite WHERE id = $1', [uuid]);
      expect(row.is_valid).toBe(true);
    });
  });

  describe('the sender’s list', () => {
    it('lists only the caller’s invites, newest first, paged by cursor, with their status', async () => {
      const sender = await createMember(t, 'trusted');
      const made: string[] = [];
      for (let i = 0; i < 22; i += 1) made.push((await siteInvite(sender)).uuid);
      await setValidity(sender, made[0], false);
      await t.dataSource.query(
        `UPDATE invite SET expires_at = now() - interval '1 day' WHERE id = $1`,
        [made[1]],
      );
      const first = await t.http().get('/api/iam/invites/sent').set(sender.headers);
      expect(first.status).toBe(200);
      expect(first.body.data.items).toHaveLength(20);
      expect(first.body.data.next_cursor).toEqual(expect.any(String));
      const second = await t
        .http()
        .get(`/api/iam/invites/sent?cursorId=${first.body.data.next_cursor}`)
        .set(sender.headers);
      expect(second.status).toBe(200);
      expect(second.body.data.next_cursor).toBeNull();
      const items = [...first.body.data.items, ...second.body.data.items];
      expect(items.map((item: { uuid: string }) => item.uuid)).toEqual([...made].reverse());
      const status = new Map(
        items.map((item: { uuid: string; status: string }) => [item.uuid, item.status]),
      );
      expect(status.get(made[0])).toBe('revoked');
      expect(status.get(made[1])).toBe('expired');
      expect(status.get(made[2])).toBe('valid');
    });

    it('refuses a forged cursor', async () => {
      const response = await t
        .http()
        .get('/api/iam/invites/sent?cursorId=forged')
        .set(trusted.headers);
      expect(response.status).toBe(400);
    });
  });

  describe('accepting a page or event invite', () => {
    it('records a member once and answers where to go', async () => {
      const made = await invite(trusted, {
        userId: trusted.id,
        inviteType: 'event',
        targetId: event.id,
      });
      const uuid = made.body.data.uuid;
      const first = await t.http().post(`/api/iam/invites/accept/${uuid}`).set(registered.headers);
      expect(first.status).toBe(200);
      expect(first.body.data).toEqual({
        uuid,
        inviteType: 'event',
        link: `/event/${event.random_id}`,
        first_time: true,
      });
      const again = await t.http().post(`/api/iam/invites/accept/${uuid}`).set(registered.headers);
      expect(again.body.data.first_time).toBe(false);
      await t.http().post(`/api/iam/invites/accept/${uuid}`).set(other.headers).expect(200);
      const [row] = await t.dataSource.query('SELECT use_count FROM invite WHERE id = $1', [uuid]);
      expect(row.use_count).toBe(2);
    });

    it('refuses a revoked or expired invite with 410, and a site invite with 409', async () => {
      const made = await invite(trusted, {
        userId: trusted.id,
        inviteType: 'page',
        targetId: page.id,
      });
      const uuid = made.body.data.uuid;
      await setValidity(trusted, uuid, false).expect(200);
      const revoked = await t.http().post(`/api/iam/invites/accept/${uuid}`).set(other.headers);
      expect(revoked.status).toBe(410);
      await setValidity(trusted, uuid, true).expect(200);
      await t.dataSource.query(
        `UPDATE invite SET expires_at = now() - interval '1 second' WHERE id = $1`,
        [uuid],
      );
      const expired = await t.http().post(`/api/iam/invites/accept/${uuid}`).set(other.headers);
      expect(expired.status).toBe(410);
      expect(expired.body.error.code).toBe('INVITE_NO_LONGER_VALID');
      const site = await siteInvite();
      const member = await t.http().post(`/api/iam/invites/accept/${site.uuid}`).set(other.headers);
      expect(member.status).toBe(409);
      const unknown = await t
        .http()
        .post(`/api/iam/invites/accept/${randomUUID()}`)
        .set(other.headers);
      expect(unknown.status).toBe(404);
    });
  });

  describe('using a site invite for a sign-up', () => {
    it('succeeds once when two sign-ups use it at the same time', async () => {
      const service = t.app.get(InvitesService);
      for (let round = 0; round < 5; round += 1) {
        const { uuid } = await siteInvite();
        const results = await Promise.all(
          [0, 1].map(() =>
            t.dataSource.transaction((manager) => service.consumeForSignUp(uuid, manager)),
          ),
        );
        expect(results.filter(Boolean)).toHaveLength(1);
        const view = await t.http().get(`/api/iam/invites/view/${uuid}`);
        expect(view.body.data.status).toBe('used');
      }
    });

    it('refuses an expired, revoked or unknown invite, and leaves an unused one after a rollback', async () => {
      const service = t.app.get(InvitesService);
      const consume = (uuid: string) =>
        t.dataSource.transaction((manager) => service.consumeForSignUp(uuid, manager));
      const expired = await siteInvite();
      await t.dataSource.query(
        `UPDATE invite SET expires_at = now() - interval '1 second' WHERE id = $1`,
        [expired.uuid],
      );
      expect(await consume(expired.uuid)).toBe(false);
      const revoked = await siteInvite();
      await setValidity(trusted, revoked.uuid, false).expect(200);
      expect(await consume(revoked.uuid)).toBe(false);
      expect(await consume(randomUUID())).toBe(false);
      expect(await consume('not-a-uuid')).toBe(false);
      const page_ = await invite(trusted, {
        userId: trusted.id,
        inviteType: 'page',
        targetId: page.id,
      });
      expect(await consume(page_.body.data.uuid)).toBe(false);

      const kept = await siteInvite();
      await expect(
        t.dataSource.transaction(async (manager) => {
          expect(await service.consumeForSignUp(kept.uuid, manager)).toBe(true);
          throw new Error('the sign-up failed');
        }),
      ).rejects.toThrow('the sign-up failed');
      expect(await consume(kept.uuid)).toBe(true);
    });

    describe('on an invite-only site', () => {
      const password = 'a long and unusual passphrase 4 ferns';
      const signUp = (email: string, inviteId?: string) =>
        t
          .http()
          .post('/api/iam/authn/signup')
          .send({ email, password, ...(inviteId ? { inviteId } : {}) });
      const accounts = async (email: string) =>
        (
          await t.dataSource.query('SELECT count(*)::int AS n FROM user_account WHERE email = $1', [
            email,
          ])
        )[0].n as number;

      beforeAll(async () => {
        await t.app
          .get(SiteSettingsService)
          .update('registration_mode', 'invite-only', 'string', admin.id);
      });
      afterAll(async () => {
        await t.app
          .get(SiteSettingsService)
          .update('registration_mode', 'open', 'string', admin.id);
      });

      it('shows a site invite as needed for sign-up', async () => {
        const { uuid } = await siteInvite();
        const view = await t.http().get(`/api/iam/invites/view/${uuid}`);
        expect(view.body.data.registration).toBe('invite-only');
      });

      it('signs up with a valid invite, once, and refuses without one', async () => {
        const { uuid } = await siteInvite();
        const newcomer = `newcomer-${randomUUID().slice(0, 8)}@plantfolk.test`;
        const refused = await signUp(newcomer);
        expect(refused.status).toBe(403);
        expect(refused.body.error.code).toBe('INVITE_REQUIRED');
        expect(await accounts(newcomer)).toBe(0);

        const admitted = await signUp(newcomer, uuid);
        expect(admitted.status).toBe(201);
        expect(await accounts(newcomer)).toBe(1);
        const view = await t.http().get(`/api/iam/invites/view/${uuid}`);
        expect(view.body.data.status).toBe('used');

        const second = `second-${randomUUID().slice(0, 8)}@plantfolk.test`;
        const reused = await signUp(second, uuid);
        expect(reused.status).toBe(403);
        expect(await accounts(second)).toBe(0);
      });

      it('lets one of two sign-ups racing for one invite in', async () => {
        const { uuid } = await siteInvite();
        const emails = [0, 1].map((i) => `race-${i}-${randomUUID().slice(0, 8)}@plantfolk.test`);
        const responses = await Promise.all(emails.map((email) => signUp(email, uuid)));
        expect(responses.map((response) => response.status).sort()).toEqual([201, 403]);
        const made = await Promise.all(emails.map(accounts));
        expect(made.reduce((sum, n) => sum + n, 0)).toBe(1);
      });

      it('refuses an expired or revoked invite', async () => {
        const expired = await siteInvite();
        await t.dataSource.query(
          `UPDATE invite SET expires_at = now() - interval '1 second' WHERE id = $1`,
          [expired.uuid],
        );
        const revoked = await siteInvite();
        await setValidity(trusted, revoked.uuid, false).expect(200);
        for (const uuid of [expired.uuid, revoked.uuid]) {
          const email = `late-${randomUUID().slice(0, 8)}@plantfolk.test`;
          const response = await signUp(email, uuid);
          expect(response.status).toBe(403);
          expect(await accounts(email)).toBe(0);
        }
      });
    });

    it('holds single use as a constraint too', async () => {
      const { uuid } = await siteInvite();
      await expect(
        t.dataSource.query('UPDATE invite SET use_count = 2 WHERE id = $1', [uuid]),
      ).rejects.toThrow(/invite_site_single_use_chk/);
    });
  });

  describe('the cleanup', () => {
    it('removes invites expired over a month ago and keeps the rest', async () => {
      const old = await siteInvite();
      const recent = await siteInvite();
      const live = await siteInvite();
      await t.dataSource.query(
        `UPDATE invite SET expires_at = now() - interval '31 days' WHERE id = $1`,
        [old.uuid],
      );
      await t.dataSource.query(
        `UPDATE invite SET expires_at = now() - interval '29 days' WHERE id = $1`,
        [recent.uuid],
      );
      const removed = await t.app.get(InvitesService).purgeExpired(1);
      expect(removed).toBeGreaterThanOrEqual(1);
      const rows = await t.dataSource.query('SELECT id FROM invite WHERE id = ANY($1::uuid[])', [
        [old.uuid, recent.uuid, live.uuid],
      ]);
      expect(rows.map((row: { id: string }) => row.id).sort()).toEqual(
        [recent.uuid, live.uuid].sort(),
      );
    });
  });
});
