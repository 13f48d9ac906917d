import type { Response } from 'supertest';
import { createPlant, createPost, seedPosts } from '../support/content';
import { createMember, type TestMember } from '../support/members';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * Post privacy on every read path (spec 4: "post privacy"). 'public' is for everyone, 'members'
 * for signed-in members whose e-mail is verified (anyone can sign up with any address, so an
 * unverified account sees only what a guest sees), 'private' for its author only. The spec says nothing of admins; the
 * rule in visibility.ts lets admins see private posts too (for moderation), and these tests hold
 * the code to that. A post someone may not see must not show in a list, a count, a feed, a single
 * read, or let them comment or react.
 */

type Privacy = 'public' | 'members' | 'private';
type CallerName = 'guest' | 'unverified member' | 'other member' | 'author' | 'admin';
const CALLERS: CallerName[] = ['guest', 'unverified member', 'other member', 'author', 'admin'];

const SEES: Record<CallerName, Privacy[]> = {
  guest: ['public'],
  // Signed up, e-mail not verified yet: logged in, but no member of anything.
  'unverified member': ['public'],
  'other member': ['public', 'members'],
  author: ['public', 'members', 'private'],
  // visibility.ts: private posts are for their author and admins.
  admin: ['public', 'members', 'private'],
};

interface Item {
  id: string;
  random_id: string;
  user_id: string;
  type: 'text/image' | 'plant/image';
  privacy: Privacy;
  plant: { id: string; available: boolean } | null;
}

interface Owned {
  privacy: Privacy;
  post: Item;
}

const PRIVACIES: Privacy[] = ['public', 'members', 'private'];
const TAG = 'privacy-spec-tag';
/** The author lives alone in the desert, so "nearby" finds only their listings. */
const AUTHOR_HOME = { latitude: -25.34, longitude: 131.03 };

