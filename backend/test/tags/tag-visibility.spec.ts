import { createPost } from '../support/content';
import { createMember, type TestMember } from '../support/members';
import { startTestApp, type TestApp } from '../support/test-app';
import { seedTag, tagRow, uniqueTagName } from './support';

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
  async function privateTag(suffix = ''): Promise<{ name: string; id: number; postId: string }> {
    const name = uniqueTagName('secret-diary') + suffix;
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

  it('keeps a name used only privately hidden after its maker deletes their account', async () => {
    const leaving = await createMember(t, 'registered');
    const name = uniqueTagName('left-behind');
    await createPost(t, leaving, { privacy: 'private', tags: [name] });
    const [{ id }] = await t.dataSource.query('SELECT id FROM tag WHERE name = $1', [name]);
    await t
      .http()
      .delete('/api/iam/authn/delete')
      .set(leaving.headers)
      .send({ uuid: leaving.id, password: leaving.password })
      .expect(200);
    // The tag outlives its maker (created_by is set to NULL), and must stay as hidden as before.
    const [row] = await t.dataSource.query('SELECT created_by FROM tag WHERE id = $1', [id]);
    expect(row).toEqual({ created_by: null });
    expect(await sightings(other, { name, id })).toEqual(nowhere);
    expect(await sightings(null, { name, id })).toEqual(nowhere);
  });

  // ---- every path: a hidden tag answers exactly as a name (or id) that never was a tag ----

  type Tag = { name: string; id: number };
  type Answer = { status: number; body: string };
  let missingIds = 0;

  /** A name and an id no tag has. */
  async function neverMade(): Promise<Tag> {
    missingIds += 1;
    const id = 2_147_000_000 + missingIds;
    expect(await tagRow(t, id)).toBeUndefined();
    return { name: `${uniqueTagName('secret-diary')}-zz`, id };
  }

  /** Status and body, with the tag's own name and id written NAME and ID. */
  function answerOf(response: { status: number; body: unknown }, tag: Tag): Answer {
    const body = JSON.stringify(response.body)
      .split(tag.name)
      .join('NAME')
      .replace(new RegExp(`\\b${tag.id}\\b`, 'g'), 'ID');
    return { status: response.status, body };
  }

  const as = <R extends { set: (headers: Record<string, string>) => R }>(
    request: R,
    caller: TestMember | null,
  ) => (caller ? request.set(caller.headers) : request);

  /** Every route that reads a tag by name or id, as `caller` asks it about `tag`. */
  const READS: Record<string, (tag: Tag, caller: TestMember | null) => Promise<Answer>> = {
    'GET /api/posts/tag/{name}': async (tag, caller) =>
      answerOf(await as(t.http().get(`/api/posts/tag/${tag.name}`), caller), tag),
    'GET /api/iam/posts/tag/{name}': async (tag, caller) =>
      answerOf(await as(t.http().get(`/api/iam/posts/tag/${tag.name}`), caller), tag),
    'GET /api/posts/tag/{name}?cursorId=': async (tag, caller) =>
      answerOf(
        await as(t.http().get(`/api/posts/tag/${tag.name}?cursorId=not-a-cursor`), caller),
        tag,
      ),
    'get-single by name': async (tag, caller) =>
      answerOf(await get(`get-single/name/${tag.name}`, caller), tag),
    'get-single by id': async (tag, caller) =>
      answerOf(await get(`get-single/id/${tag.id}`, caller), tag),
    'get-tag-n-children by name': async (tag, caller) =>
      answerOf(await get(`get-tag-n-children/name/${tag.name}`, caller), tag),
    'get-tag-n-children by id': async (tag, caller) =>
      answerOf(await get(`get-tag-n-children/id/${tag.id}`, caller), tag),
    'get-tags-n-children': async (tag, caller) =>
      answerOf(await get(`get-tags-n-children/${tag.name},houseplants`, caller), tag),
    prefix: async (tag, caller) => answerOf(await get(`prefix/${tag.name}/false`, caller), tag),
    'prefix, categories only': async (tag, caller) =>
      answerOf(await get(`prefix/${tag.name}/true`, caller), tag),
    'prefix of the name': async (tag, caller) =>
      answerOf(await get(`prefix/${tag.name.slice(0, -1)}/false`, caller), tag),
  };

  /** The routes only members call, each with a fresh member (their own rate limits and interests). */
  const MEMBER_CALLS: Record<string, (tag: Tag, caller: TestMember) => Promise<Answer>> = {
    'new-interests': async (tag, caller) => answerOf(await follow(caller, [tag.id]), tag),
    'delete-interests': async (tag, caller) => answerOf(await unfollow(caller, [tag.id]), tag),
    'check-if-last': async (tag, caller) =>
      answerOf(
        await t
          .http()
          .put('/api/iam/tags/check-if-last')
          .set(caller.headers)
          .send({ tagIdArr: [tag.id], interestType: 'follow' }),
        tag,
      ),
    'user-interests': async (tag, caller) =>
      answerOf(await get(`user-interests/${caller.id}`, caller), tag),
  };

  it('answers every tag-reading route for a hidden tag exactly as for one that never was', async () => {
    const hidden = await privateTag('-zz');
    const missing = await neverMade();
    for (const caller of [other, null]) {
      for (const [route, read] of Object.entries(READS)) {
        const who = caller ? 'member' : 'guest';
        expect({ route, who, ...(await read(hidden, caller)) }).toEqual({
          route,
          who,
          ...(await read(missing, caller)),
        });
      }
    }
    for (const [route, call] of Object.entries(MEMBER_CALLS)) {
      // Two members alike: each follows the same one tag.
      const [one, two] = [await createMember(t, 'registered'), await createMember(t, 'registered')];
      const followed = await seedTagId('followed');
      await follow(one, [followed]).expect(200);
      await follow(two, [followed]).expect(200);
      const answers = [await call(hidden, one), await call(missing, two)].map((answer) => ({
        ...answer,
        body: answer.body.split(one.id).join('ME').split(two.id).join('ME'),
      }));
      expect({ route, ...answers[0] }).toEqual({ route, ...answers[1] });
    }
    // The whole catalogue reads the same as before the hidden tag was made.
    const before = {
      all: await allNames(other),
      categories: (await get('interest-cat-tags', null).expect(200)).body,
    };
    await privateTag();
    expect({
      all: await allNames(other),
      categories: (await get('interest-cat-tags', null)).body,
    }).toEqual(before);
    expect(await tagRow(t, hidden.id)).toEqual({ follower_count: 0, post_count: 0 });
  });

  /** Without what differs between any two posts and their authors (ids, times, texts, names). */
  function scrub(answer: Answer): Answer {
    const body = answer.body
      .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, 'UUID')
      .replace(/\d{4}-\d\d-\d\dT[\d:.]+Z/g, 'TIME')
      .replace(/"(random_id|text|username)":"[^"]*"/g, '"$1":"…"');
    return { ...answer, body };
  }

  /** Two members name a tag, one hidden from them, one never made: what each sees from then on. */
  async function afterNaming(name: (member: TestMember, tag: Tag) => Promise<Tag>) {
    const hidden = await privateTag('-zz');
    const missing = await neverMade();
    const [one, two] = [await createMember(t, 'registered'), await createMember(t, 'registered')];
    const named = { hidden: await name(one, hidden), missing: await name(two, missing) };
    const reads: Record<string, Answer[]> = {};
    for (const [route, read] of Object.entries(READS))
      reads[route] = [await read(named.hidden, one), await read(named.missing, two)].map(scrub);
    reads.all = [
      { status: 200, body: String((await allNames(one)).includes(hidden.name)) },
      { status: 200, body: String((await allNames(two)).includes(missing.name)) },
    ];
    return { hidden, named, reads };
  }

  it('makes a hidden tag, when named with POST tags/new, read like a tag made just then', async () => {
    const create = async (member: TestMember, tag: Tag, returnAnId = false) => {
      const response = await t
        .http()
        .post('/api/iam/tags/new')
        .set(member.headers)
        .send({ tagName: tag.name, returnAnId });
      return { response, made: { name: tag.name, id: response.body.data?.id as number } };
    };
    const { hidden, named, reads } = await afterNaming(async (member, tag) => {
      const { response, made } = await create(member, tag);
      expect(response.status).toBe(200);
      return made;
    });
    // The same tag row: the author's private post still carries it.
    expect(named.hidden.id).toBe(hidden.id);
    for (const [route, [fromHidden, fromMissing]] of Object.entries(reads))
      expect({ route, ...fromHidden }).toEqual({ route, ...fromMissing });
    // Naming it again answers alike, with returnAnId too.
    const [again, fresh] = [await createMember(t, 'registered'), await neverMade()];
    const [a, b] = [await create(again, hidden, true), await create(again, fresh, true)];
    expect(answerOf(a.response, a.made)).toEqual(answerOf(b.response, b.made));
    expect(await sightings(null, hidden)).toEqual(nowhere);
  });

  it('makes a hidden tag, when put on a post, read like a tag that post made', async () => {
    const { named, reads } = await afterNaming(async (member, tag) => {
      const post = await createPost(t, member, { privacy: 'private', tags: [tag.name] });
      expect(post.tags).toEqual([{ id: expect.any(Number), name: tag.name }]);
      return post.tags[0] as Tag;
    });
    for (const [route, [fromHidden, fromMissing]] of Object.entries(reads))
      expect({ route, ...fromHidden }).toEqual({ route, ...fromMissing });
    expect(await sightings(null, named.hidden)).toEqual(nowhere);
  });

  it('shows a hidden tag’s posts to whoever may see a post that carries it', async () => {
    const name = uniqueTagName('members-only');
    const post = await createPost(t, author, { privacy: 'members', tags: [name] });
    const [row] = await t.dataSource.query('SELECT id FROM tag WHERE name = $1', [name]);
    expect(await tagRow(t, row.id)).toEqual({ follower_count: 0, post_count: 0 });
    // A member sees the post, so the tag is no secret to them: its feed lists the post...
    const feed = await t.http().get(`/api/posts/tag/${name}`).set(other.headers).expect(200);
    expect(feed.body.data.items.map((item: { id: string }) => item.id)).toEqual([post.id]);
    // ...though the catalogue, which lists tags in public use, still does not.
    expect(await sightings(other, { name, id: row.id })).toEqual(nowhere);
    const guest = await t.http().get(`/api/posts/tag/${name}`).expect(404);
    expect(guest.body.error.code).toBe('TAG_NOT_FOUND');
  });

  it('gives tags ids that tell nothing of when they were made', async () => {
    const member = await createMember(t, 'registered');
    const ids: number[] = [];
    for (let made = 0; made < 12; made += 1) {
      const response = await t
        .http()
        .post('/api/iam/tags/new')
        .set(member.headers)
        .send({ tagName: uniqueTagName('in-order'), returnAnId: true })
        .expect(200);
      ids.push(response.body.data.id);
    }
    // Sequential ids would come out sorted: an older (hidden) tag's id would give it away.
    expect(ids).not.toEqual([...ids].sort((x, y) => x - y));
    expect(new Set(ids).size).toBe(ids.length);
  });

  /** A tag anyone may follow (a category's child), by id. */
  async function seedTagId(stem: string): Promise<number> {
    return seedTag(t, uniqueTagName(stem), { parentId: await categoryId() });
  }
  async function categoryId(): Promise<number> {
    const [row] = await t.dataSource.query("SELECT id FROM tag WHERE name = 'houseplants'");
    return row.id;
  }
});
