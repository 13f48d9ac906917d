import type { Response } from 'supertest';
import { createPlant, createPost } from '../support/content';
import { createMember, type TestMember } from '../support/members';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * The lists of posts: the news feed, a member's posts, a tag's posts and the guests' feed. This
 * file's database is its own, so whole-feed assertions are exact; each test says what it adds.
 */

interface Item {
  id: string;
  user_id: string;
  type: string;
  privacy: string;
  bumped_at: string;
  tags: Array<{ name: string }>;
}

interface Seeded {
  id: string;
  /** bumped_at as UTC text with microseconds, e.g. 2001-02-03T04:05:06.000007Z */
  at: string;
}

/** Newest bumped first, ties broken by the larger id (uuids compare as their lower-case hex). */
function feedOrder(a: Seeded, b: Seeded): number {
  if (a.at !== b.at) return a.at < b.at ? 1 : -1;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

/** `base` plus `micros` microseconds, as UTC text with all six fractional digits. */
function at(base: Date, micros: number): string {
  const ms = base.getTime() + Math.floor(micros / 1000);
  const rest = micros % 1000;
  const iso = new Date(ms).toISOString(); // YYYY-MM-DDTHH:MM:SS.mmmZ
  return `${iso.slice(0, 23)}${String(rest).padStart(3, '0')}Z`;
}

function cursorOf(payload: unknown): string {
  return Buffer.from(JSON.stringify(payload)).toString('base64url');
}

const ids = (items: Array<{ id: string }>) => items.map((item) => item.id);

describe('content: feeds', () => {
  let t: TestApp;
  let alice: TestMember;
  let bob: TestMember;
  let carol: TestMember;

  beforeAll(async () => {
    t = await startTestApp();
    alice = await createMember(t, 'registered');
    bob = await createMember(t, 'registered');
    carol = await createMember(t, 'registered');
  });
  afterAll(() => t.close());

  /** Posts straight into the table at the given bump times (text with microseconds). */
  async function seedAt(
    member: TestMember,
    times: string[],
    options: { privacy?: string; tag?: string } = {},
  ): Promise<Seeded[]> {
    const rows: Seeded[] = await t.dataSource.query(
      `INSERT INTO post (random_id, type, user_id, text, privacy, created_at, updated_at, bumped_at)
       SELECT substr(md5(random()::text || x.n::text), 1, 10), 'text/image', $1, 'seeded ' || x.n,
              $2, x.at, x.at, x.at
         FROM unnest($3::timestamptz[]) WITH ORDINALITY AS x(at, n)
       RETURNING id, to_char(bumped_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS at`,
      [member.id, options.privacy ?? 'public', times],
    );
    if (options.tag) {
      const [tag] = await t.dataSource.query(
        'INSERT INTO tag (name) VALUES ($1) ON CONFLICT (name) DO UPDATE SET name = EXCLUDED.name RETURNING id',
        [options.tag],
      );
      await t.dataSource.query(
        'INSERT INTO post_tag (post_id, tag_id) SELECT unnest($1::uuid[]), $2',
        [rows.map((row) => row.id), tag.id],
      );
    }
    return rows;
  }

  /** Every post the member may see, by an independent query: the oracle for "no gaps". */
  async function visibleToMember(member: TestMember): Promise<string[]> {
    const rows: Array<{ id: string }> = await t.dataSource.query(
      "SELECT id FROM post WHERE privacy <> 'private' OR user_id = $1",
      [member.id],
    );
    return rows.map((row) => row.id);
  }

  type Fetch = (cursor: string | null) => Promise<Response>;

  /** Follows next_cursor to the end; `between` runs after each page (e.g. new posts arrive). */
  async function walk(
    fetch: Fetch,
    options: { listKey?: 'items' | 'contentItems'; between?: () => Promise<void> } = {},
  ) {
    const listKey = options.listKey ?? 'items';
    const pages: Array<{ items: Item[]; next_cursor: string | null; responders: unknown[] }> = [];
    let cursor: string | null = null;
    for (let guard = 0; guard < 100; guard += 1) {
      const response = await fetch(cursor);
      expect(response.status).toBe(200);
      const { data, responders } = response.body;
      pages.push({ items: data[listKey], next_cursor: data.next_cursor, responders });
      cursor = data.next_cursor;
      if (cursor === null) break;
      await options.between?.();
    }
    expect(cursor).toBeNull();
    return { pages, items: pages.flatMap((page) => page.items) };
  }

  const newsFeed =
    (member: TestMember): Fetch =>
    (cursor) =>
      t
        .http()
        .get(cursor ? `/api/iam/posts/more-recent/${cursor}` : '/api/iam/posts/init-recent')
        .set(member.headers);

  describe('the news feed', () => {
    let aliceSeeded: Seeded[];
    let bobSeeded: Seeded[];

    beforeAll(async () => {
      // 45 + 30 posts a few seconds apart (interleaved between the two authors), an hour ago.
      const base = new Date(Date.now() - 3_600_000);
      aliceSeeded = await seedAt(
        alice,
        Array.from({ length: 45 }, (_, i) => at(base, i * 2_000_000)),
      );
      bobSeeded = await seedAt(
        bob,
        Array.from({ length: 30 }, (_, i) => at(base, i * 3_000_000 + 500_000)),
      );
    });

    it('walks every post newest bumped first, 20 a page, each exactly once, to a null cursor', async () => {
      const { pages, items } = await walk(newsFeed(carol));
      const walked = ids(items);
      expect(new Set(walked).size).toBe(walked.length);
      expect([...walked].sort()).toEqual((await visibleToMember(carol)).sort());
      expect(walked).toEqual(ids([...aliceSeeded, ...bobSeeded].sort(feedOrder)));
      // The default page size is 20: every page but the last is full.
      expect(pages.length).toBe(Math.ceil(75 / 20));
      for (const page of pages.slice(0, -1)) expect(page.items).toHaveLength(20);
      expect(pages[pages.length - 1].items).toHaveLength(75 - 20 * (pages.length - 1));
      // Bump times never increase down the feed.
      const times = items.map((item) => Date.parse(item.bumped_at));
      for (let i = 1; i < times.length; i += 1) expect(times[i]).toBeLessThanOrEqual(times[i - 1]);
    });

    it('neither repeats nor skips a post when new posts arrive between pages', async () => {
      const before = await visibleToMember(carol);
      const arrived: string[] = [];
      const { items } = await walk(newsFeed(carol), {
        between: async () => {
          arrived.push((await createPost(t, bob, { text: `arrived ${arrived.length}` })).id);
          arrived.push((await createPost(t, alice, { text: `arrived ${arrived.length}` })).id);
        },
      });
      expect(arrived.length).toBeGreaterThanOrEqual(4);
      const walked = ids(items);
      expect(new Set(walked).size).toBe(walked.length);
      expect([...walked].sort()).toEqual([...before].sort());
      // The next first page starts with them, newest first.
      const fresh = await t.http().get('/api/iam/posts/init-recent').set(carol.headers).expect(200);
      expect(ids(fresh.body.data.items).slice(0, arrived.length)).toEqual([...arrived].reverse());
    });

    it('names each author of a page once in responders, and nobody else', async () => {
      const { pages } = await walk(newsFeed(carol));
      for (const page of pages) {
        const authors = [...new Set(page.items.map((item) => item.user_id))].sort();
        const responders = (page.responders as Array<{ uuid: string }>).map((r) => r.uuid);
        expect([...responders].sort()).toEqual(authors);
      }
    });

    it('refuses guests (the member feed needs a session)', async () => {
      await t.http().get('/api/iam/posts/init-recent').expect(401);
    });
  });

  describe('keyset paging of one member’s posts', () => {
    let dave: TestMember;
    let seeded: Seeded[];

    beforeAll(async () => {
      dave = await createMember(t, 'registered');
      const base = new Date(Date.now() - 7_200_000);
      // 15 posts at the very same instant (only the id orders them) and 12 posts one microsecond
      // apart (a millisecond cursor would repeat or lose them), then 13 a second apart: 40 in all.
      seeded = [
        ...(await seedAt(
          dave,
          Array.from({ length: 15 }, () => at(base, 5)),
        )),
        ...(await seedAt(
          dave,
          Array.from({ length: 12 }, (_, i) => at(base, 1_000 + i)),
        )),
        ...(await seedAt(
          dave,
          Array.from({ length: 13 }, (_, i) => at(base, (i + 1) * 1_000_000)),
        )),
      ];
    });

    const byUser =
      (take: number): Fetch =>
      (cursor) =>
        t.http().get(`/api/iam/posts/morepostsbyuser/${dave.id}/${take}/${cursor ?? '0'}`);

    it('breaks ties by id and keeps microseconds, in pages of any size', async () => {
      const expected = ids([...seeded].sort(feedOrder));
      for (const take of [1, 4, 7, 15, 40]) {
        const { pages, items } = await walk(byUser(take));
        expect(ids(items)).toEqual(expected);
        expect(pages).toHaveLength(Math.ceil(40 / take));
      }
    });

    it('ends with next_cursor null when the last page is exactly full', async () => {
      const first = await t.http().get(`/api/posts/${dave.username}`).expect(200);
      expect(first.body.data.items).toHaveLength(20);
      expect(first.body.data.next_cursor).toEqual(expect.any(String));
      const second = await t
        .http()
        .get(`/api/posts/more/by-user/${dave.username}`)
        .query({ cursorId: first.body.data.next_cursor })
        .expect(200);
      expect(second.body.data.items).toHaveLength(20);
      expect(second.body.data.next_cursor).toBeNull();
      expect([...ids(first.body.data.items), ...ids(second.body.data.items)]).toEqual(
        ids([...seeded].sort(feedOrder)),
      );
      // Without a cursor, "more" is the first page.
      const noCursor = await t.http().get(`/api/posts/more/by-user/${dave.username}`).expect(200);
      expect(ids(noCursor.body.data.items)).toEqual(ids(first.body.data.items));
      await t.http().get('/api/posts/no_such_member').expect(404);
    });

    it('clamps the page size to 1..50 and refuses one that is not a number', async () => {
      const extra = await seedAt(
        dave,
        Array.from({ length: 20 }, (_, i) => at(new Date(Date.now() - 7_000_000), i)),
      );
      expect(extra).toHaveLength(20); // 60 posts now
      const huge = await t
        .http()
        .get(`/api/iam/posts/morepostsbyuser/${dave.id}/100000/0`)
        .expect(200);
      expect(huge.body.data.items).toHaveLength(50);
      expect(huge.body.data.next_cursor).toEqual(expect.any(String));
      const zero = await t.http().get(`/api/iam/posts/morepostsbyuser/${dave.id}/0/0`).expect(200);
      expect(zero.body.data.items).toHaveLength(1);
      for (const bad of ['ten', '-1', '1.5', '9999999'])
        await t.http().get(`/api/iam/posts/morepostsbyuser/${dave.id}/${bad}/0`).expect(400);
      await t.http().get('/api/iam/posts/morepostsbyuser/not-a-uuid/20/0').expect(400);
      const byName = await t.http().get(`/api/posts/${dave.username}`).expect(200);
      expect(byName.body.data.items).toHaveLength(20);
      const counts = await t.http().get(`/api/iam/posts/usercounts/byuser/${dave.id}`).expect(200);
      expect(counts.body.data).toEqual({ posts: 60, plantsAll: 0, plantsAvail: 0 });
    });
  });

  describe('cursors', () => {
    const someId = '0b9a4c2e-7a1f-4c3b-9d8e-5f6a7b8c9d0e';
    /** Cursors no list made, in the field a list's cursor carries. */
    const forgedFor = (field: 'bumped_at' | 'created_at') => {
      const other = field === 'bumped_at' ? 'created_at' : 'bumped_at';
      return [
        'garbage',
        '%%%',
        'a'.repeat(300),
        cursorOf({ [field]: '2024-02-31T00:00:00.000000Z', id: someId }), // no 31st of February
        cursorOf({ [field]: '0000-01-01T00:00:00Z', id: someId }), // no year 0
        cursorOf({ [field]: '2024-01-01T24:00:00Z', id: someId }),
        cursorOf({ [field]: '2024-13-01T00:00:00Z', id: someId }),
        cursorOf({ [field]: '2024-01-01 00:00:00', id: someId }),
        cursorOf({ [field]: '2024-01-01T00:00:00Z', id: 'not-a-uuid' }),
        cursorOf({ [field]: '2024-01-01T00:00:00Z', id: `${someId}' OR 1=1 --` }),
        cursorOf({ [field]: 1704067200000, id: someId }),
        cursorOf({ [other]: '2024-01-01T00:00:00Z', id: someId }), // the other kind of list's
        cursorOf([1, 2]),
        cursorOf(null),
        Buffer.from('not json').toString('base64url'),
      ];
    };

    it('refuses a malformed or forged cursor with 400 INVALID_CURSOR on every list', async () => {
      const tag = 'cursor-check';
      const post = await createPost(t, alice, { tags: [tag] });
      await createPlant(t, alice);
      const paths = (cursor: string) => [
        `/api/iam/posts/more-recent/${cursor}`,
        `/api/iam/posts/bymyuser/${alice.id}?cursorId=${cursor}`,
        `/api/iam/posts/morepostsbyuser/${alice.id}/20/${cursor}`,
        `/api/iam/posts/tag/${tag}?cursorId=${cursor}`,
        `/api/posts/tag/${tag}?cursorId=${cursor}`,
        `/api/posts/more/by-user/${alice.username}?cursorId=${cursor}`,
        `/api/content-items/more/${cursor}`,
        `/api/iam/posts/plants/more-recent/20/${cursor}`,
        `/api/iam/posts/moreplantsbyuser/${alice.id}/plantsAll/20/${cursor}`,
        `/api/plants/by-user/more/${alice.username}?cursorId=${cursor}`,
        `/api/plants/recent/more/all?cursorId=${cursor}`,
        `/api/plant/listings/user/${alice.id}?cursorId=${cursor}`,
      ];
      const commentForgeries = forgedFor('created_at');
      for (const [index, cursor] of forgedFor('bumped_at').entries()) {
        const requests = [
          ...paths(encodeURIComponent(cursor)),
          `/api/iam/posts/comments/${post.id}?cursorId=${encodeURIComponent(commentForgeries[index])}`,
        ];
        for (const path of requests) {
          const response = await t.http().get(path).set(alice.headers);
          expect({ path, cursor, status: response.status }).toEqual({
            path,
            cursor,
            status: 400,
          });
          expect(response.body.error.code).toBe('INVALID_CURSOR');
        }
      }
    });

    it('accepts a well-formed position that names no post (it is only a place in the order)', async () => {
      const future = cursorOf({ bumped_at: '2999-01-01T00:00:00.000000Z', id: someId });
      const fromTop = await t
        .http()
        .get(`/api/iam/posts/more-recent/${future}`)
        .set(alice.headers)
        .expect(200);
      const first = await t.http().get('/api/iam/posts/init-recent').set(alice.headers).expect(200);
      expect(ids(fromTop.body.data.items)).toEqual(ids(first.body.data.items));
      const past = cursorOf({ bumped_at: '1970-01-01T00:00:00Z', id: someId });
      const none = await t.http().get(`/api/content-items/more/${past}`).expect(200);
      expect(none.body.data).toMatchObject({ contentItems: [], next_cursor: null });
      expect(none.body.responders).toEqual([]);
    });
  });

  describe('the guests’ feed (content-items)', () => {
    let erin: TestMember;
    let membersOnly: Item;
    let hidden: Item;
    let plant: Item;

    beforeAll(async () => {
      erin = await createMember(t, 'registered');
      membersOnly = await createPost(t, erin, { privacy: 'members', text: 'members only' });
      hidden = await createPost(t, erin, { privacy: 'private', text: 'just for me' });
      plant = await createPlant(t, erin);
      // Three posts each from three authors at the top: one page holds several posts per author.
      for (let i = 0; i < 3; i += 1)
        for (const author of [alice, bob, carol]) await createPost(t, author);
    });

    const contentItems =
      (member: TestMember | null): Fetch =>
      (cursor) => {
        const request = t
          .http()
          .get(cursor ? `/api/content-items/more/${cursor}` : '/api/content-items/recent');
        return member ? request.set(member.headers) : request;
      };

    it('lists what the caller may see with counts that match the whole walk', async () => {
      for (const caller of [null, carol, erin]) {
        const first = await contentItems(caller)(null);
        expect(first.status).toBe(200);
        const { pages, items } = await walk(contentItems(caller), { listKey: 'contentItems' });
        const walked = ids(items);
        expect(new Set(walked).size).toBe(walked.length);
        expect(pages[0].items).toHaveLength(20);
        expect(first.body.data.counts).toEqual({
          posts: items.length,
          plants: items.filter((item) => item.type === 'plant/image').length,
        });
        expect(walked).toContain(plant.id);
        expect(walked.includes(membersOnly.id)).toBe(caller !== null);
        expect(walked.includes(hidden.id)).toBe(caller === erin);
        if (caller === null) expect(items.every((item) => item.privacy === 'public')).toBe(true);
        else expect([...walked].sort()).toEqual((await visibleToMember(caller)).sort());
        // The same first page as the member feed, for a member.
        if (caller) {
          const feed = await t.http().get('/api/iam/posts/init-recent').set(caller.headers);
          expect(ids(feed.body.data.items)).toEqual(ids(pages[0].items));
        }
      }
    });

    it('names exactly the authors of the page’s items in responders, one each', async () => {
      const response = await t.http().get('/api/content-items/recent').expect(200);
      const items: Item[] = response.body.data.contentItems;
      const authors = new Set(items.map((item) => item.user_id));
      expect(authors.size).toBeLessThan(items.length); // some authors have several posts here
      const responders: Array<{ uuid: string; username: string }> = response.body.responders;
      expect(responders.map((r) => r.uuid).sort()).toEqual([...authors].sort());
      for (const responder of responders)
        expect(Object.keys(responder).sort()).toEqual(
          ['avatar', 'country', 'display_name', 'state', 'suburb_city', 'username', 'uuid'].sort(),
        );
    });
  });

  describe('a member’s own posts, tags and single posts', () => {
    let frank: TestMember;
    let seeded: Seeded[];
    const tag = 'feeds-fern-tag';

    beforeAll(async () => {
      frank = await createMember(t, 'registered');
      seeded = await seedAt(
        frank,
        Array.from({ length: 25 }, (_, i) => at(new Date(Date.now() - 600_000), i * 1_000_000)),
        { tag },
      );
    });

    it('lists the caller’s own posts, private ones included, and only for the caller', async () => {
      const secret = await createPost(t, frank, { privacy: 'private', tags: [tag] });
      const mine = (cursor: string | null) =>
        t
          .http()
          .get(`/api/iam/posts/bymyuser/${frank.id}`)
          .query(cursor ? { cursorId: cursor } : {})
          .set(frank.headers);
      const { pages, items } = await walk(mine);
      expect(ids(items)).toEqual([secret.id, ...ids([...seeded].sort(feedOrder))]);
      expect(pages[0].items).toHaveLength(20);
      expect(pages[0].responders).toEqual([expect.objectContaining({ uuid: frank.id })]);
      const others = await t
        .http()
        .get(`/api/iam/posts/bymyuser/${frank.id}`)
        .set(alice.headers)
        .expect(403);
      expect(others.body.error.code).toBe('NOT_THE_AUTHOR');
      await t.http().get(`/api/iam/posts/bymyuser/${frank.id}`).expect(401);
      const counts = await t.http().get(`/api/iam/posts/usercounts/byuser/${frank.id}`);
      expect(counts.body.data).toEqual({ posts: 25, plantsAll: 0, plantsAvail: 0 });
      const own = await t
        .http()
        .get(`/api/iam/posts/usercounts/byuser/${frank.id}`)
        .set(frank.headers);
      expect(own.body.data).toEqual({ posts: 26, plantsAll: 0, plantsAvail: 0 });
      await t.http().get('/api/iam/posts/usercounts/byuser/frank').expect(400);
    });

    it('lists a tag’s posts on both paths with paging, and 404 for an unknown tag', async () => {
      const expected = ids([...seeded].sort(feedOrder));
      for (const base of ['/api/iam/posts/tag', '/api/posts/tag']) {
        for (const caller of [null, alice]) {
          const { pages, items } = await walk((cursor) => {
            const request = t
              .http()
              .get(`${base}/${tag}`)
              .query(cursor ? { cursorId: cursor } : {});
            return caller ? request.set(caller.headers) : request;
          });
          expect(ids(items)).toEqual(expected);
          expect(pages.map((page) => page.items.length)).toEqual([20, 5]);
          expect(pages[0].responders).toEqual([expect.objectContaining({ uuid: frank.id })]);
        }
        // Tag names are normalised: "#Feeds Fern Tag" is the same tag.
        const spelled = await t.http().get(`${base}/${encodeURIComponent('#Feeds Fern Tag')}`);
        expect(ids(spelled.body.data.items)).toEqual(expected.slice(0, 20));
        const missing = await t.http().get(`${base}/no-such-tag-here`).expect(404);
        expect(missing.body.error.code).toBe('TAG_NOT_FOUND');
      }
    });

    it('answers a single post with its author as the only responder', async () => {
      const post = await createPost(t, frank, { text: 'single' });
      const publicOne = await t.http().get(`/api/post/${post.random_id}`).expect(200);
      expect(publicOne.body.data).toEqual({ post });
      expect(publicOne.body.responders).toEqual([
        expect.objectContaining({ uuid: frank.id, username: frank.username }),
      ]);
      const memberOne = await t.http().get(`/api/iam/posts/${post.id}`).set(alice.headers);
      expect(memberOne.body.data).toEqual(post);
    });

    it('moves a post edited in text and tags, or in privacy, to the top of every list', async () => {
      const oldest = [...seeded].sort(feedOrder)[seeded.length - 1];
      const edited = await t
        .http()
        .put('/api/iam/posts/update/textandtags')
        .set(frank.headers)
        .send({ postId: oldest.id, text: 'edited long after', tags: [tag, 'feeds-edited'] })
        .expect(200);
      expect(Date.parse(edited.body.data.bumped_at)).toBeGreaterThan(Date.parse(oldest.at));

      const tops = async (viewer: TestMember | null) => {
        const get = (path: string) => {
          const request = t.http().get(path);
          return (viewer ? request.set(viewer.headers) : request).expect(200);
        };
        const first = (response: Response) =>
          (response.body.data.items ?? response.body.data.contentItems)[0]?.id;
        const lists = [
          get('/api/content-items/recent'),
          get(`/api/posts/${frank.username}`),
          get(`/api/iam/posts/morepostsbyuser/${frank.id}/5/0`),
          get(`/api/posts/tag/${tag}`),
          get('/api/iam/posts/tag/feeds-edited'),
        ];
        if (viewer) lists.push(get('/api/iam/posts/init-recent'));
        if (viewer === frank) lists.push(get(`/api/iam/posts/bymyuser/${frank.id}`));
        return (await Promise.all(lists)).map(first);
      };
      for (const viewer of [null, alice, frank])
        expect(await tops(viewer)).toEqual(
          Array(viewer === null ? 5 : viewer === frank ? 7 : 6).fill(oldest.id),
        );

      // Once on top it is not listed a second time further down.
      const { items } = await walk((cursor) =>
        t.http().get(`/api/iam/posts/morepostsbyuser/${frank.id}/6/${cursor ?? '0'}`),
      );
      expect(ids(items).filter((id) => id === oldest.id)).toHaveLength(1);

      // Another post is made after it; then a privacy change moves the second-oldest above both.
      const newer = await createPost(t, frank, { tags: [tag] });
      const secondOldest = [...seeded].sort(feedOrder)[seeded.length - 2];
      await t
        .http()
        .put('/api/iam/posts/privacy')
        .set(frank.headers)
        .send({ id: secondOldest.id, uuid: frank.id, privacy: 'members' })
        .expect(200);
      const feed = await t.http().get('/api/iam/posts/init-recent').set(alice.headers);
      expect(ids(feed.body.data.items).slice(0, 3)).toEqual([secondOldest.id, newer.id, oldest.id]);
      const byFrank = await t
        .http()
        .get(`/api/iam/posts/morepostsbyuser/${frank.id}/3/0`)
        .set(alice.headers);
      expect(ids(byFrank.body.data.items)).toEqual([secondOldest.id, newer.id, oldest.id]);
      // Guests no longer see it at all (members only now).
      const guestTag = await t.http().get(`/api/posts/tag/${tag}`);
      expect(ids(guestTag.body.data.items)).not.toContain(secondOldest.id);
      expect(ids(guestTag.body.data.items).slice(0, 2)).toEqual([newer.id, oldest.id]);
    });
  });
});