describe('content: privacy on every read path', () => {
  let t: TestApp;
  let author: TestMember;
  let other: TestMember;
  let admin: TestMember;
  /** A member whose only post is private: never a responder to anyone but admins. */
  let loner: TestMember;
  let lonerPost: Item;
  let lonerPlant: Item;
  /** The author's posts and listings in the order they were made. */
  const created: string[] = [];
  let posts: Owned[];
  let plants: Owned[];
  let callers: Record<CallerName, TestMember | null>;
  const authorComments = new Map<string, string>();

  beforeAll(async () => {
    t = await startTestApp();
    author = await createMember(t, 'registered', AUTHOR_HOME);
    other = await createMember(t, 'registered');
    admin = await createMember(t, 'admin');
    loner = await createMember(t, 'registered', AUTHOR_HOME);
    const filler = await createMember(t, 'registered');
    const unverified = await createMember(t, 'signed-up');
    callers = {
      guest: null,
      'unverified member': unverified,
      'other member': other,
      author,
      admin,
    };

    posts = [];
    plants = [];
    for (const privacy of PRIVACIES) {
      const post = await createPost(t, author, { privacy, tags: [TAG], text: `a ${privacy} post` });
      const plant = await createPlant(t, author, {
        privacy,
        tags: [TAG],
        plant: { name: `A ${privacy} fern`, available: true },
      });
      posts.push({ privacy, post });
      plants.push({ privacy, post: plant });
      created.push(post.id, plant.id);
    }
    lonerPost = await createPost(t, loner, { privacy: 'private', tags: [TAG] });
    lonerPlant = await createPlant(t, loner, { privacy: 'private', tags: [TAG] });
    for (const { post } of [...posts, ...plants]) {
      const response = await t
        .http()
        .post('/api/iam/posts/comment/new')
        .set(author.headers)
        .send({ postId: post.id, content: `the author on ${post.privacy}` })
        .expect(201);
      authorComments.set(post.id, response.body.data.id);
    }
    // A day back, under 25 newer public posts: the news feed shows them on its second page.
    await t.dataSource.query(
      `UPDATE post SET created_at = created_at - interval '1 day',
                       bumped_at = bumped_at - interval '1 day'
        WHERE user_id = ANY($1::uuid[])`,
      [[author.id, loner.id]],
    );
    await seedPosts(t, filler.id, 25);
  });
  afterAll(() => t.close());

  const all = () => [...posts, ...plants];
  const visibleTo = (caller: CallerName, owned: Owned[]) =>
    owned.filter((item) => SEES[caller].includes(item.privacy)).map((item) => item.post.id);
  const hiddenFrom = (caller: CallerName, owned: Owned[]) =>
    owned.filter((item) => !SEES[caller].includes(item.privacy)).map((item) => item.post.id);
  const authorsIds = () => new Set(all().map((item) => item.post.id));
  const sorted = (values: string[]) => [...values].sort();

  function get(caller: CallerName, path: string) {
    const request = t.http().get(path);
    const member = callers[caller];
    return member ? request.set(member.headers) : request;
  }

  /**
   * The rule on any list, whoever's items: nothing private of someone else (unless admin), nothing
   * members-only for a guest, and responders are exactly the page's authors.
   */
  function checkPage(caller: CallerName, items: Item[], responders: Array<{ uuid: string }>) {
    const me = callers[caller]?.id;
    for (const item of items) {
      if (item.privacy === 'private' && caller !== 'admin') expect(item.user_id).toBe(me);
      if (item.privacy === 'members') expect(SEES[caller]).toContain('members');
    }
    expect(new Set(items.map((item) => item.id)).size).toBe(items.length);
    expect(sorted(responders.map((responder) => responder.uuid))).toEqual(
      sorted([...new Set(items.map((item) => item.user_id))]),
    );
  }

  /** Walks a list to its end; returns the ids of the author's items on it (in list order). */
  async function walk(
    caller: CallerName,
    first: string,
    next: (cursor: string) => string,
    listKey: 'items' | 'contentItems' = 'items',
  ): Promise<{ mine: string[]; items: Item[]; pages: number }> {
    const items: Item[] = [];
    let response: Response = await get(caller, first);
    let pages = 0;
    for (;;) {
      expect({ path: first, status: response.status }).toEqual({ path: first, status: 200 });
      pages += 1;
      const page: Item[] = response.body.data[listKey];
      checkPage(caller, page, response.body.responders);
      items.push(...page);
      const cursor: string | null = response.body.data.next_cursor;
      if (!cursor) break;
      expect(pages).toBeLessThan(100);
      response = await get(caller, next(cursor));
    }
    expect(new Set(items.map((item) => item.id)).size).toBe(items.length);
    const owned = authorsIds();
    return {
      mine: items.filter((item) => owned.has(item.id)).map((item) => item.id),
      items,
      pages,
    };
  }

  describe.each(CALLERS)('as %s', (caller) => {
    const sees = SEES[caller];
    const title =
      caller === 'admin'
        ? 'admin sees public + members + private posts of others (spec silent; visibility.ts lets admins)'
        : `${caller} sees ${sees.join(' + ')} posts`;

    it(`news feed and guests' feed: ${title}${caller === 'guest' ? ' (the member feed is 401)' : ''}`, async () => {
      if (caller === 'guest') {
        await get(caller, '/api/iam/posts/init-recent').expect(401);
        await get(caller, '/api/iam/posts/more-recent/0').expect(401);
      } else {
        const feed = await walk(
          caller,
          '/api/iam/posts/init-recent',
          (cursor) => `/api/iam/posts/more-recent/${cursor}`,
        );
        expect(feed.pages).toBeGreaterThan(1);
        expect(sorted(feed.mine)).toEqual(sorted(visibleTo(caller, all())));
      }
      const guestFeed = await walk(
        caller,
        '/api/content-items/recent',
        (cursor) => `/api/content-items/more/${cursor}`,
        'contentItems',
      );
      expect(guestFeed.pages).toBeGreaterThan(1);
      expect(sorted(guestFeed.mine)).toEqual(sorted(visibleTo(caller, all())));
      expect(guestFeed.items.map((item) => item.id).includes(lonerPost.id)).toBe(
        caller === 'admin',
      );
    });

    it(`site counts count only what the ${caller} may see`, async () => {
      const response = await get(caller, '/api/content-items/recent').expect(200);
      const me = callers[caller]?.id ?? null;
      const [expected] = await t.dataSource.query(
        `SELECT count(*)::int AS posts, count(*) FILTER (WHERE type = 'plant/image')::int AS plants
           FROM post
          WHERE privacy = 'public'
             OR ($3 AND privacy = 'members')
             OR ($1::uuid IS NOT NULL AND privacy = 'private' AND (user_id = $1 OR $2))`,
        [me, caller === 'admin', SEES[caller].includes('members')],
      );
      expect(response.body.data.counts).toEqual(expected);
      const walked = await walk(
        caller,
        '/api/content-items/recent',
        (cursor) => `/api/content-items/more/${cursor}`,
        'contentItems',
      );
      expect(walked.items).toHaveLength(expected.posts);
      expect(walked.items.filter((item) => item.type === 'plant/image')).toHaveLength(
        expected.plants,
      );
    });

    it(`the author's posts by user, tag and username: ${title}`, async () => {
      const lists = [
        walk(
          caller,
          `/api/iam/posts/morepostsbyuser/${author.id}/2/0`,
          (cursor) => `/api/iam/posts/morepostsbyuser/${author.id}/2/${cursor}`,
        ),
        walk(
          caller,
          `/api/posts/${author.username}`,
          (cursor) => `/api/posts/more/by-user/${author.username}?cursorId=${cursor}`,
        ),
        walk(
          caller,
          `/api/posts/more/by-user/${author.username}`,
          (cursor) => `/api/posts/more/by-user/${author.username}?cursorId=${cursor}`,
        ),
      ];
      for (const base of ['/api/iam/posts/tag', '/api/posts/tag'])
        lists.push(walk(caller, `${base}/${TAG}`, (cursor) => `${base}/${TAG}?cursorId=${cursor}`));
      for (const list of await Promise.all(lists)) {
        expect(sorted(list.mine)).toEqual(sorted(visibleTo(caller, all())));
        // Newest first: the reverse of the order they were made in.
        expect(list.mine).toEqual(
          [...created].reverse().filter((id) => visibleTo(caller, all()).includes(id)),
        );
      }
      const tagged = await walk(
        caller,
        `/api/posts/tag/${TAG}`,
        (c) => `/api/posts/tag/${TAG}?cursorId=${c}`,
      );
      expect(tagged.items.map((item) => item.id).includes(lonerPost.id)).toBe(caller === 'admin');
    });

    it(`the caller's own posts (bymyuser) are the caller's alone`, async () => {
      if (caller === 'guest') {
        await get(caller, `/api/iam/posts/bymyuser/${author.id}`).expect(401);
        return;
      }
      if (caller !== 'author') {
        const refused = await get(caller, `/api/iam/posts/bymyuser/${author.id}`).expect(403);
        expect(refused.body.error.code).toBe('NOT_THE_AUTHOR');
        const own = await walk(
          caller,
          `/api/iam/posts/bymyuser/${callers[caller]?.id}`,
          (cursor) => `/api/iam/posts/bymyuser/${callers[caller]?.id}?cursorId=${cursor}`,
        );
        expect(own.mine).toEqual([]);
        return;
      }
      const mine = await walk(
        caller,
        `/api/iam/posts/bymyuser/${author.id}`,
        (cursor) => `/api/iam/posts/bymyuser/${author.id}?cursorId=${cursor}`,
      );
      expect(sorted(mine.mine)).toEqual(sorted(all().map((item) => item.post.id)));
    });

    it(`counts of the author's posts and listings, and of the tag: ${title}`, async () => {
      const n = sees.length;
      const expected = { posts: 2 * n, plantsAll: n, plantsAvail: n };
      const counts = await get(caller, `/api/iam/posts/usercounts/byuser/${author.id}`).expect(200);
      expect(counts.body.data).toEqual(expected);
      const basic = await get(caller, `/api/iam/posts/user-or-page-basic/${author.username}`);
      expect(basic.body.data.counts).toEqual(expected);
      const lonely = await get(caller, `/api/iam/posts/usercounts/byuser/${loner.id}`).expect(200);
      const lonerCount = caller === 'admin' ? 1 : 0;
      expect(lonely.body.data).toEqual({
        posts: 2 * lonerCount,
        plantsAll: lonerCount,
        plantsAvail: lonerCount,
      });
      // A tag's post_count counts public posts only, for everyone alike.
      const tag = await get(caller, `/api/iam/tags/get-single/name/${TAG}`).expect(200);
      expect(tag.body.data.post_count).toBe(2);
    });

    it(`single reads of posts and listings: ${title}, the rest is 404`, async () => {
      for (const { privacy, post } of all()) {
        const visible = sees.includes(privacy);
        for (const path of [
          `/api/post/${post.random_id}`,
          `/api/iam/posts/${post.random_id}`,
          `/api/iam/posts/${post.id}`,
        ]) {
          const response = await get(caller, path);
          expect({ path, privacy, status: response.status }).toEqual({
            path,
            privacy,
            status: visible ? 200 : 404,
          });
          if (visible) {
            const item = response.body.data.post ?? response.body.data;
            expect(item.id).toBe(post.id);
            expect(response.body.responders).toEqual([
              expect.objectContaining({ uuid: author.id }),
            ]);
          } else {
            expect(response.body.error.code).toBe('POST_NOT_FOUND');
            expect(JSON.stringify(response.body)).not.toContain(post.id);
          }
        }
      }
      for (const { privacy, post } of plants) {
        const visible = sees.includes(privacy);
        for (const path of [
          `/api/plant/${post.plant?.id}`,
          `/api/iam/posts/plant/${post.plant?.id}`,
        ]) {
          const response = await get(caller, path);
          expect({ path, privacy, status: response.status }).toEqual({
            path,
            privacy,
            status: visible ? 200 : 404,
          });
          if (visible) expect(response.body.data.id).toBe(post.id);
          else expect(response.body.error.code).toBe('PLANT_NOT_FOUND');
        }
      }
    });

    it(`comment lists: ${title}, the rest is 404 POST_NOT_FOUND`, async () => {
      for (const { privacy, post } of all()) {
        const response = await get(caller, `/api/iam/posts/comments/${post.id}`);
        if (sees.includes(privacy)) {
          expect(response.status).toBe(200);
          expect(response.body.data.items.map((comment: { id: string }) => comment.id)).toContain(
            authorComments.get(post.id),
          );
        } else {
          expect({ privacy, status: response.status }).toEqual({ privacy, status: 404 });
          expect(response.body.error.code).toBe('POST_NOT_FOUND');
        }
      }
    });

    it(`the author's plant listings on every plant list: ${title}`, async () => {
      const everyPlant = () => plants.map((item) => item.post.id);
      const lists: Array<Promise<{ mine: string[] }>> = [
        walk(
          caller,
          `/api/plant/listings/user/${author.id}`,
          (cursor) => `/api/plant/listings/user/${author.id}?cursorId=${cursor}`,
        ),
      ];
      for (const filter of ['plantsAll', 'plantsAvail']) {
        lists.push(
          walk(
            caller,
            `/api/plants/by-user/${author.username}?filter=${filter}`,
            (cursor) =>
              `/api/plants/by-user/more/${author.username}?filter=${filter}&cursorId=${cursor}`,
          ),
          walk(
            caller,
            `/api/plants/by-user/more/${author.username}?filter=${filter}`,
            (cursor) =>
              `/api/plants/by-user/more/${author.username}?filter=${filter}&cursorId=${cursor}`,
          ),
          walk(
            caller,
            `/api/iam/posts/plantsbyuser/${author.id}/${filter}/1`,
            (cursor) => `/api/iam/posts/moreplantsbyuser/${author.id}/${filter}/1/${cursor}`,
          ),
        );
      }
      for (const type of ['all', 'available']) {
        lists.push(
          walk(
            caller,
            `/api/plants/recent/${type}`,
            (cursor) => `/api/plants/recent/more/${type}?cursorId=${cursor}`,
          ),
          walk(
            caller,
            `/api/iam/posts/plants/init-recent/1?type=${type}`,
            (cursor) => `/api/iam/posts/plants/more-recent/1/${cursor}?type=${type}`,
          ),
        );
      }
      for (const list of await Promise.all(lists))
        expect(sorted(list.mine)).toEqual(sorted(visibleTo(caller, plants)));
      expect(everyPlant()).toHaveLength(3);

      const latest = await get(caller, '/api/plants/get-latest/plants-users').expect(200);
      checkPage(caller, latest.body.data, latest.body.responders);
      const latestIds: string[] = latest.body.data.map((item: Item) => item.id);
      expect(sorted(latestIds.filter((id) => everyPlant().includes(id)))).toEqual(
        sorted(visibleTo(caller, plants)),
      );
      for (const id of hiddenFrom(caller, plants)) expect(latestIds).not.toContain(id);
    });

    it(`available listings nearby: ${title}`, async () => {
      const request = t.http().put('/api/plants/avail-nearby');
      const member = callers[caller];
      const response = await (member ? request.set(member.headers) : request)
        .send({ ...AUTHOR_HOME, radius_km: 5 })
        .expect(200);
      checkPage(caller, response.body.data, response.body.responders);
      const found: string[] = response.body.data.map((item: Item) => item.id);
      // Only the author and the loner live there; the loner's listing is private.
      expect(sorted(found)).toEqual(
        sorted([...visibleTo(caller, plants), ...(caller === 'admin' ? [lonerPlant.id] : [])]),
      );
    });

    it(`commenting and reacting: allowed on what the ${caller} sees, else 404 POST_NOT_FOUND`, async () => {
      const member = callers[caller];
      for (const { privacy, post } of all()) {
        const comment = t
          .http()
          .post('/api/iam/posts/comment/new')
          .send({ postId: post.id, content: `${caller} was here` });
        const react = t.http().post('/api/iam/posts/reaction/new').send({ postId: post.id });
        if (!member) {
          await comment.expect(401);
          await react.expect(401);
          continue;
        }
        const commented = await comment.set(member.headers);
        const reacted = await react.set(member.headers);
        if (caller === 'unverified member') {
          // Commenting and reacting need a registered account anyway (completed-regn).
          expect([commented.status, reacted.status]).toEqual([403, 403]);
          continue;
        }
        const status = sees.includes(privacy) ? 201 : 404;
        expect({ privacy, comment: commented.status, reaction: reacted.status }).toEqual({
          privacy,
          comment: status,
          reaction: status,
        });
        if (status === 404) {
          expect(commented.body.error.code).toBe('POST_NOT_FOUND');
          expect(reacted.body.error.code).toBe('POST_NOT_FOUND');
          // Nor through the author's comment on it: replying or reacting to it.
          const commentId = authorComments.get(post.id);
          const reply = await t
            .http()
            .post('/api/iam/posts/comment/new')
            .set(member.headers)
            .send({ postId: post.id, content: 'a reply', parentId: commentId });
          expect(reply.status).toBe(404);
          expect(reply.body.error.code).toBe('POST_NOT_FOUND');
          const onComment = await t
            .http()
            .post('/api/iam/posts/reaction/new')
            .set(member.headers)
            .send({ commentId });
          expect(onComment.status).toBe(404);
          expect(onComment.body.error.code).toBe('COMMENT_NOT_FOUND');
        }
      }
      // Nothing was written where the caller may not see.
      if (member) {
        const [{ comments, reactions }] = await t.dataSource.query(
          `SELECT (SELECT count(*)::int FROM comment WHERE user_id = $1 AND post_id = ANY($2::uuid[])) AS comments,
                  (SELECT count(*)::int FROM reaction r LEFT JOIN comment c ON c.id = r.comment_id
                    WHERE r.user_id = $1 AND COALESCE(r.post_id, c.post_id) = ANY($2::uuid[])) AS reactions`,
          [member.id, hiddenFrom(caller, all())],
        );
        expect({ comments, reactions }).toEqual({ comments: 0, reactions: 0 });
      }
    });
  });

  describe('changing privacy', () => {
    it('a post made private leaves every list, count and single read of others at once, and comes back', async () => {
      const { post } = posts[0];
      const setPrivacy = (privacy: Privacy) =>
        t
          .http()
          .put('/api/iam/posts/privacy')
          .set(author.headers)
          .send({ id: post.id, uuid: author.id, privacy })
          .expect(200);
      const appearances = async (caller: CallerName) => {
        const lists = await Promise.all([
          walk(
            caller,
            '/api/content-items/recent',
            (c) => `/api/content-items/more/${c}`,
            'contentItems',
          ),
          walk(
            caller,
            `/api/posts/${author.username}`,
            (c) => `/api/posts/more/by-user/${author.username}?cursorId=${c}`,
          ),
          walk(caller, `/api/posts/tag/${TAG}`, (c) => `/api/posts/tag/${TAG}?cursorId=${c}`),
        ]);
        const single = await get(caller, `/api/post/${post.random_id}`);
        const counts = await get(caller, `/api/iam/posts/usercounts/byuser/${author.id}`);
        const tag = await get(caller, `/api/iam/tags/get-single/name/${TAG}`);
        return {
          lists: lists.map((list) => list.mine.includes(post.id)),
          single: single.status,
          posts: counts.body.data.posts,
          tagCount: tag.body.data.post_count,
        };
      };

      await setPrivacy('private');
      for (const caller of ['guest', 'other member'] as const)
        expect(await appearances(caller)).toEqual({
          lists: [false, false, false],
          single: 404,
          posts: caller === 'guest' ? 1 : 3,
          tagCount: 1,
        });
      expect(await appearances('author')).toEqual({
        lists: [true, true, true],
        single: 200,
        posts: 6,
        tagCount: 1,
      });

      await setPrivacy('public');
      for (const caller of ['guest', 'other member'] as const)
        expect(await appearances(caller)).toEqual({
          lists: [true, true, true],
          single: 200,
          posts: caller === 'guest' ? 2 : 4,
          tagCount: 2,
        });
    });
  });
});
