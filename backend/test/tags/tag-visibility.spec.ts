import { createPost } from '../support/content';
import { createMember, type TestMember } from '../support/members';
import { startTestApp, type TestApp } from '../support/test-app';
import { tagRow, uniqueTagName } from './support';

/** Where a caller finds a tag in the catalogue: route → whether the tag was there. */
type Sightings = Record<string, boolean>;

const ROUTES = [
  'all',
  'prefix',
  'get-single by name',
  'get-single by id',
  'get-tag-n-children by name',
  'get-tag-n-children by id',
  'get-tags-n-children',
];
const everywhere: Sightings = Object.fromEntries(ROUTES.map((route) => [route, true]));
const nowhere: Sightings = Object.fromEntries(ROUTES.map((route) => [route, false]));

describe('tags: a tag only a private post uses', () => {
  let t: TestApp;
  let author: TestMember;
  let other: TestMember;
  let admin: TestMember;
  beforeAll(async () => {
    t = await startTestApp();
    author = await createMember(t, 'registered');
    other = await createMember(t, 'registered');
    admin = await createMember(t, 'admin');
  });
  afterAll(() => t.close());

  const get = (path: string, caller: TestMember | null) => {
    const request = t.http().get(`/api/iam/tags/${path}`);
    return caller ? request.set(caller.headers) : request;
  };
  const follow = (caller: TestMember, tagIdArr: number[]) =>
    t
      .http()
      .post('/api/iam/tags/new-interests')
      .set(caller.headers)
      .send({ tagIdArr, interestType: 'follow' });
  const unfollow = (caller: TestMember, tagIdArr: number[]) =>
    t
      .http()
      .delete('/api/iam/tags/delete-interests')
      .set(caller.headers)
      .send({ tagIdArr, interestType: 'follow' });
  const setPrivacy = (postId: string, privacy: string) =>
    t
      .http()
      .put('/api/iam/posts/privacy')
      .set(author.headers)
      .send({ id: postId, uuid: author.id, privacy })
      .expect(200);

  /** A new tag made by the author's private post: its name, id and the post's id. */
  async function privateTag(): Promise<{ name: string; id: number; postId: string }> {
    const name = uniqueTagName('secret-diary');
    const post = await createPost(t, author, { privacy: 'private', tags: [name] });
    const [row] = await t.dataSource.query('SELECT id FROM tag WHERE name = $1', [name]);
    return { name, id: row.id, postId: post.id };
  }

  async function allNames(caller: TestMember | null): Promise<string[]> {
    const names: string[] = [];
    let cursor = '0';
    for (let pages = 0; pages < 1000; pages += 1) {
      const response = await get(`all/${cursor}?take=50`, caller).expect(200);
      const { items, next_cursor } = response.body.data;
      names.push(...items.map((tag: { name: string }) => tag.name));
      if (!next_cursor) break;
      cursor = next_cursor;
    }
    return names;
  }

  /** Asks each catalogue read for the tag; a tag it does not list must answer TAG_NOT_FOUND. */
  async function sightings(
    caller: TestMember | null,
    tag: { name: string; id: number },
  ): Promise<Sightings> {
    const found = async (path: string) => {
      const response = await get(path, caller);
      if (response.status === 404) {
        expect(response.body.error.code).toBe('TAG_NOT_FOUND');
        return false;
      }
      expect([path, response.status]).toEqual([path, 200]);
      expect(response.body.data).toMatchObject({ id: tag.id, name: tag.name });
      return true;
    };
    const prefix = await get(`prefix/${tag.name}/false`, caller).expect(200);
    const many = await get(`get-tags-n-children/${tag.name},houseplants`, caller).expect(200);
    return {
      all: (await allNames(caller)).includes(tag.name),
      prefix: prefix.body.data.some((row: { id: number }) => row.id === tag.id),
      'get-single by name': await found(`get-single/name/${tag.name}`),
      'get-single by id': await found(`get-single/id/${tag.id}`),
      'get-tag-n-children by name': await found(`get-tag-n-children/name/${tag.name}`),
      'get-tag-n-children by id': await found(`get-tag-n-children/id/${tag.id}`),
      'get-tags-n-children': many.body.data.some((row: { id: number }) => row.id === tag.id),
    };
  }

  it('shows other members and guests nothing of it, as if it did not exist', async () => {
    const tag = await privateTag();
    expect(await tagRow(t, tag.id)).toEqual({ follower_count: 0, post_count: 0 });

    for (const caller of [other, null]) {
      expect(await sightings(caller, tag)).toEqual(nowhere);
      expect((await get(`prefix/${tag.name}/true`, caller).expect(200)).body.data).toEqual([]);
      const categories = (await get('interest-cat-tags', caller).expect(200)).body.data;
      expect(JSON.stringify(categories)).not.toContain(tag.name);

      const hidden = await get(`get-single/name/${tag.name}`, caller).expect(404);
      const missing = await get(`get-single/name/${uniqueTagName('never-made')}`, caller);
      expect(hidden.body.error).toEqual(missing.body.error);
      const many = await get(`get-tags-n-children/${tag.name},houseplants`, caller).expect(200);
      expect(many.body.data.map((row: { name: string }) => row.name)).toEqual(['houseplants']);
    }
  });

  it('refuses an interest in it from another member, as for a tag that does not exist', async () => {
    const tag = await privateTag();
    const hidden = await follow(other, [tag.id]).expect(404);
    expect(hidden.body.error.code).toBe('TAG_NOT_FOUND');
    const missing = await follow(other, [999_999]).expect(404);
    expect(JSON.stringify(hidden.body.error).replace(String(tag.id), 'ID')).toEqual(
      JSON.stringify(missing.body.error).replace('999999', 'ID'),
    );
    expect(await tagRow(t, tag.id)).toEqual({ follower_count: 0, post_count: 0 });
    expect(await sightings(null, tag)).toEqual(nowhere);
  });

  it('shows it to its author and to admins everywhere', async () => {
    const tag = await privateTag();
    expect(await sightings(author, tag)).toEqual(everywhere);
    expect(await sightings(admin, tag)).toEqual(everywhere);
  });

  it('shows it to everyone while a public post uses it, and hides it again when none does', async () => {
    const tag = await privateTag();
    await setPrivacy(tag.postId, 'public');
    expect(await tagRow(t, tag.id)).toEqual({ follower_count: 0, post_count: 1 });
    expect(await sightings(other, tag)).toEqual(everywhere);
    expect(await sightings(null, tag)).toEqual(everywhere);

    await setPrivacy(tag.postId, 'private');
    expect(await tagRow(t, tag.id)).toEqual({ follower_count: 0, post_count: 0 });
    expect(await sightings(other, tag)).toEqual(nowhere);
    expect(await sightings(null, tag)).toEqual(nowhere);

    // A second, public post with the same tag shows it too.
    await createPost(t, author, { privacy: 'public', tags: [tag.name] });
    expect(await sightings(null, tag)).toEqual(everywhere);
  });

  it('keeps showing it while someone follows it, even with no public post', async () => {
    const tag = await privateTag();
    await setPrivacy(tag.postId, 'public');
    await follow(other, [tag.id]).expect(200);
    await setPrivacy(tag.postId, 'private');
    expect(await tagRow(t, tag.id)).toEqual({ follower_count: 1, post_count: 0 });
    expect(await sightings(null, tag)).toEqual(everywhere);

    await unfollow(other, [tag.id]).expect(200);
    expect(await sightings(null, tag)).toEqual(nowhere);
    expect(await sightings(author, tag)).toEqual(everywhere);
  });

  it('lists a tag a member made and nobody uses yet to that member only', async () => {
    const name = uniqueTagName('unused');
    const created = await t
      .http()
      .post('/api/iam/tags/new')
      .set(author.headers)
      .send({ tagName: name })
      .expect(200);
    const tag = { name, id: created.body.data.id as number };
    expect(await sightings(author, tag)).toEqual(everywhere);
    expect(await sightings(other, tag)).toEqual(nowhere);
    expect(await sightings(null, tag)).toEqual(nowhere);
  });
});
