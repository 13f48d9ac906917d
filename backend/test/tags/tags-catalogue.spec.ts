import { TAGS_RATE_LIMITS } from '../../src/modules/tags/tags.rate-limits';
import { createMember, type TestMember } from '../support/members';
import { startTestApp, type TestApp } from '../support/test-app';
import { seedTag, uniqueTagName } from './support';

const TAG_FIELDS = [
  'id',
  'name',
  'is_parent',
  'parent_id',
  'group_id',
  'description',
  'follower_count',
  'post_count',
].sort();

describe('tags: the catalogue', () => {
  let t: TestApp;
  let admin: TestMember;
  let member: TestMember;
  beforeAll(async () => {
    t = await startTestApp();
    // These tests describe the catalogue from empty; starter-categories.spec.ts covers the seed.
    await t.dataSource.query('DELETE FROM tag');
    admin = await createMember(t, 'admin');
    member = await createMember(t, 'registered');
  });
  afterAll(() => t.close());

  const get = (path: string, caller?: TestMember) => {
    const request = t.http().get(`/api/iam/tags/${path}`);
    return caller ? request.set(caller.headers) : request;
  };
  const create = (caller: TestMember, body: Record<string, unknown>) =>
    t.http().post('/api/iam/tags/new').set(caller.headers).send(body);

  describe('POST new', () => {
    it('stores the normalised name and answers with the tag', async () => {
      const response = await create(member, { tagName: '  Fiddle   Leaf Fig ' }).expect(200);
      const tag = response.body.data;
      expect(Object.keys(tag).sort()).toEqual(TAG_FIELDS);
      expect(tag).toMatchObject({
        name: 'fiddle-leaf-fig',
        is_parent: false,
        parent_id: null,
        group_id: null,
        description: null,
        follower_count: 0,
        post_count: 0,
      });
      const [row] = await t.dataSource.query('SELECT created_by FROM tag WHERE id = $1', [tag.id]);
      expect(row.created_by).toBe(member.id);
    });

    it('returns the existing tag for any spelling of its name, and {id} when asked', async () => {
      const first = await create(member, { tagName: 'String of Pearls' }).expect(200);
      const again = await create(admin, { tagName: '#string-of-PEARLS' }).expect(200);
      expect(again.body.data).toEqual(first.body.data);
      const idOnly = await create(member, { tagName: 'string of pearls', returnAnId: true });
      expect(idOnly.body.data).toEqual({ id: first.body.data.id });
      const rows = await t.dataSource.query("SELECT 1 FROM tag WHERE name = 'string-of-pearls'");
      expect(rows).toHaveLength(1);
    });

    it('creates one tag when the same new name arrives many times at once', async () => {
      const members = await Promise.all(
        Array.from({ length: 10 }, () => createMember(t, 'registered')),
      );
      const responses = await Promise.all(
        members.map((caller, index) =>
          create(caller, { tagName: index % 2 ? 'Rubber Plant' : 'rubber-plant' }),
        ),
      );
      expect(responses.map((response) => response.status)).toEqual(members.map(() => 200));
      expect(new Set(responses.map((response) => response.body.data.id)).size).toBe(1);
    });

    it.each([['a'], ['x'.repeat(41)], ['plant_pot'], ['rose!'], ['  #  ']])(
      'refuses the name %j with INVALID_TAG_NAME and stores nothing',
      async (tagName) => {
        const before = await t.dataSource.query('SELECT count(*)::int AS n FROM tag');
        const response = await create(member, { tagName }).expect(400);
        expect(response.body.error.code).toBe('INVALID_TAG_NAME');
        const after = await t.dataSource.query('SELECT count(*)::int AS n FROM tag');
        expect(after[0].n).toBe(before[0].n);
      },
    );

    it('refuses a missing or non-string name and unknown fields', async () => {
      expect((await create(member, {}).expect(400)).body.error.code).toBe('VALIDATION_FAILED');
      await create(member, { tagName: ['fern'] }).expect(400);
      await create(member, { tagName: 'fern', colour: 'green' }).expect(400);
    });

    it('lets only admins create category (parent) tags', async () => {
      const refused = await create(member, { tagName: 'Succulents', isParent: true }).expect(403);
      expect(refused.body.error.code).toBe('PARENT_TAGS_ADMIN_ONLY');
      expect(await t.dataSource.query("SELECT 1 FROM tag WHERE name = 'succulents'")).toEqual([]);
      const created = await create(admin, { tagName: 'Succulents', isParent: true }).expect(200);
      expect(created.body.data).toMatchObject({ name: 'succulents', is_parent: true });
    });

    it('limits how many tags one member creates', async () => {
      const creator = await createMember(t, 'registered');
      const [perMinute] = TAGS_RATE_LIMITS['tag-create'];
      for (let index = 0; index < perMinute.limit; index += 1) {
        await create(creator, { tagName: uniqueTagName('limited') }).expect(200);
      }
      const refused = await create(creator, { tagName: uniqueTagName('limited') }).expect(429);
      expect(refused.body.error.code).toBe('RATE_LIMITED');
      // Another member is not affected.
      await create(member, { tagName: uniqueTagName('limited') }).expect(200);
    });
  });

  describe('GET get-single/{type}/{data}', () => {
    it('finds a tag by id or by any spelling of its name, guests included', async () => {
      const id = await seedTag(t, 'peace-lily');
      const byId = await get(`get-single/id/${id}`).expect(200);
      expect(byId.body.data).toMatchObject({ id, name: 'peace-lily' });
      const byName = await get(`get-single/name/${encodeURIComponent('Peace Lily')}`).expect(200);
      expect(byName.body.data.id).toBe(id);
      await get(`get-single/name/peace-lily`, member).expect(200);
    });

    it('answers 404 TAG_NOT_FOUND for a tag that does not exist', async () => {
      expect((await get('get-single/id/999999').expect(404)).body.error.code).toBe('TAG_NOT_FOUND');
      expect((await get('get-single/name/no-such-tag').expect(404)).body.error.code).toBe(
        'TAG_NOT_FOUND',
      );
      await get('get-single/name/x').expect(404);
    });

    it('refuses an unknown type or a malformed id', async () => {
      for (const path of [
        'get-single/slug/fern',
        'get-single/id/abc',
        'get-single/id/0',
        'get-single/id/-3',
        'get-single/id/1.5',
        'get-single/id/99999999999',
      ]) {
        const response = await get(path);
        expect([path, response.status, response.body.error?.code]).toEqual([
          path,
          400,
          'VALIDATION_FAILED',
        ]);
      }
    });
  });

  describe('parents and children', () => {
    let aroids: number;
    let ferns: number;
    let monstera: number;
    let philodendron: number;
    let bostonFern: number;
    beforeAll(async () => {
      aroids = await seedTag(t, 'aroids', { isParent: true });
      ferns = await seedTag(t, 'ferns', { isParent: true });
      philodendron = await seedTag(t, 'philodendron', { parentId: aroids });
      monstera = await seedTag(t, 'monstera', { parentId: aroids });
      bostonFern = await seedTag(t, 'boston-fern', { parentId: ferns });
    });

    it('GET get-tag-n-children gives a tag with its children by name order', async () => {
      const response = await get(`get-tag-n-children/id/${aroids}`).expect(200);
      expect(response.body.data).toMatchObject({ id: aroids, name: 'aroids', is_parent: true });
      expect(response.body.data.children.map((child: { id: number }) => child.id)).toEqual([
        monstera,
        philodendron,
      ]);
      expect(response.body.data.children[0].parent_id).toBe(aroids);
      const leaf = await get('get-tag-n-children/name/Monstera').expect(200);
      expect(leaf.body.data).toMatchObject({ id: monstera, children: [] });
      await get('get-tag-n-children/name/nope-nope').expect(404);
      await get('get-tag-n-children/kind/aroids').expect(400);
    });

    it('GET get-tags-n-children answers in the order asked and leaves out unknown names', async () => {
      const response = await get(
        `get-tags-n-children/${encodeURIComponent('Ferns, unknown-tag,,aroids,ferns,x')}`,
      ).expect(200);
      expect(response.body.data.map((tag: { id: number }) => tag.id)).toEqual([ferns, aroids]);
      expect(response.body.data[0].children.map((child: { id: number }) => child.id)).toEqual([
        bostonFern,
      ]);
    });

    it('GET get-tags-n-children takes at most 20 names, however long', async () => {
      const names = Array.from({ length: 21 }, (_, index) => `name-${index}`).join(',');
      expect((await get(`get-tags-n-children/${names}`).expect(400)).body.error.code).toBe(
        'VALIDATION_FAILED',
      );
      const longest = Array.from({ length: 20 }, (_, index) =>
        `${index}`.padStart(2, '0').padEnd(40, 'ж'),
      ).join(',');
      await get(`get-tags-n-children/${encodeURIComponent(longest)}`).expect(200);
      await get('get-tags-n-children/,,').expect(400);
    });

    it('GET interest-cat-tags lists the categories with their children', async () => {
      const response = await get('interest-cat-tags').expect(200);
      const categories = response.body.data as Array<{
        id: number;
        is_parent: boolean;
        children: Array<{ id: number }>;
      }>;
      expect(categories.every((tag) => tag.is_parent)).toBe(true);
      expect(categories.find((tag) => tag.id === aroids)?.children.map((c) => c.id)).toEqual([
        monstera,
        philodendron,
      ]);
      expect(categories.find((tag) => tag.id === ferns)?.children.map((c) => c.id)).toEqual([
        bostonFern,
      ]);
      expect(categories.some((tag) => tag.id === monstera)).toBe(false);
    });
  });

  describe('GET prefix/{prefix}/{true|false}', () => {
    beforeAll(async () => {
      await seedTag(t, 'calathea', { followerCount: 5 });
      await seedTag(t, 'calathea-orbifolia', { followerCount: 9 });
      await seedTag(t, 'calathea-white-fusion', { followerCount: 1 });
      await seedTag(t, 'calatheas', { isParent: true, followerCount: 2 });
      for (let index = 0; index < 12; index += 1) await seedTag(t, `cala-${index}`);
    });

    it('finds tags starting with the normalised prefix, most followed first, at most 10', async () => {
      const response = await get('prefix/Calathea/false').expect(200);
      expect(response.body.data.map((tag: { name: string }) => tag.name)).toEqual([
        'calathea-orbifolia',
        'calathea',
        'calatheas',
        'calathea-white-fusion',
      ]);
      const spaced = await get(`prefix/${encodeURIComponent('Calathea W')}/false`).expect(200);
      expect(spaced.body.data.map((tag: { name: string }) => tag.name)).toEqual([
        'calathea-white-fusion',
      ]);
      const many = await get('prefix/cala/false').expect(200);
      expect(many.body.data).toHaveLength(10);
      expect(many.body.data[0].name).toBe('calathea-orbifolia');
      expect(Object.keys(many.body.data[0]).sort()).toEqual(TAG_FIELDS);
    });

    it('with true, finds only category (parent) tags', async () => {
      const response = await get('prefix/cal/true').expect(200);
      expect(response.body.data.map((tag: { name: string }) => tag.name)).toEqual(['calatheas']);
    });

    it('treats LIKE wildcards literally and refuses a flag that is not true or false', async () => {
      expect((await get(`prefix/${encodeURIComponent('%')}/false`).expect(200)).body.data).toEqual(
        [],
      );
      expect((await get('prefix/_/false').expect(200)).body.data).toEqual([]);
      expect((await get('prefix/zzzz-nothing/false').expect(200)).body.data).toEqual([]);
      expect((await get('prefix/cal/yes').expect(400)).body.error.code).toBe('VALIDATION_FAILED');
    });
  });

  describe('GET all/{x}', () => {
    it('pages through every tag by name with an opaque cursor until next_cursor is null', async () => {
      const [{ total }] = await t.dataSource.query('SELECT count(*)::int AS total FROM tag');
      const seen: string[] = [];
      let cursor = '0';
      for (let pages = 0; pages < 1000; pages += 1) {
        // As an admin: the unused tags members made above are not listed to others.
        const response = await get(`all/${cursor}?take=7`, admin).expect(200);
        const { items, next_cursor } = response.body.data;
        expect(items.length).toBeLessThanOrEqual(7);
        seen.push(...items.map((tag: { name: string }) => tag.name));
        if (!next_cursor) break;
        cursor = next_cursor;
      }
      expect(seen).toHaveLength(total);
      expect(new Set(seen).size).toBe(total);
      expect(seen).toEqual([...seen].sort((a, b) => (Buffer.from(a) < Buffer.from(b) ? -1 : 1)));
    });

    it('defaults to 20 per page and clamps take to 50', async () => {
      for (let index = 0; index < 55; index += 1) await seedTag(t, uniqueTagName('bulk'));
      expect((await get('all/0').expect(200)).body.data.items).toHaveLength(20);
      expect((await get('all/0?take=500').expect(200)).body.data.items).toHaveLength(50);
      expect((await get('all/0?take=0').expect(200)).body.data.items).toHaveLength(1);
    });

    it('refuses a take that is not a number and a cursor it did not make', async () => {
      expect((await get('all/0?take=ten').expect(400)).body.error.code).toBe('VALIDATION_FAILED');
      expect((await get('all/not-a-cursor!').expect(400)).body.error.code).toBe('INVALID_CURSOR');
      const forged = Buffer.from('{"id":3}').toString('base64url');
      expect((await get(`all/${forged}`).expect(400)).body.error.code).toBe('INVALID_CURSOR');
    });
  });

  describe('admin: PUT update', () => {
    const update = (caller: TestMember, body: Record<string, unknown>) =>
      t.http().put('/api/iam/tags/update').set(caller.headers).send(body);

    it('renames (normalised), describes and clears the description', async () => {
      const id = await seedTag(t, uniqueTagName('old'));
      const renamed = await update(admin, {
        tagDetails: { id, name: 'Snake Plant', description: '  Sansevieria, hardy.  ' },
      }).expect(200);
      expect(renamed.body.data).toMatchObject({
        id,
        name: 'snake-plant',
        description: 'Sansevieria, hardy.',
      });
      const cleared = await update(admin, { tagDetails: { id, description: null } }).expect(200);
      expect(cleared.body.data).toMatchObject({ name: 'snake-plant', description: null });
      const empty = await update(admin, { tagDetails: { id, description: 'x' } }).expect(200);
      expect(empty.body.data.description).toBe('x');
      expect(
        (await update(admin, { tagDetails: { id, description: '' } }).expect(200)).body.data
          .description,
      ).toBeNull();
    });

    it('refuses a name another tag has, and an invalid name', async () => {
      const id = await seedTag(t, uniqueTagName('rename'));
      await seedTag(t, 'taken-name');
      const taken = await update(admin, { tagDetails: { id, name: 'Taken Name' } }).expect(409);
      expect(taken.body.error.code).toBe('TAG_NAME_TAKEN');
      const invalid = await update(admin, { tagDetails: { id, name: 'bad_name' } }).expect(400);
      expect(invalid.body.error.code).toBe('INVALID_TAG_NAME');
    });

    it('attaches a child to a category, detaches it, and keeps the hierarchy two levels deep', async () => {
      const category = await seedTag(t, uniqueTagName('category'), { isParent: true });
      const plain = await seedTag(t, uniqueTagName('plain'));
      const child = await seedTag(t, uniqueTagName('child'));

      const attached = await update(admin, {
        tagDetails: { id: child, parent_id: category },
      }).expect(200);
      expect(attached.body.data.parent_id).toBe(category);

      const notACategory = await update(admin, {
        tagDetails: { id: child, parent_id: plain },
      }).expect(400);
      expect(notACategory.body.error).toMatchObject({
        code: 'INVALID_PARENT',
        message: 'The parent must be a category (parent) tag',
      });
      const missing = await update(admin, {
        tagDetails: { id: child, parent_id: 999999 },
      }).expect(400);
      expect(missing.body.error.message).toBe('The parent tag does not exist');
      const self = await update(admin, {
        tagDetails: { id: plain, parent_id: plain },
      }).expect(400);
      expect(self.body.error.code).toBe('INVALID_PARENT');
      const parentWithParent = await update(admin, {
        tagDetails: { id: child, is_parent: true },
      }).expect(400);
      expect(parentWithParent.body.error.message).toBe('A category tag cannot have a parent');

      const stillHasChildren = await update(admin, {
        tagDetails: { id: category, is_parent: false },
      }).expect(409);
      expect(stillHasChildren.body.error.code).toBe('TAG_HAS_CHILDREN');

      const detached = await update(admin, { tagDetails: { id: child, parent_id: null } });
      expect(detached.body.data.parent_id).toBeNull();
      const demoted = await update(admin, {
        tagDetails: { id: category, is_parent: false },
      }).expect(200);
      expect(demoted.body.data.is_parent).toBe(false);
      const promoted = await update(admin, {
        tagDetails: { id: child, is_parent: true },
      }).expect(200);
      expect(promoted.body.data).toMatchObject({ is_parent: true, parent_id: null });
    });

    it('puts a tag in a group (created once by name) and takes it out', async () => {
      const one = await seedTag(t, uniqueTagName('grouped'));
      const two = await seedTag(t, uniqueTagName('grouped'));
      const first = await update(admin, {
        tagDetails: { id: one },
        tagGroupBody: { name: ' Indoor   plants ' },
      }).expect(200);
      const second = await update(admin, {
        tagDetails: { id: two },
        tagGroupBody: { name: 'Indoor plants' },
      }).expect(200);
      expect(first.body.data.group_id).toEqual(expect.any(Number));
      expect(second.body.data.group_id).toBe(first.body.data.group_id);
      const groups = await t.dataSource.query(
        "SELECT name FROM tag_group WHERE name LIKE 'Indoor%'",
      );
      expect(groups).toEqual([{ name: 'Indoor plants' }]);
      const out = await update(admin, { tagDetails: { id: one }, tagGroupBody: null }).expect(200);
      expect(out.body.data.group_id).toBeNull();
      await update(admin, { tagDetails: { id: one }, tagGroupBody: { name: '   ' } }).expect(400);
    });

    it('answers 404 for an unknown tag and 400 for a malformed body', async () => {
      expect(
        (await update(admin, { tagDetails: { id: 999999, name: 'x-y' } }).expect(404)).body.error
          .code,
      ).toBe('TAG_NOT_FOUND');
      await update(admin, {}).expect(400);
      await update(admin, { tagDetails: { id: 'one' } }).expect(400);
      await update(admin, { tagDetails: { id: 1, colour: 'green' } }).expect(400);
      await update(admin, { tagDetails: { id: 1, parent_id: 1.5 } }).expect(400);
    });

    it('is refused to members who are not admins', async () => {
      const id = await seedTag(t, uniqueTagName('guarded'));
      await update(member, { tagDetails: { id, name: 'hijacked' } }).expect(403);
      await t.http().put('/api/iam/tags/update').send({ tagDetails: { id } }).expect(401);
    });
  });

  describe('admin: DELETE /{name}', () => {
    it('deletes the tag with its interests; its children become top-level tags', async () => {
      const category = await seedTag(t, 'doomed-category', { isParent: true });
      const child = await seedTag(t, uniqueTagName('orphan'), { parentId: category });
      await t
        .http()
        .post('/api/iam/tags/new-interests')
        .set(member.headers)
        .send({ tagIdArr: [category], interestType: 'follow' })
        .expect(200);

      const response = await t
        .http()
        .delete(`/api/iam/tags/${encodeURIComponent('Doomed Category')}`)
        .set(admin.headers)
        .expect(200);
      expect(response.body.data).toEqual({ deleted: true, id: category });
      expect(await t.dataSource.query('SELECT 1 FROM tag WHERE id = $1', [category])).toEqual([]);
      expect(
        await t.dataSource.query('SELECT 1 FROM user_tag_interest WHERE tag_id = $1', [category]),
      ).toEqual([]);
      const [orphan] = await t.dataSource.query('SELECT parent_id FROM tag WHERE id = $1', [child]);
      expect(orphan.parent_id).toBeNull();
    });

    it('answers 404 for an unknown tag and 403 to non-admins', async () => {
      const missing = await t.http().delete('/api/iam/tags/no-such-tag').set(admin.headers);
      expect([missing.status, missing.body.error.code]).toEqual([404, 'TAG_NOT_FOUND']);
      await seedTag(t, 'kept-tag');
      await t.http().delete('/api/iam/tags/kept-tag').set(member.headers).expect(403);
      expect(await t.dataSource.query("SELECT 1 FROM tag WHERE name = 'kept-tag'")).toHaveLength(1);
    });
  });
});
