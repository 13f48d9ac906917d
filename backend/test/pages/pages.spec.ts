import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import pino from 'pino';
import { PagesService } from '../../src/modules/pages';
import { StorageDriver } from '../../src/platform/storage/storage-driver';
import { publicEarthSql, publicPoint } from '../../src/platform/geo/geo';
import { createPost } from '../support/content';
import { metresBetween, moved } from '../support/geo-math';
import { createMember, type TestMember } from '../support/members';
import { jpeg } from '../support/test-images';
import { startTestApp, type TestApp } from '../support/test-app';

const FITZROY = {
  suburb_city: 'Fitzroy',
  state: 'Victoria',
  country: 'Australia',
  latitude: -37.79871,
  longitude: 144.97834,
};

describe('pages', () => {
  let t: TestApp;
  let owner: TestMember;
  let other: TestMember;
  let admin: TestMember;
  let registered: TestMember;
  let tagIds: number[];
  const logged: Array<Record<string, unknown>> = [];

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _encoding, done) {
        logged.push(JSON.parse(chunk.toString()));
        done();
      },
    });
    t = await startTestApp({
      env: { RATE_LIMITS: 'off' },
      logger: pino({ level: 'error' }, stream),
    });
    [owner, other, admin, registered] = await Promise.all([
      createMember(t, 'trusted'),
      createMember(t, 'trusted'),
      createMember(t, 'admin'),
      createMember(t, 'registered'),
    ]);
    await createPost(t, registered, { tags: ['ferns', 'succulents', 'bonsai'] });
    const rows = await t.dataSource.query(
      `SELECT id FROM tag WHERE name IN ('ferns', 'succulents', 'bonsai') ORDER BY name`,
    );
    tagIds = rows.map((row: { id: number }) => row.id);
    expect(tagIds).toHaveLength(3);
  });
  afterAll(() => t.close());

  const handle = () => `pg_${randomUUID().slice(0, 8)}`;

  function newPage(member: TestMember | null, body: Record<string, unknown>) {
    const call = t.http().post('/api/iam/pages/new');
    return member ? call.set(member.headers).send(body) : call.send(body);
  }

  async function page(member: TestMember, extra: Record<string, unknown> = {}) {
    const response = await newPage(member, {
      handle: handle(),
      name: 'Fitzroy Fern Friends',
      about: 'We swap ferns.',
      ...FITZROY,
      ...extra,
    });
    expect(response.status).toBe(201);
    return response.body.data;
  }

  async function pageCount() {
    const [{ n }] = await t.dataSource.query('SELECT count(*)::int AS n FROM page');
    return n as number;
  }

  describe('creating', () => {
    it('creates a page with its handle, place, tags and default settings', async () => {
      const h = handle();
      const response = await newPage(owner, {
        handle: h.toUpperCase(),
        name: '  Fern Friends ',
        about: 'Ferns.\nAnd more ferns.',
        ...FITZROY,
        tagIdArr: [tagIds[0], tagIds[1]],
      });
      expect(response.status).toBe(201);
      const created = response.body.data;
      expect(created).toMatchObject({
        handle: h,
        name: 'Fern Friends',
        about: 'Ferns.\nAnd more ferns.',
        owner_id: owner.id,
        can_manage: true,
        avatarUrl: null,
      });
      // The owner sees the place as set.
      expect(created.location).toMatchObject(FITZROY);
      expect(created.tags.map((tag: { id: number }) => tag.id).sort()).toEqual(
        [tagIds[0], tagIds[1]].sort(),
      );
      const [claim] = await t.dataSource.query(
        'SELECT owner_type, owner_id FROM handle WHERE handle = $1',
        [h],
      );
      expect(claim).toEqual({ owner_type: 'page', owner_id: created.id });
      const [settings] = await t.dataSource.query(
        'SELECT allow_messages, show_upcoming_events, show_location FROM page_settings WHERE page_id = $1',
        [created.id],
      );
      expect(settings).toEqual({
        allow_messages: true,
        show_upcoming_events: true,
        show_location: true,
      });
    });

    it('refuses a handle a member already has, and a reserved word', async () => {
      const before = await pageCount();
      const taken = await newPage(owner, { handle: other.username, name: 'Clash' });
      expect(taken.status).toBe(409);
      expect(taken.body.error.code).toBe('HANDLE_TAKEN');
      const reserved = await newPage(owner, { handle: 'pages', name: 'Reserved' });
      expect(reserved.status).toBe(400);
      expect(reserved.body.error.code).toBe('HANDLE_RESERVED');
      expect(await pageCount()).toBe(before);
    });

    it('refuses a handle another page has, and a username then cannot take it', async () => {
      const first = await page(owner);
      const again = await newPage(other, { handle: first.handle, name: 'Copy' });
      expect(again.status).toBe(409);
      const rename = await t
        .http()
        .put('/api/iam/authn/update')
        .set(registered.headers)
        .send({ username: first.handle });
      expect(rename.status).toBe(409);
    });

    it('admits only trusted members (and admins)', async () => {
      const before = await pageCount();
      const refused = await newPage(registered, { handle: handle(), name: 'Not trusted' });
      expect(refused.status).toBe(403);
      const guest = await newPage(null, { handle: handle(), name: 'Guest' });
      expect(guest.status).toBe(401);
      expect(await pageCount()).toBe(before);
      const byAdmin = await newPage(admin, { handle: handle(), name: 'Admin page' });
      expect(byAdmin.status).toBe(201);
    });

    it('refuses a missing or wrong csrf_token and writes nothing', async () => {
      const before = await pageCount();
      const { 'x-csrf-token': _csrf, ...noCsrf } = owner.headers;
      const missing = await t
        .http()
        .post('/api/iam/pages/new')
        .set(noCsrf)
        .send({ handle: handle(), name: 'No csrf' });
      expect(missing.status).toBe(403);
      const wrong = await t
        .http()
        .post('/api/iam/pages/new')
        .set({ ...owner.headers, 'x-csrf-token': 'nope' })
        .send({ handle: handle(), name: 'Wrong csrf' });
      expect(wrong.status).toBe(403);
      expect(await pageCount()).toBe(before);
    });

    it.each([
      ['a NUL byte in the name', { name: 'Fern\u0000Friends' }],
      ['a huge about', { name: 'Big', about: 'x'.repeat(100_000) }],
      ['a number for a name', { name: 42 }],
      ['a null name', { name: null }],
      ['a bad handle', { name: 'Bad', handle: 'no spaces allowed' }],
      ['half a place', { name: 'Half', latitude: -37.8 }],
      ['a latitude out of range', { name: 'Far', ...FITZROY, latitude: 91 }],
      ['tag ids that are text', { name: 'Tags', tagIdArr: ['ferns'] }],
      ['an unknown tag', { name: 'Tags', tagIdArr: [2147483000] }],
      ['an array body', null],
    ])('refuses %s with a 4xx and writes nothing', async (_label, body) => {
      const before = await pageCount();
      const response = await newPage(
        owner,
        body === null
          ? ([{ handle: handle() }] as unknown as Record<string, unknown>)
          : {
              handle: handle(),
              ...body,
            },
      );
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
      expect(await pageCount()).toBe(before);
    });
  });

  describe('changing', () => {
    it('lets the owner and admins change a page, and no one else', async () => {
      const created = await page(owner);
      const update = (member: TestMember, body: Record<string, unknown>) =>
        t
          .http()
          .put('/api/iam/pages/update')
          .set(member.headers)
          .send({ pageId: created.id, ...body });
      const refused = await update(other, { name: 'Hijacked' });
      expect(refused.status).toBe(403);
      expect(refused.body.error.code).toBe('NOT_THE_PAGE_OWNER');
      const byOwner = await update(owner, { about: 'New about' });
      expect(byOwner.status).toBe(200);
      expect(byOwner.body.data.about).toBe('New about');
      const byAdmin = await update(admin, { name: 'Renamed by admin' });
      expect(byAdmin.status).toBe(200);
      const [row] = await t.dataSource.query('SELECT name, about FROM page WHERE id = $1', [
        created.id,
      ]);
      expect(row).toEqual({ name: 'Renamed by admin', about: 'New about' });
    });

    it('moves the handle claim when the handle changes', async () => {
      const created = await page(owner);
      const next = handle();
      const response = await t
        .http()
        .put('/api/iam/pages/update')
        .set(owner.headers)
        .send({ pageId: created.id, handle: next });
      expect(response.status).toBe(200);
      const claims = await t.dataSource.query(
        'SELECT handle FROM handle WHERE owner_id = $1 ORDER BY handle',
        [created.id],
      );
      expect(claims).toEqual([{ handle: next }]);
      const taken = await t
        .http()
        .put('/api/iam/pages/update')
        .set(owner.headers)
        .send({ pageId: created.id, handle: other.username });
      expect(taken.status).toBe(409);
    });

    it('answers 404 for an unknown page and 400 for a malformed id', async () => {
      const unknown = await t
        .http()
        .put('/api/iam/pages/update')
        .set(owner.headers)
        .send({ pageId: randomUUID(), name: 'x' });
      expect(unknown.status).toBe(404);
      expect(unknown.body.error.code).toBe('PAGE_NOT_FOUND');
      const malformed = await t
        .http()
        .put('/api/iam/pages/update')
        .set(owner.headers)
        .send({ pageId: 'not-a-uuid', name: 'x' });
      expect(malformed.status).toBe(400);
    });

    it('makes and changes settings (owner only)', async () => {
      const created = await page(owner);
      await t.dataSource.query('DELETE FROM page_settings WHERE page_id = $1', [created.id]);
      const made = await t
        .http()
        .post('/api/iam/pages/create-page-settings')
        .set(owner.headers)
        .send({ pageId: created.id });
      expect(made.status).toBe(201);
      expect(made.body.data).toMatchObject({ page_id: created.id, show_location: true });
      const refused = await t
        .http()
        .put('/api/iam/pages/update-page-settings')
        .set(other.headers)
        .send({ pageId: created.id, show_location: false });
      expect(refused.status).toBe(403);
      const changed = await t
        .http()
        .put('/api/iam/pages/update-page-settings')
        .set(owner.headers)
        .send({ pageId: created.id, show_location: false });
      expect(changed.status).toBe(200);
      expect(changed.body.data.show_location).toBe(false);
      // A page that hides its place shows none to others.
      const seen = await t.http().get(`/api/page/all-details/${created.handle}`);
      expect(seen.body.data.location).toBeNull();
      const wrongType = await t
        .http()
        .put('/api/iam/pages/update-page-settings')
        .set(owner.headers)
        .send({ pageId: created.id, show_location: 'no' });
      expect(wrongType.status).toBe(400);
    });

    it('connects and disconnects tags', async () => {
      const created = await page(owner);
      const connect = await t
        .http()
        .post('/api/iam/pages/connect-tags')
        .set(owner.headers)
        .send({ pageId: created.id, tagIdArr: tagIds });
      expect(connect.status).toBe(201);
      expect(connect.body.data.tags).toHaveLength(3);
      const refused = await t
        .http()
        .post('/api/iam/pages/disconnect-tags')
        .set(other.headers)
        .send({ pageId: created.id, tagIdArr: [tagIds[0]] });
      expect(refused.status).toBe(403);
      const disconnect = await t
        .http()
        .post('/api/iam/pages/disconnect-tags')
        .set(owner.headers)
        .send({ pageId: created.id, tagIdArr: [tagIds[0]] });
      expect(disconnect.status).toBe(201);
      expect(disconnect.body.data.tags.map((tag: { id: number }) => tag.id).sort()).toEqual(
        [tagIds[1], tagIds[2]].sort(),
      );
      const empty = await t
        .http()
        .post('/api/iam/pages/connect-tags')
        .set(owner.headers)
        .send({ pageId: created.id, tagIdArr: [] });
      expect(empty.status).toBe(400);
    });
  });

  describe('deleting', () => {
    async function withAvatar(member: TestMember) {
      const created = await page(member);
      const upload = await t
        .http()
        .post(`/api/iam/pages/avatar/${created.id}`)
        .set(member.headers)
        .attach('file', await jpeg(200, 200), 'a.jpg');
      expect(upload.status).toBe(201);
      expect(upload.body.data.avatarUrl).toMatch(/^avatars\//);
      return upload.body.data;
    }

    it('removes the image first and keeps the page when that fails', async () => {
      const created = await withAvatar(owner);
      const driver = t.app.get(StorageDriver);
      const spy = jest.spyOn(driver, 'delete').mockRejectedValueOnce(new Error('storage down'));
      try {
        const response = await t
          .http()
          .delete('/api/iam/pages/page')
          .set(owner.headers)
          .send({ pageId: created.id });
        expect(response.status).toBe(503);
        expect(response.body.error.code).toBe('PAGE_DELETE_FAILED');
        expect(logged.map((line) => line.msg)).toContain(
          `SB image delete error (page ${created.id})`,
        );
        expect(logged.map((line) => line.msg)).not.toContainEqual(
          expect.stringMatching(/^Delete page error/),
        );
      } finally {
        spy.mockRestore();
      }
      const rows = await t.dataSource.query('SELECT id FROM page WHERE id = $1', [created.id]);
      expect(rows).toHaveLength(1);
      const claims = await t.dataSource.query('SELECT 1 FROM handle WHERE owner_id = $1', [
        created.id,
      ]);
      expect(claims).toHaveLength(1);
    });

    it('logs and answers an error when the record cannot be deleted, keeping it', async () => {
      const created = await page(owner);
      const spy = jest
        .spyOn(t.dataSource, 'transaction')
        .mockRejectedValueOnce(new Error('database away'));
      try {
        const response = await t
          .http()
          .delete('/api/iam/pages/page')
          .set(owner.headers)
          .send({ pageId: created.id });
        expect(response.status).toBe(500);
        expect(response.body.status).toBe('error');
      } finally {
        spy.mockRestore();
      }
      expect(logged.map((line) => line.msg)).toContain(`Delete page error (page ${created.id})`);
      expect(
        await t.dataSource.query('SELECT 1 FROM page WHERE id = $1', [created.id]),
      ).toHaveLength(1);
    });

    it('deletes image, page and handle; posts made as it stay as their author’s', async () => {
      const created = await withAvatar(owner);
      const post = await t.http().post('/api/iam/posts/new').set(owner.headers).send({
        text: 'As the page',
        privacy: 'public',
        tags: [],
        photos: [],
        page_id: created.id,
      });
      expect(post.status).toBe(201);
      const driver = t.app.get(StorageDriver);
      const spy = jest.spyOn(driver, 'delete');
      const refused = await t
        .http()
        .delete('/api/iam/pages/page')
        .set(other.headers)
        .send({ pageId: created.id });
      expect(refused.status).toBe(403);
      const response = await t
        .http()
        .delete('/api/iam/pages/page')
        .set(owner.headers)
        .send({ pageId: created.id });
      expect(response.status).toBe(200);
      expect(spy).toHaveBeenCalledWith(expect.arrayContaining([created.avatarUrl]));
      spy.mockRestore();
      expect(await t.dataSource.query('SELECT 1 FROM page WHERE id = $1', [created.id])).toEqual(
        [],
      );
      expect(
        await t.dataSource.query('SELECT 1 FROM handle WHERE handle = $1', [created.handle]),
      ).toEqual([]);
      const [kept] = await t.dataSource.query('SELECT user_id, page_id FROM post WHERE id = $1', [
        post.body.data.id,
      ]);
      expect(kept).toEqual({ user_id: owner.id, page_id: null });
    });
  });

  describe('posting as a page', () => {
    it('lets the owner post as their page; items carry the page; others are refused', async () => {
      const created = await page(owner);
      const send = (member: TestMember, pageId: string) =>
        t.http().post('/api/iam/posts/new').set(member.headers).send({
          text: 'Meet-up on Sunday',
          privacy: 'public',
          tags: [],
          photos: [],
          page_id: pageId,
        });
      const posted = await send(owner, created.id);
      expect(posted.status).toBe(201);
      expect(posted.body.data.page).toEqual({
        id: created.id,
        handle: created.handle,
        name: created.name,
        avatar: null,
      });
      const notOwner = await send(other, created.id);
      expect(notOwner.status).toBe(403);
      const unknown = await send(owner, randomUUID());
      expect(unknown.status).toBe(404);

      const details = await t.http().get(`/api/page/all-details/${created.handle}`);
      expect(details.status).toBe(200);
      expect(details.body.data.posts.items.map((item: { id: string }) => item.id)).toEqual([
        posted.body.data.id,
      ]);
      expect(details.body.data.posts.items[0].page.handle).toBe(created.handle);
      expect(details.body.data.counts).toEqual({ upcomingEvents: 0 });
      expect(details.body.data.event_locations).toEqual([]);
      expect(details.body.data.settings.page_id).toBe(created.id);
      expect(details.body.responders.map((user: { uuid: string }) => user.uuid)).toContain(
        owner.id,
      );
    });

    it('pages posts by cursor (morepostsbypage and posts/more/by-page)', async () => {
      const created = await page(owner);
      const ids: string[] = [];
      for (let i = 0; i < 5; i += 1) {
        const response = await t
          .http()
          .post('/api/iam/posts/new')
          .set(owner.headers)
          .send({
            text: `Post ${i}`,
            privacy: 'public',
            tags: [],
            photos: [],
            page_id: created.id,
          });
        ids.unshift(response.body.data.id);
      }
      const first = await t.http().get(`/api/iam/pages/morepostsbypage/${created.id}/2/0`);
      expect(first.status).toBe(200);
      expect(first.body.data.items.map((item: { id: string }) => item.id)).toEqual(ids.slice(0, 2));
      const second = await t
        .http()
        .get(`/api/iam/pages/morepostsbypage/${created.id}/2/${first.body.data.next_cursor}`);
      expect(second.body.data.items.map((item: { id: string }) => item.id)).toEqual(
        ids.slice(2, 4),
      );
      const rest = await t
        .http()
        .get(`/api/posts/more/by-page/${created.id}`)
        .query({ cursorId: second.body.data.next_cursor });
      expect(rest.body.data.items.map((item: { id: string }) => item.id)).toEqual(ids.slice(4));
      expect(rest.body.data.next_cursor).toBeNull();
      const bad = await t.http().get(`/api/posts/more/by-page/${created.id}?cursorId=%00`);
      expect(bad.status).toBe(400);
      const unknown = await t.http().get(`/api/posts/more/by-page/${randomUUID()}`);
      expect(unknown.status).toBe(404);
    });
  });

  describe('reading', () => {
    it('shows others the public point only, the owner the place as set', async () => {
      const created = await page(owner);
      const expected = publicPoint(FITZROY);
      const guest = await t.http().get(`/api/iam/pages/single-page/${created.handle}`);
      expect(guest.status).toBe(200);
      expect(guest.body.data.location.latitude).toBeCloseTo(expected.latitude, 9);
      expect(guest.body.data.location.longitude).toBeCloseTo(expected.longitude, 9);
      expect(guest.body.data.location.latitude).not.toBe(FITZROY.latitude);
      expect(guest.body.data.can_manage).toBe(false);
      const mine = await t
        .http()
        .get(`/api/iam/pages/single-page/${created.handle.toUpperCase()}`)
        .set(owner.headers);
      expect(mine.body.data.location.latitude).toBe(FITZROY.latitude);
      expect(mine.body.data.can_manage).toBe(true);
      const missing = await t.http().get('/api/iam/pages/single-page/no_such_page');
      expect(missing.status).toBe(404);
    });

    it('lists a member’s pages and all pages by cursor', async () => {
      const member = await createMember(t, 'trusted');
      const mine = [await page(member), await page(member), await page(member)];
      const byUser = await t.http().get(`/api/iam/pages/get-all-by-user/${member.id}`);
      expect(byUser.body.data.map((p: { id: string }) => p.id)).toEqual(
        mine.map((p) => p.id).reverse(),
      );
      const badUuid = await t.http().get('/api/iam/pages/get-all-by-user/nope');
      expect(badUuid.status).toBe(400);

      const seen: string[] = [];
      let cursor = '0';
      for (let guard = 0; guard < 100; guard += 1) {
        const response = await t.http().get(`/api/page/get-all/${cursor}`).query({ take: 4 });
        expect(response.status).toBe(200);
        expect(response.body.data.items.length).toBeLessThanOrEqual(4);
        seen.push(...response.body.data.items.map((p: { id: string }) => p.id));
        if (!response.body.data.next_cursor) break;
        cursor = response.body.data.next_cursor;
      }
      expect(new Set(seen).size).toBe(seen.length);
      expect(seen.length).toBe(await pageCount());
      const forged = await t.http().get('/api/page/get-all/not_a_cursor!');
      expect(forged.status).toBe(400);
    });

    it('resolves /{handle} to a page as well as to a user', async () => {
      const created = await page(owner);
      const asPage = await t.http().get(`/api/iam/posts/user-or-page-basic/${created.handle}`);
      expect(asPage.status).toBe(200);
      expect(asPage.body.data).toMatchObject({ kind: 'page', page: { id: created.id } });
      const asUser = await t.http().get(`/api/iam/posts/user-or-page-basic/${owner.username}`);
      expect(asUser.body.data.kind).toBe('user');
      const neither = await t.http().get('/api/iam/posts/user-or-page-basic/nobody_here_x');
      expect(neither.status).toBe(404);
    });

    it('gives other modules the pages they name, and who manages one', async () => {
      const created = await page(owner);
      const service = t.app.get(PagesService);
      expect(await service.pagesByIds([created.id, randomUUID(), 'nope'])).toEqual([
        { id: created.id, handle: created.handle, name: created.name, ownerId: owner.id },
      ]);
      expect(await service.pageByHandle(created.handle.toUpperCase())).toMatchObject({
        id: created.id,
      });
      const asAdmin = { kind: 'member' as const, userId: admin.id, admin: true, verified: true };
      const asOther = { kind: 'member' as const, userId: other.id, admin: false, verified: true };
      expect((await service.managedPage(created.id, asAdmin)).ownerId).toBe(owner.id);
      await expect(service.managedPage(created.id, asOther)).rejects.toMatchObject({
        status: 403,
        code: 'NOT_THE_PAGE_OWNER',
      });
      await expect(service.managedPage(randomUUID(), asAdmin)).rejects.toMatchObject({
        status: 404,
        code: 'PAGE_NOT_FOUND',
      });
    });

    it('answers a page’s upcoming events as [] until events registers', async () => {
      const created = await page(owner);
      const response = await t.http().get(`/api/page/events/${created.id}`);
      expect(response.status).toBe(200);
      expect(Array.isArray(response.body.data)).toBe(true);
      const missing = await t.http().get(`/api/page/events/${randomUUID()}`);
      expect(missing.status).toBe(404);
    });
  });

  describe('nearby pages', () => {
    it('orders nearest first as a brute-force distance to public points does', async () => {
      const member = await createMember(t, 'trusted');
      const origin = { latitude: -33.86, longitude: 151.2 };
      // A deterministic scatter (no Math.random: a failure must be repeatable).
      let seed = 42;
      const next = () => {
        seed = (seed * 1103515245 + 12345) % 2 ** 31;
        return seed / 2 ** 31;
      };
      const points = Array.from({ length: 25 }, () =>
        moved(origin, (next() - 0.5) * 60_000, (next() - 0.5) * 60_000),
      );
      const made = new Map<string, { latitude: number; longitude: number }>();
      for (const point of points) {
        const created = await page(member, {
          ...FITZROY,
          suburb_city: 'Sydney',
          state: 'New South Wales',
          latitude: point.latitude,
          longitude: point.longitude,
        });
        made.set(created.id, point);
      }
      const response = await t
        .http()
        .get('/api/page/location/nearby-pages')
        .query({ lat: origin.latitude, long: origin.longitude, take: 50 });
      expect(response.status).toBe(200);
      const answered = (response.body.data as Array<{ id: string; distance_km: number }>).filter(
        (item) => made.has(item.id),
      );
      expect(answered).toHaveLength(points.length);
      const distance = (id: string) => metresBetween(origin, publicPoint(made.get(id)!));
      for (let i = 1; i < answered.length; i += 1)
        expect(distance(answered[i].id)).toBeGreaterThanOrEqual(distance(answered[i - 1].id) - 1);
      for (const item of answered) {
        // PostgreSQL's earth is a sphere of 6378.168 km, ours 6371 km: at most 0.12% apart.
        expect(
          Math.abs(item.distance_km - Math.max(1, Math.ceil(distance(item.id) / 1000))),
        ).toBeLessThanOrEqual(1);
        const shown = (
          response.body.data as Array<{ id: string; location: { latitude: number } }>
        ).find((x) => x.id === item.id)!;
        expect(shown.location.latitude).toBeCloseTo(publicPoint(made.get(item.id)!).latitude, 9);
      }
      const limited = await t
        .http()
        .get('/api/page/location/nearby-pages')
        .query({ lat: origin.latitude, long: origin.longitude, take: 3 });
      expect(limited.body.data.map((item: { id: string }) => item.id)).toEqual(
        answered.slice(0, 3).map((item) => item.id),
      );
      const huge = await t
        .http()
        .get('/api/page/location/nearby-pages')
        .query({ lat: origin.latitude, long: origin.longitude, take: 100000 });
      expect(huge.body.data.length).toBeLessThanOrEqual(50);
      // A point as JavaScript prints it (up to 17 significant digits), such as a rounded public
      // point the guest location answered, is a point.
      await t
        .http()
        .get('/api/page/location/nearby-pages')
        .query({ lat: '-37.815', long: '144.9671226133127', take: 4 })
        .expect(200);
    });

    it('uses the GiST index on the public point (no scan)', async () => {
      await t.dataSource.query('SET enable_seqscan = off');
      try {
        const rows = await t.dataSource.query(
          `EXPLAIN SELECT id FROM page
            WHERE earth_box(ll_to_earth(-33.86, 151.2), 100000) @> ${publicEarthText()}
            ORDER BY ${publicEarthText()} <-> ll_to_earth(-33.86, 151.2) LIMIT 5`,
        );
        const plan = rows.map((row: Record<string, string>) => row['QUERY PLAN']).join('\n');
        expect(plan).toContain('page_public_point_gist_idx');
      } finally {
        await t.dataSource.query('SET enable_seqscan = on');
      }
    });

    it.each([
      [{ lat: 'abc', long: '1' }],
      [{ lat: '91', long: '1' }],
      [{ long: '1' }],
      [{ lat: '1', long: '1e3' }],
      [{ lat: '1', long: '1', take: '-1' }],
      [{ lat: '1', long: '1', userId: 'nope' }],
      [{ lat: '1\u0000', long: '1' }],
    ])('refuses bad query %j with 400', async (query) => {
      const response = await t.http().get('/api/page/location/nearby-pages').query(query);
      expect(response.status).toBe(400);
    });
  });

  describe('when the owner’s account goes', () => {
    it('deletes their pages, frees the handles and schedules the avatars’ removal', async () => {
      const leaving = await createMember(t, 'trusted');
      const created = await page(leaving);
      const upload = await t
        .http()
        .post(`/api/iam/pages/avatar/${created.id}`)
        .set(leaving.headers)
        .attach('file', await jpeg(120, 120), 'a.jpg');
      expect(upload.status).toBe(201);
      const response = await t
        .http()
        .delete('/api/iam/authn/delete')
        .set(leaving.headers)
        .send({ uuid: leaving.id, password: leaving.password });
      expect(response.status).toBe(200);
      expect(await t.dataSource.query('SELECT 1 FROM page WHERE id = $1', [created.id])).toEqual(
        [],
      );
      expect(
        await t.dataSource.query('SELECT 1 FROM handle WHERE handle = $1', [created.handle]),
      ).toEqual([]);
      const removals = await t.dataSource.query(
        `SELECT payload FROM outbox_message WHERE job_name = 'delete-stored-files'
           AND payload::text LIKE $1`,
        [`%${upload.body.data.avatarUrl}%`],
      );
      expect(removals).toHaveLength(1);
      // The handle is free for someone else now.
      const reuse = await newPage(owner, { handle: created.handle, name: 'Reused' });
      expect(reuse.status).toBe(201);
    });
  });

  describe('new-page e-mail', () => {
    it('queues one e-mail per admin through the outbox, once per page', async () => {
      const created = await page(owner);
      const mailsOfPage = () =>
        t.dataSource.query(
          `SELECT payload FROM outbox_message WHERE job_name = 'send-email' AND payload::text LIKE $1`,
          [`%@${created.handle}%`],
        );
      const [{ n: admins }] = await t.dataSource.query(
        'SELECT count(*)::int AS n FROM user_account WHERE is_admin AND suspended_at IS NULL',
      );
      const mails = await mailsOfPage();
      expect(admins).toBeGreaterThan(0);
      expect(mails).toHaveLength(admins);
      expect(mails.map((row: { payload: { to: string } }) => row.payload.to)).toContain(
        admin.email,
      );
      expect(JSON.stringify(mails)).not.toMatch(/token|password/i);
      const again = await t
        .http()
        .post('/api/iam/emails/new-page')
        .set(owner.headers)
        .send({ pageId: created.id });
      expect(again.status).toBe(201);
      expect(again.body.data).toEqual({ queued: false });
      expect(await mailsOfPage()).toHaveLength(admins);
      const notOwner = await t
        .http()
        .post('/api/iam/emails/new-page')
        .set(other.headers)
        .send({ pageId: created.id });
      expect(notOwner.status).toBe(403);
    });
  });
});

function publicEarthText(): string {
  return publicEarthSql('latitude', 'longitude');
}
