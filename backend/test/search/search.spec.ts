import { randomBytes } from 'node:crypto';
import { postsSearchSource } from '../../src/modules/content/search.queries';
import type { Viewer } from '../../src/platform/access/viewer';
import {
  MAX_RERANK_CANDIDATES,
  MIN_WALK,
  RERANK_BOUNDS,
  searchSql,
  WINDOW_PER_WALK,
} from '../../src/platform/search/search.queries';
import { createPlant, createPost, uploadPhotos } from '../support/content';
import { FITZROY_HALL, newEventBody } from '../support/events';
import { createMember, type TestMember } from '../support/members';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * Search (GET /api/iam/search/term/{term}, .../username-page-handle/{handle}): full text over
 * people, pages, tags, posts, plants and events, accent-insensitive, newest first or re-ranked,
 * and never showing anyone what the feeds would not show them.
 */

/** A word no other test writes: letters only, so the 'simple' parser keeps it as one word. */
function rareWord(): string {
  return `zq${[...randomBytes(6)].map((byte) => String.fromCharCode(97 + (byte % 26))).join('')}`;
}

type Group = 'people' | 'pages' | 'tags' | 'posts' | 'plants' | 'events';

describe('search', () => {
  let t: TestApp;
  let author: TestMember;
  let other: TestMember;
  let unverified: TestMember;
  let admin: TestMember;

  beforeAll(async () => {
    t = await startTestApp();
    author = await createMember(t, 'trusted');
    other = await createMember(t, 'registered');
    unverified = await createMember(t, 'signed-up');
    admin = await createMember(t, 'admin');
  });

  afterAll(async () => {
    await t.close();
  });

  function search(who: TestMember | null, term: string, query: Record<string, string> = {}) {
    const request = t
      .http()
      .get(`/api/iam/search/term/${encodeURIComponent(term)}`)
      .query(query);
    return who ? request.set(who.headers) : request;
  }

  async function found(who: TestMember, term: string, group: Group, query = {}) {
    const response = await search(who, term, query);
    expect(response.status).toBe(200);
    return response.body.data[group].items as Array<{ id: string; key: string; title: string }>;
  }

  it('finds a plant by a rare word of its description, whatever the accents', async () => {
    const word = rareWord();
    const plant = await createPlant(t, author, {
      text: `Une pépinière de ${word} à donner`,
      plant: { name: 'Bégonia maculata' },
    });
    const byWord = await found(other, word, 'plants');
    expect(byWord.map((hit) => hit.key)).toEqual([plant.plant.id]);
    expect(byWord[0].title).toBe('Bégonia maculata');
    // Accents neither in the term nor in the text matter; nor does case.
    expect((await found(other, `PEPINIERE ${word}`, 'plants')).map((hit) => hit.key)).toEqual([
      plant.plant.id,
    ]);
    expect((await found(other, `bégonïa ${word}`, 'plants')).map((hit) => hit.key)).toEqual([
      plant.plant.id,
    ]);
    // A listing is a plant, not a post.
    expect(await found(other, word, 'posts')).toEqual([]);
  });

  it('never shows a private post or plant to someone it is not shared with', async () => {
    const word = rareWord();
    const made: Record<string, { post: string; plant: string }> = {};
    for (const privacy of ['public', 'members', 'private'] as const) {
      const post = await createPost(t, author, { text: `${privacy} ${word}`, privacy });
      const plant = await createPlant(t, author, { text: `${privacy} ${word}`, privacy });
      made[privacy] = { post: post.random_id, plant: plant.plant.id };
    }
    const sees = async (who: TestMember) => {
      const response = await search(who, word);
      expect(response.status).toBe(200);
      const keys = (group: Group) =>
        (response.body.data[group].items as Array<{ key: string }>).map((hit) => hit.key).sort();
      return { posts: keys('posts'), plants: keys('plants') };
    };
    const expected = (privacies: Array<'public' | 'members' | 'private'>) => ({
      posts: privacies.map((privacy) => made[privacy].post).sort(),
      plants: privacies.map((privacy) => made[privacy].plant).sort(),
    });
    expect(await sees(other)).toEqual(expected(['public', 'members']));
    expect(await sees(unverified)).toEqual(expected(['public']));
    expect(await sees(author)).toEqual(expected(['public', 'members', 'private']));
    expect(await sees(admin)).toEqual(expected(['public', 'members', 'private']));
    // A guest is asked to log in: search is a member call.
    expect((await search(null, word)).status).toBe(401);
  });

  it('lists newest first and pages a group by its cursor', async () => {
    const word = rareWord();
    const keys: string[] = [];
    for (let index = 0; index < 3; index += 1)
      keys.push((await createPost(t, author, { text: `${word} number ${index}` })).random_id);
    const first = await search(other, word, { group: 'posts', take: '2' });
    expect(first.status).toBe(200);
    expect(first.body.data.posts.items.map((hit: { key: string }) => hit.key)).toEqual([
      keys[2],
      keys[1],
    ]);
    expect(first.body.data.people.items).toEqual([]);
    const cursor = first.body.data.posts.next_cursor;
    expect(cursor).toEqual(expect.any(String));
    const second = await search(other, word, { group: 'posts', take: '2', cursor });
    expect(second.body.data.posts.items.map((hit: { key: string }) => hit.key)).toEqual([keys[0]]);
    expect(second.body.data.posts.next_cursor).toBeNull();

    // Ranked: the same bounded set, best match first (a word in a plant's name outranks one in
    // its description), no cursor.
    const inText = await createPlant(t, author, { text: `a ${word} cutting` });
    const inName = await createPlant(t, author, { plant: { name: `${word} fern` } });
    const ranked = await search(other, word, { order: 'relevance' });
    expect(ranked.body.data.plants.items.map((hit: { key: string }) => hit.key)).toEqual([
      inName.plant.id,
      inText.plant.id,
    ]);
    expect(ranked.body.data.plants.next_cursor).toBeNull();
    const recent = await search(other, word);
    expect(recent.body.data.plants.items.map((hit: { key: string }) => hit.key)).toEqual([
      inName.plant.id,
      inText.plant.id,
    ]);
    // Plants page by cursor too, over both the description and the plant's own fields.
    const firstPlant = await search(other, word, { group: 'plants', take: '1' });
    expect(firstPlant.body.data.plants.items.map((hit: { key: string }) => hit.key)).toEqual([
      inName.plant.id,
    ]);
    const nextPlant = await search(other, word, {
      group: 'plants',
      take: '1',
      cursor: firstPlant.body.data.plants.next_cursor,
    });
    expect(nextPlant.body.data.plants.items.map((hit: { key: string }) => hit.key)).toEqual([
      inText.plant.id,
    ]);
    expect(nextPlant.body.data.plants.next_cursor).toBeNull();
    await t.dataSource.query(`UPDATE post SET bumped_at = now() WHERE id = $1`, [inText.id]);
    const bumped = await search(other, word);
    expect(bumped.body.data.plants.items.map((hit: { key: string }) => hit.key)).toEqual([
      inText.plant.id,
      inName.plant.id,
    ]);
  });

  /**
   * `count` text/image posts by `author` at once (set-based: a re-rank's bound is a thousand
   * matches), the nth `minutes + n` minutes old, so the first is the newest.
   */
  async function insertPosts(
    who: TestMember,
    count: number,
    text: string,
    minutes: number,
    privacy: 'public' | 'private' = 'public',
  ): Promise<string[]> {
    const rows: Array<{ random_id: string }> = await t.dataSource.query(
      `INSERT INTO post (random_id, type, user_id, text, privacy, created_at, updated_at, bumped_at)
       SELECT substr(md5(random()::text || g), 1, 10), 'text/image', $1, $2, $3, at, at, at
         FROM generate_series(1, $4::int) AS g,
              LATERAL (SELECT now() - ($5::int + g) * interval '1 minute' AS at) AS t
        ORDER BY g
       RETURNING random_id`,
      [who.id, text, privacy, count, minutes],
    );
    return rows.map((row) => row.random_id);
  }

  /** The posts group's keys for `word`, and which steps behind the walk ran to find them. */
  async function postsByStep(
    word: string,
    viewer: Viewer,
    limit: number,
    order: 'recent' | 'relevance',
    bounds = RERANK_BOUNDS,
  ) {
    const provider = {
      group: 'posts' as const,
      idType: 'uuid' as const,
      source: postsSearchSource,
    };
    const statement = searchSql(word, viewer, [{ provider, cursor: null, limit }], order, bounds);
    const plan: Array<{ 'QUERY PLAN': string }> = await t.dataSource.query(
      `EXPLAIN (ANALYZE, COSTS OFF) ${statement.text}`,
      statement.values,
    );
    const lines = plan.map((row) => row['QUERY PLAN']);
    // Which steps ran: a CTE's first node says "never executed" when it did not.
    const ran = ['windowed', 'older'].filter((step) => {
      const at = lines.findIndex((line) => line.trim() === `CTE ${step}`);
      return at >= 0 && !lines[at + 1].includes('never executed');
    });
    const rows: Array<{ key: string }> = await t.dataSource.query(statement.text, statement.values);
    return { keys: rows.map((row) => row.key), ran };
  }

  it('pages newest first by whichever step finds the matches behind the walk', async () => {
    const word = rareWord();
    const viewer: Viewer = { kind: 'member', userId: other.id, admin: false, verified: true };
    // Ahead of every other post (dated later): a page's whole walk (MIN_WALK rows, a minute
    // apart) without the word, then matches inside the window (WINDOW_PER_WALK walks' spans
    // behind it), one of them private, and matches beyond it. Removed at the end.
    const ahead = -300_000;
    const made = await insertPosts(author, MIN_WALK, 'Nothing to see here at all', ahead);
    const inside = await insertPosts(author, 5, `${word} inside`, ahead + MIN_WALK * 5);
    const hidden = await insertPosts(author, 1, `${word} hidden`, ahead + MIN_WALK * 4, 'private');
    const beyond = await insertPosts(author, 5, `${word} beyond`, ahead + MIN_WALK * 50);
    made.push(...inside, ...hidden, ...beyond);
    // The premise: the walk spans MIN_WALK - 1 minutes; `inside` lies within the window's
    // reach behind it, `beyond` past it.
    expect(WINDOW_PER_WALK * (MIN_WALK - 1)).toBeGreaterThan(MIN_WALK * 5);
    expect(WINDOW_PER_WALK * (MIN_WALK - 1)).toBeLessThan(MIN_WALK * 49);
    // The window holds the page (three, as a page of two asks).
    expect(await postsByStep(word, viewer, 3, 'recent')).toEqual({
      keys: inside.slice(0, 3),
      ran: ['windowed'],
    });
    const page = await search(other, word, { group: 'posts', take: '2' });
    expect(page.body.data.posts.items.map((hit: { key: string }) => hit.key)).toEqual(
      inside.slice(0, 2),
    );
    // Too few there: every match behind the walk is read.
    expect(await postsByStep(word, viewer, 8, 'recent')).toEqual({
      keys: [...inside, ...beyond.slice(0, 3)],
      ran: ['windowed', 'older'],
    });
    // The author sees their private match too, in its place.
    const mine: Viewer = { kind: 'member', userId: author.id, admin: false, verified: true };
    expect((await postsByStep(word, mine, 6, 'recent')).keys).toEqual([...hidden, ...inside]);
    await t.dataSource.query(`DELETE FROM post WHERE random_id = ANY($1)`, [made]);
  });

  it('re-ranks the newest 1,000 matches only, best first, however far back they lie', async () => {
    const word = rareWord();
    // Newer than every match: more posts without the word than a re-rank walks.
    await insertPosts(author, RERANK_BOUNDS.walk + 500, 'Nothing to see here', 10);
    const [best] = await insertPosts(author, 1, `${word} ${word} ${word} ${word}`, 100_000);
    const plain = await insertPosts(author, MAX_RERANK_CANDIDATES - 1, `${word} and more`, 20_000);
    const [good] = await insertPosts(author, 1, `${word} ${word}`, 20_500);
    const [secret] = await insertPosts(author, 1, Array(6).fill(word).join(' '), 15_000, 'private');

    const ranked = async (who: TestMember) => {
      const response = await search(who, word, { group: 'posts', order: 'relevance', take: '50' });
      expect(response.status).toBe(200);
      expect(response.body.data.posts.next_cursor).toBeNull();
      return (response.body.data.posts.items as Array<{ key: string }>).map((hit) => hit.key);
    };
    // The oldest match ranks best of all but is not among the newest 1,000: it is not ranked.
    // The better match among them comes first, then the rest newest first.
    expect(await ranked(other)).toEqual([good, ...plain.slice(0, 49)]);
    // A private post is ranked for its author only (it then pushes the oldest plain one out).
    expect(await ranked(author)).toEqual([secret, good, ...plain.slice(0, 48)]);
    // Newest first, the same matches.
    const recent = await search(other, word, { group: 'posts', take: '3' });
    expect(recent.body.data.posts.items.map((hit: { key: string }) => hit.key)).toEqual(
      plain.slice(0, 3),
    );
    expect(plain).not.toContain(best);
  });

  it('re-ranks exactly the newest matches by whichever step finds them', async () => {
    const word = rareWord();
    const viewer: Viewer = { kind: 'member', userId: other.id, admin: false, verified: true };
    // Ahead of every other post (dated later), so the steps below see these alone first: 40
    // without the word, then the matches, every third one better than the others and the
    // oldest the best of all, and private ones the viewer may not see.
    // They are removed at the end, so that other tests' newest posts are theirs again.
    const ahead = -200_000;
    const made = await insertPosts(author, 40, 'Nothing to see here either', ahead);
    for (let index = 0; index < 30; index += 1)
      made.push(
        ...(await insertPosts(
          author,
          1,
          index % 3 ? `${word} once` : `${word} ${word} twice`,
          ahead + 100 + index,
        )),
      );
    made.push(
      ...(await insertPosts(author, 1, `${word} ${word} ${word} ${word} best`, ahead + 1_000)),
    );
    made.push(
      ...(await insertPosts(author, 5, `${word} ${word} ${word} hidden`, ahead + 50, 'private')),
    );
    const [expected] = await t.dataSource.query(
      `SELECT array_agg(random_id ORDER BY rank DESC, bumped_at DESC, id DESC) AS keys
         FROM (SELECT random_id, id, bumped_at, ts_rank_cd(search_vector, q) AS rank
                 FROM post, websearch_to_tsquery('simple', $1) AS q
                WHERE type = 'text/image' AND search_vector @@ q AND privacy = 'public'
                ORDER BY bumped_at DESC, id DESC LIMIT 10) newest`,
      [word],
    );
    const rankedBy = (bounds: typeof RERANK_BOUNDS) =>
      postsByStep(word, viewer, 10, 'relevance', bounds);
    const wholeSample = { ...RERANK_BOUNDS, candidates: 10, samplePercent: 100 };
    expect(expected.keys).toHaveLength(10);
    // The walk reaches ten matches: nothing else is read.
    expect(await rankedBy({ ...wholeSample, walk: 200, sampleMatches: 15 })).toEqual({
      keys: expected.keys,
      ran: [],
    });
    // The walk finds five; behind it, the window the sample places holds enough more.
    expect(await rankedBy({ ...wholeSample, walk: 45, sampleMatches: 15 })).toEqual({
      keys: expected.keys,
      ran: ['windowed'],
    });
    // A window that holds too few, or a sample with too few matches: every match behind the
    // walk is read.
    expect(await rankedBy({ ...wholeSample, walk: 45, sampleMatches: 3 })).toEqual({
      keys: expected.keys,
      ran: ['windowed', 'older'],
    });
    expect(await rankedBy({ ...wholeSample, walk: 20, sampleMatches: 500 })).toEqual({
      keys: expected.keys,
      ran: ['older'],
    });
    // Five matches are enough to size the window by the walk's rate: it holds enough more.
    expect(
      await rankedBy({ ...wholeSample, walk: 45, sampleMatches: 500, rateMatches: 5 }),
    ).toEqual({ keys: expected.keys, ran: ['windowed'] });
    // A window spanning more rows per match than reading a match costs: every match is read.
    expect(
      await rankedBy({ ...wholeSample, walk: 45, sampleMatches: 15, windowRowsPerMatch: 0.1 }),
    ).toEqual({ keys: expected.keys, ran: ['older'] });
    await t.dataSource.query(`DELETE FROM post WHERE random_id = ANY($1)`, [made]);
  });

  it('finds people, pages, tags and events; never suspended members or hidden events', async () => {
    const word = rareWord();
    await t.dataSource.query(`UPDATE user_account SET display_name = $2 WHERE id = $1`, [
      author.id,
      `Renée ${word}`,
    ]);
    const suspended = await createMember(t, 'registered');
    await t.dataSource.query(
      `UPDATE user_account SET bio = $2, suspended_at = now() WHERE id = $1`,
      [suspended.id, `I grow ${word}`],
    );
    const page = await t
      .http()
      .post('/api/iam/pages/new')
      .set(author.headers)
      .send({ handle: `pg_${word.slice(2, 10)}`, name: `Friends of ${word}` });
    expect(page.status).toBe(201);
    const tag = `${word}-lovers`;
    await createPost(t, author, { text: 'tagged', tags: [tag] });
    const event = await t
      .http()
      .post('/api/iam/events/new')
      .set(author.headers)
      .send(
        newEventBody({
          title: `${word} swap meet`,
          location: { ...FITZROY_HALL, longitude: 144.97891 },
          recurrence: { frequency: 'once' },
          privacy: 'members',
        }),
      );
    expect(event.status).toBe(201);

    const response = await search(other, `renee ${word}`);
    expect(response.status).toBe(200);
    expect(response.body.data.people.items.map((hit: { id: string }) => hit.id)).toEqual([
      author.id,
    ]);
    const all = await search(other, word);
    const data = all.body.data;
    expect(data.people.items.map((hit: { id: string }) => hit.id)).toEqual([author.id]);
    expect(data.pages.items.map((hit: { key: string }) => hit.key)).toEqual([
      page.body.data.handle,
    ]);
    expect(data.tags.items.map((hit: { key: string }) => hit.key)).toEqual([tag]);
    expect(data.events.items.map((hit: { key: string }) => hit.key)).toEqual([
      event.body.data.random_id,
    ]);
    // A 'members' event is not for an unverified account (nor a guest), as everywhere else.
    const notVerified = await search(unverified, word);
    expect(notVerified.body.data.events.items).toEqual([]);
  });

  it("keeps a listing's one document up to date: its fields, text and photo descriptions", async () => {
    const [inDescription, named, swapped, described, edited] = [0, 1, 2, 3, 4].map(rareWord);
    const photo = (await uploadPhotos(t, author, 1, 'plants'))[0];
    const listing = await createPlant(t, author, {
      photos: [{ ref: photo.ref, alt_text: 'A leaf', description: `Leaf of ${inDescription}` }],
    });
    const plantKeys = async (word: string) =>
      (await found(other, word, 'plants')).map((hit) => hit.key);
    expect(await plantKeys(inDescription)).toEqual([listing.plant.id]);

    await t
      .http()
      .put('/api/iam/posts/plant/update/details')
      .set(author.headers)
      .send({
        postId: listing.id,
        userId: author.id,
        plant: { name: `Calathea ${named}`, swap_terms: `for a ${swapped}` },
      })
      .expect(200);
    expect(await plantKeys(named)).toEqual([listing.plant.id]);
    expect(await plantKeys(`${named} ${swapped}`)).toEqual([listing.plant.id]);
    // The name is the title: it ranks above a word of the text.
    expect((await found(other, named, 'plants'))[0].title).toBe(`Calathea ${named}`);

    await t
      .http()
      .put('/api/iam/posts/plant/update/photo-descriptions')
      .set(author.headers)
      .send({
        id: listing.id,
        uuid: author.id,
        plantPhotos: [{ id: listing.photos[0].id, description: `Now ${described}` }],
      })
      .expect(200);
    expect(await plantKeys(described)).toEqual([listing.plant.id]);
    expect(await plantKeys(inDescription)).toEqual([]);
    // Name and swap terms stay found beside the new description.
    expect(await plantKeys(`${named} ${described}`)).toEqual([listing.plant.id]);

    await t
      .http()
      .put('/api/iam/posts/update/textandtags')
      .set(author.headers)
      .send({ postId: listing.random_id, text: `Edited ${edited}`, tags: [] })
      .expect(200);
    expect(await plantKeys(`${edited} ${named} ${described}`)).toEqual([listing.plant.id]);

    await t
      .http()
      .delete('/api/iam/posts')
      .set(author.headers)
      .send({ postId: listing.id, userId: author.id })
      .expect(200);
    expect(await plantKeys(named)).toEqual([]);
  });

  it("shows a suspended member's posts and listings exactly when the feeds do", async () => {
    const member = await createMember(t, 'registered');
    const word = rareWord();
    const post = await createPost(t, member, { text: `suspended ${word}` });
    const listing = await createPlant(t, member, { text: `suspended ${word}` });
    // Nothing is posted after these two in this test, so the feed's first page holds them.
    const inFeed = async () => {
      const feed = await t.http().get('/api/iam/posts/init-recent').set(other.headers).expect(200);
      const ids = (feed.body.data.items as Array<{ id: string }>).map((item) => item.id);
      return { post: ids.includes(post.id), plant: ids.includes(listing.id) };
    };
    const inSearch = async () => {
      const response = await search(other, word);
      expect(response.status).toBe(200);
      const keys = (group: Group) =>
        (response.body.data[group].items as Array<{ key: string }>).map((hit) => hit.key);
      return {
        post: keys('posts').includes(post.random_id),
        plant: keys('plants').includes(listing.plant.id),
      };
    };
    expect(await inSearch()).toEqual({ post: true, plant: true });
    await t
      .http()
      .put(`/api/iam/users/${member.id}`)
      .set(admin.headers)
      .send({ suspended: true })
      .expect(200);
    // The feeds are the rule (search is "privacy-respecting exactly as the feeds are").
    expect(await inSearch()).toEqual(await inFeed());
    // The member, though, is no longer listed among people.
    await t.dataSource.query(`UPDATE user_account SET display_name = $2 WHERE id = $1`, [
      member.id,
      `Suspended ${word}`,
    ]);
    expect(await found(other, word, 'people')).toEqual([]);
  });

  it("forgets a deleted member's posts, listings and pages", async () => {
    // Trusted: pages are made by trusted members.
    const member = await createMember(t, 'trusted');
    const word = rareWord();
    await createPost(t, member, { text: `gone ${word}` });
    await createPlant(t, member, { text: `gone ${word}` });
    await t
      .http()
      .post('/api/iam/pages/new')
      .set(member.headers)
      .send({ handle: `pg_${word.slice(2, 10)}`, name: `Gone ${word}` })
      .expect(201);
    const groups = async () => {
      const response = await search(other, word);
      expect(response.status).toBe(200);
      const data = response.body.data as Record<Group, { items: unknown[] }>;
      return {
        posts: data.posts.items.length,
        plants: data.plants.items.length,
        pages: data.pages.items.length,
      };
    };
    expect(await groups()).toEqual({ posts: 1, plants: 1, pages: 1 });
    await t.http().delete(`/api/iam/users/${member.id}`).set(admin.headers).expect(200);
    expect(await groups()).toEqual({ posts: 0, plants: 0, pages: 0 });
  });

  it('looks handles up by prefix, users and pages alike, suspended members left out', async () => {
    const stem = `h${rareWord().slice(2, 8)}`;
    const members = await Promise.all([0, 1, 2].map(() => createMember(t, 'registered')));
    const handles = [`${stem}_a`, `${stem}_b`, `${stem}xc`];
    for (const [index, member] of members.entries()) {
      await t.dataSource.query(`UPDATE user_account SET username = $2 WHERE id = $1`, [
        member.id,
        handles[index],
      ]);
      await t.dataSource.query(
        `UPDATE handle SET handle = $2 WHERE owner_type = 'user' AND owner_id = $1`,
        [member.id, handles[index]],
      );
    }
    await t.dataSource.query(`UPDATE user_account SET suspended_at = now() WHERE id = $1`, [
      members[2].id,
    ]);
    const lookup = (prefix: string) =>
      t
        .http()
        .get(`/api/iam/search/username-page-handle/${encodeURIComponent(prefix)}`)
        .set(other.headers);
    const byStem = await lookup(stem.toUpperCase());
    expect(byStem.status).toBe(200);
    expect(byStem.body.data).toEqual([
      { handle: handles[0], type: 'user' },
      { handle: handles[1], type: 'user' },
    ]);
    // `_` is a letter of handles, not LIKE's wildcard.
    expect((await lookup(`${stem}_`)).body.data).toHaveLength(2);
    expect((await lookup(`${stem}x`)).body.data).toEqual([]);
    // Under three characters, only the handle itself.
    expect((await lookup('h')).body.data).toEqual([]);
    for (const bad of ['a%', 'a b', '%00', 'x'.repeat(31), 'ab-']) {
      const response = await lookup(bad);
      expect(response.status).toBe(400);
    }
    const guest = await t.http().get(`/api/iam/search/username-page-handle/${stem}`);
    expect(guest.status).toBe(401);
  });

  it('answers bad input with a 400 or nothing found, never a 5xx', async () => {
    const cases: Array<[string, Record<string, string>, number]> = [
      ['a\u0000b', {}, 400],
      ['x'.repeat(201), {}, 400],
      ['   ', {}, 400],
      ['!!! &&& ::: ||', {}, 200],
      ['-fern', {}, 200],
      ['"unclosed', {}, 200],
      ['fern', { group: 'nope' }, 400],
      ['fern', { order: 'sideways' }, 400],
      ['fern', { take: 'many' }, 400],
      ['fern', { cursor: 'not-a-cursor' }, 400],
      ['fern', { group: 'posts', cursor: '!!' }, 400],
      [
        'fern',
        {
          group: 'tags',
          cursor: Buffer.from(
            JSON.stringify({ group: 'tags', at: '2024-02-31T00:00:00Z', id: '1' }),
          ).toString('base64url'),
        },
        400,
      ],
      [
        'fern',
        {
          group: 'tags',
          cursor: Buffer.from(
            JSON.stringify({ group: 'tags', at: '2024-01-01T00:00:00Z', id: '99999999999' }),
          ).toString('base64url'),
        },
        400,
      ],
      [
        'fern',
        {
          group: 'posts',
          order: 'relevance',
          cursor: Buffer.from(
            JSON.stringify({
              group: 'posts',
              at: '2024-01-01T00:00:00Z',
              id: '00000000-0000-4000-8000-000000000000',
            }),
          ).toString('base64url'),
        },
        400,
      ],
    ];
    for (const [term, query, status] of cases) {
      const response = await search(other, term, query);
      expect({ term, query, status: response.status }).toEqual({ term, query, status });
      if (status === 200)
        for (const group of ['people', 'pages', 'tags', 'posts', 'plants', 'events'])
          expect(response.body.data[group].items).toEqual([]);
    }
    const huge = await t
      .http()
      .get(`/api/iam/search/term/${'x'.repeat(20_000)}`)
      .set(other.headers);
    expect(huge.status).toBeGreaterThanOrEqual(400);
    expect(huge.status).toBeLessThan(500);
  });
});
