import { randomUUID } from 'node:crypto';
import { createPost } from '../support/content';
import { createMember, type TestMember } from '../support/members';
import { startTestApp, type TestApp } from '../support/test-app';
import { seedTag, tagRow, uniqueTagName } from './support';

/** Recounts what tag.post_count and tag.follower_count keep (tests only: a full count is fine here). */
async function recount(t: TestApp, id: number) {
  const [row] = await t.dataSource.query(
    `SELECT (SELECT count(*)::int FROM post_tag pt JOIN post p ON p.id = pt.post_id
              WHERE pt.tag_id = $1 AND p.privacy = 'public') AS post_count,
            (SELECT count(*)::int FROM user_tag_interest WHERE tag_id = $1) AS follower_count`,
    [id],
  );
  return row as { post_count: number; follower_count: number };
}

describe('tags: admins curate the catalogue (tree, merge, rename, delete)', () => {
  let t: TestApp;
  let admin: TestMember;
  let member: TestMember;
  let trusted: TestMember;
  beforeAll(async () => {
    t = await startTestApp();
    [admin, member, trusted] = await Promise.all([
      createMember(t, 'admin'),
      createMember(t, 'registered'),
      createMember(t, 'trusted'),
    ]);
  });
  afterAll(() => t.close());

  const idOf = async (name: string): Promise<number> =>
    (await t.dataSource.query('SELECT id FROM tag WHERE name = $1', [name]))[0]?.id;

  const merge = (body: unknown, caller: TestMember = admin) =>
    t
      .http()
      .post('/api/iam/tags/admin/merge')
      .set(caller.headers)
      .send(body as object);

  describe('GET admin/tree', () => {
    it('shows groups, categories with their tags, and the other tags by name, from a prefix', async () => {
      const category = await seedTag(t, uniqueTagName('cat'), { isParent: true });
      const child = await seedTag(t, uniqueTagName('child'), { parentId: category });
      const stem = `loose${randomUUID().slice(0, 6)}`;
      const bare = await seedTag(t, `${stem}-b`, { description: null });
      const described = await seedTag(t, `${stem}-a`);
      await t
        .http()
        .put('/api/iam/tags/update')
        .set(admin.headers)
        .send({ tagDetails: { id: child }, tagGroupBody: { name: 'Indoor  plants' } })
        .expect(200);

      const response = await t
        .http()
        .get('/api/iam/tags/admin/tree')
        .query({ q: stem.toUpperCase() })
        .set(admin.headers)
        .expect(200);
      const tree = response.body.data;
      const group = tree.groups.find((g: { name: string }) => g.name === 'Indoor plants');
      expect(group).toBeDefined();
      const listed = tree.categories.find((c: { id: number }) => c.id === category);
      expect(listed.children).toEqual([
        expect.objectContaining({ id: child, parent_id: category, group_id: group.id }),
      ]);
      // Admins see bare tags too (nobody else is shown them).
      expect(tree.loose.map((tag: { id: number }) => tag.id)).toEqual([described, bare]);
      expect(tree.loose_truncated).toBe(false);
    });

    it('refuses a prefix that is too long or not text, and anyone but an admin', async () => {
      await t
        .http()
        .get('/api/iam/tags/admin/tree')
        .query({ q: 'x'.repeat(41) })
        .set(admin.headers)
        .expect(400);
      await t.http().get('/api/iam/tags/admin/tree?q=a&q=b').set(admin.headers).expect(400);
      await t.http().get('/api/iam/tags/admin/tree').set(trusted.headers).expect(403);
      await t.http().get('/api/iam/tags/admin/tree').expect(401);
    });
  });

  describe('POST admin/merge', () => {
    it('moves posts, pages, interests and children over, none twice, with exact counts', async () => {
      const from = uniqueTagName('from');
      const into = uniqueTagName('into');
      const other = uniqueTagName('other');
      // Posts: one with both tags, public ones with only `from`, a private one with only `from`.
      const both = await createPost(t, member, { tags: [from, into] });
      const onlyFrom = await createPost(t, member, { tags: [from, other] });
      const privateFrom = await createPost(t, member, { tags: [from], privacy: 'private' });
      await createPost(t, trusted, { tags: [into] });
      const fromId = await idOf(from);
      const intoId = await idOf(into);
      await t.dataSource.query('UPDATE tag SET is_parent = true WHERE id = ANY($1::int[])', [
        [fromId, intoId],
      ]);
      const child = await seedTag(t, uniqueTagName('kid'), { parentId: fromId });
      // Interests: one member follows both, another only `from` (twice over: two types).
      for (const [caller, ids, interestType] of [
        [member, [fromId, intoId], 'follow'],
        [trusted, [fromId], 'follow'],
        [trusted, [fromId], 'grow'],
      ] as const) {
        await t
          .http()
          .post('/api/iam/tags/new-interests')
          .set(caller.headers)
          .send({ tagIdArr: ids, interestType })
          .expect(200);
      }
      // Pages: one carries both tags, one only `from`.
      const pageIds: string[] = [];
      for (const tagIds of [[fromId, intoId], [fromId]]) {
        const page = await t
          .http()
          .post('/api/iam/pages/new')
          .set(trusted.headers)
          .send({
            handle: `pg_${randomUUID().slice(0, 8)}`,
            name: 'Fern Friends',
            about: 'We swap ferns.',
            suburb_city: 'Fitzroy',
            state: 'Victoria',
            country: 'Australia',
            latitude: -37.79871,
            longitude: 144.97834,
          })
          .expect(201);
        pageIds.push(page.body.data.id);
        await t
          .http()
          .post('/api/iam/pages/connect-tags')
          .set(trusted.headers)
          .send({ pageId: page.body.data.id, tagIdArr: tagIds })
          .expect(201);
      }
      expect(await tagRow(t, intoId)).toEqual({ post_count: 2, follower_count: 1 });

      const response = await merge({ fromId, intoId }).expect(200);
      expect(response.body.data).toEqual({
        tag: expect.objectContaining({ id: intoId, name: into, post_count: 3, follower_count: 3 }),
        removed: { id: fromId, name: from },
      });
      expect(await tagRow(t, fromId)).toBeUndefined();
      expect(await tagRow(t, intoId)).toEqual(await recount(t, intoId));
      expect(await recount(t, intoId)).toEqual({ post_count: 3, follower_count: 3 });

      const tagsOf = async (postId: string) =>
        (
          await t.dataSource.query(
            'SELECT t.name FROM post_tag pt JOIN tag t ON t.id = pt.tag_id WHERE pt.post_id = $1 ORDER BY t.name',
            [postId],
          )
        ).map((row: { name: string }) => row.name);
      expect(await tagsOf(both.id)).toEqual([into]);
      expect(await tagsOf(onlyFrom.id)).toEqual([into, other].sort());
      expect(await tagsOf(privateFrom.id)).toEqual([into]);
      const pageTags = await t.dataSource.query(
        'SELECT page_id, tag_id FROM page_tag WHERE page_id = ANY($1::uuid[])',
        [pageIds],
      );
      expect(pageTags).toHaveLength(2);
      expect(pageTags.every((row: { tag_id: number }) => row.tag_id === intoId)).toBe(true);
      const [kid] = await t.dataSource.query('SELECT parent_id FROM tag WHERE id = $1', [child]);
      expect(kid.parent_id).toBe(intoId);
      // The tag's feed now has every post that carried either tag (for a guest: the public ones).
      const feed = await t.http().get(`/api/posts/tag/${into}`).expect(200);
      expect(JSON.stringify(feed.body.data)).toContain(onlyFrom.id);
    });

    it('refuses merging into itself, unknown tags, bad ids, and a category with tags into a plain tag', async () => {
      const category = await seedTag(t, uniqueTagName('cat'), { isParent: true });
      await seedTag(t, uniqueTagName('kid'), { parentId: category });
      const plain = await seedTag(t, uniqueTagName('plain'));
      expect((await merge({ fromId: plain, intoId: plain }).expect(400)).body.error.code).toBe(
        'MERGE_INTO_ITSELF',
      );
      expect(
        (await merge({ fromId: plain, intoId: 2_147_483_000 }).expect(404)).body.error.code,
      ).toBe('TAG_NOT_FOUND');
      expect((await merge({ fromId: category, intoId: plain }).expect(400)).body.error.code).toBe(
        'INVALID_PARENT',
      );
      for (const body of [
        {},
        { fromId: 'a', intoId: plain },
        { fromId: null, intoId: plain },
        { fromId: -1, intoId: plain },
        { fromId: 1.5, intoId: plain },
      ]) {
        await merge(body).expect(400);
      }
      expect(await tagRow(t, category)).toBeDefined();
      expect(await tagRow(t, plain)).toBeDefined();
    });

    it('is for admins only, and needs the csrf_token', async () => {
      const a = await seedTag(t, uniqueTagName('a'));
      const b = await seedTag(t, uniqueTagName('b'));
      await merge({ fromId: a, intoId: b }, trusted).expect(403);
      await t
        .http()
        .post('/api/iam/tags/admin/merge')
        .set({ authorization: `Bearer ${admin.accessToken}` })
        .send({ fromId: a, intoId: b })
        .expect(403);
      expect(await tagRow(t, a)).toBeDefined();
    });

    it('two merges at once of the same tag: one moves it, the other finds it gone', async () => {
      const from = uniqueTagName('race');
      await createPost(t, member, { tags: [from] });
      const fromId = await idOf(from);
      const one = await seedTag(t, uniqueTagName('one'));
      const two = await seedTag(t, uniqueTagName('two'));
      const [first, second] = await Promise.all([
        merge({ fromId, intoId: one }),
        merge({ fromId, intoId: two }),
      ]);
      expect([first.status, second.status].sort()).toEqual([200, 404]);
      const counts = [(await tagRow(t, one))?.post_count, (await tagRow(t, two))?.post_count];
      expect(counts.sort()).toEqual([0, 1]);
    });
  });

  describe('rename and delete (PUT update, DELETE {name})', () => {
    it('renames a tag keeping its posts, and deletes one with its links', async () => {
      const name = uniqueTagName('old');
      const post = await createPost(t, member, { tags: [name] });
      const id = await idOf(name);
      const renamed = await t
        .http()
        .put('/api/iam/tags/update')
        .set(admin.headers)
        .send({ tagDetails: { id, name: `${name}-New` } })
        .expect(200);
      expect(renamed.body.data).toMatchObject({ id, name: `${name}-new`, post_count: 1 });
      await t.http().delete(`/api/iam/tags/${name}-new`).set(admin.headers).expect(200);
      expect(
        await t.dataSource.query('SELECT 1 FROM post_tag WHERE post_id = $1', [post.id]),
      ).toHaveLength(0);
    });
  });
});
