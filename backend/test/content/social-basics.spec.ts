import { reactorPage } from '../../src/modules/content/reactions.queries';
import { GUEST } from '../../src/platform/access/viewer';
import { type LatLng, publicDistanceKm, publicPoint } from '../../src/platform/geo/geo';
import { createPlant, createPost } from '../support/content';
import { metresBetween, moved } from '../support/geo-math';
import { createMember, type TestMember } from '../support/members';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * The social basics of issue 10: "Edited" on posts and comments, who reacted (as private as what
 * they reacted to), display names and bios, and a listing's distance from the viewer.
 */
describe('social basics', () => {
  let t: TestApp;
  let author: TestMember;
  let other: TestMember;
  let third: TestMember;
  let admin: TestMember;

  beforeAll(async () => {
    t = await startTestApp();
    [author, other, third, admin] = await Promise.all([
      createMember(t, 'registered'),
      createMember(t, 'registered'),
      createMember(t, 'registered'),
      createMember(t, 'admin'),
    ]);
  });
  afterAll(() => t.close());

  const react = (member: TestMember, target: { postId?: string; commentId?: string }) =>
    t.http().post('/api/iam/posts/reaction/new').set(member.headers).send(target).expect(201);

  const comment = async (member: TestMember, postId: string, content: string) =>
    (
      await t
        .http()
        .post('/api/iam/posts/comment/new')
        .set(member.headers)
        .send({ postId, content })
        .expect(201)
    ).body.data;

  describe('edited posts and comments', () => {
    const editText = (member: TestMember, postId: string, text: string, tags: string[] = []) =>
      t
        .http()
        .put('/api/iam/posts/update/textandtags')
        .set(member.headers)
        .send({ postId, text, tags });

    it('marks a post edited only when its text or tags change, not its privacy', async () => {
      const post = await createPost(t, author, { text: 'First words', tags: ['ferns'] });
      expect(post.edited_at).toBeNull();

      const privacy = await t
        .http()
        .put('/api/iam/posts/privacy')
        .set(author.headers)
        .send({ id: post.random_id, uuid: author.id, privacy: 'members' })
        .expect(200);
      expect(privacy.body.data.edited_at).toBeNull();

      const unchanged = await editText(author, post.random_id, 'First words', ['ferns']).expect(
        200,
      );
      expect(unchanged.body.data.edited_at).toBeNull();

      const retagged = await editText(author, post.random_id, 'First words', ['mosses']).expect(
        200,
      );
      expect(retagged.body.data.edited_at).not.toBeNull();

      const edited = await editText(author, post.random_id, 'Better words', ['mosses']).expect(200);
      const editedAt = edited.body.data.edited_at as string;
      expect(Date.parse(editedAt)).toBeGreaterThanOrEqual(Date.parse(post.created_at));
      expect(Date.parse(editedAt)).toBeGreaterThanOrEqual(Date.parse(retagged.body.data.edited_at));

      // Every read carries it: the post's page and the author's list.
      const one = await t.http().get(`/api/iam/posts/${post.random_id}`).set(other.headers);
      expect(one.body.data.edited_at).toBe(editedAt);
      const mine = await t
        .http()
        .get(`/api/iam/posts/bymyuser/${author.id}`)
        .set(author.headers)
        .expect(200);
      const listed = mine.body.data.items.find((item: { id: string }) => item.id === post.id);
      expect(listed.edited_at).toBe(editedAt);
    });

    it('marks a listing edited when its details change, not when saved unchanged', async () => {
      const listing = await createPlant(t, author, { plant: { name: 'Hoya', quantity: 2 } });
      expect(listing.edited_at).toBeNull();
      const save = (plant: Record<string, unknown>) =>
        t
          .http()
          .put('/api/iam/posts/plant/update/details')
          .set(author.headers)
          .send({ postId: listing.id, userId: author.id, plant, privacy: 'public' })
          .expect(200);
      expect((await save({ name: 'Hoya', quantity: 2 })).body.data.edited_at).toBeNull();
      expect((await save({ quantity: 3 })).body.data.edited_at).not.toBeNull();
    });

    it('lets a comment’s author edit it, recording the time of a real change', async () => {
      const post = await createPost(t, author);
      const written = await comment(other, post.random_id, 'Nice fern');
      expect(written.edited_at).toBeNull();
      const update = (member: TestMember, body: Record<string, unknown>) =>
        t.http().put('/api/iam/posts/comment/update').set(member.headers).send(body);

      const same = await update(other, { id: written.id, uuid: other.id, content: ' Nice fern ' });
      expect(same.status).toBe(200);
      expect(same.body.data).toMatchObject({ content: 'Nice fern', edited_at: null });

      const edited = await update(other, {
        id: written.id,
        uuid: other.id,
        content: 'Nice fern!',
      }).expect(200);
      expect(edited.body.data).toMatchObject({ id: written.id, content: 'Nice fern!' });
      expect(edited.body.data.edited_at).not.toBeNull();

      const listed = await t.http().get(`/api/iam/posts/comments/${post.random_id}`).expect(200);
      expect(listed.body.data.items[0]).toMatchObject({
        content: 'Nice fern!',
        edited_at: edited.body.data.edited_at,
      });
    });

    it('refuses other people’s, blank, oversized and unknown comment edits, changing nothing', async () => {
      const post = await createPost(t, author);
      const written = await comment(other, post.random_id, 'Mine');
      const update = (member: TestMember, body: Record<string, unknown>) =>
        t.http().put('/api/iam/posts/comment/update').set(member.headers).send(body);

      // Not the post's author, nor an admin: only the comment's own author.
      const byPostAuthor = await update(author, { id: written.id, uuid: author.id, content: 'x' });
      expect(byPostAuthor.status).toBe(403);
      expect(byPostAuthor.body.error.code).toBe('NOT_THE_COMMENT_AUTHOR');
      await update(admin, { id: written.id, uuid: admin.id, content: 'x' }).expect(403);
      // Naming someone else as the caller.
      await update(author, { id: written.id, uuid: other.id, content: 'x' }).expect(403);
      await update(other, { id: written.id, uuid: other.id, content: '   ' }).expect(400);
      await update(other, { id: written.id, uuid: other.id, content: 'x'.repeat(2001) }).expect(
        400,
      );
      await update(other, { id: written.id, uuid: other.id }).expect(400);
      // Within the validator's count (it skips variation selectors), over PostgreSQL's check.
      await update(other, {
        id: written.id,
        uuid: other.id,
        content: '\u2764\uFE0F'.repeat(1001),
      }).expect(400);
      await update(other, { id: 'not-a-uuid', uuid: other.id, content: 'x' }).expect(400);
      await update(other, {
        id: '00000000-0000-4000-8000-000000000000',
        uuid: other.id,
        content: 'x',
      }).expect(404);
      await t
        .http()
        .put('/api/iam/posts/comment/update')
        .send({ id: written.id, uuid: other.id, content: 'x' })
        .expect(401);

      const [row] = await t.dataSource.query(
        'SELECT content, edited_at FROM comment WHERE id = $1',
        [written.id],
      );
      expect(row).toEqual({ content: 'Mine', edited_at: null });
    });

    it('hides a comment on a post that became private from its own author', async () => {
      const post = await createPost(t, author);
      const written = await comment(other, post.random_id, 'Before');
      await t
        .http()
        .put('/api/iam/posts/privacy')
        .set(author.headers)
        .send({ id: post.random_id, uuid: author.id, privacy: 'private' })
        .expect(200);
      await t
        .http()
        .put('/api/iam/posts/comment/update')
        .set(other.headers)
        .send({ id: written.id, uuid: other.id, content: 'After' })
        .expect(404);
    });
  });

  describe('who reacted', () => {
    const likers = (path: string, member?: TestMember) => {
      const request = t.http().get(path);
      return member ? request.set(member.headers) : request;
    };

    it('lists a public post’s likers newest first, paged by cursor, with their summaries', async () => {
      const post = await createPost(t, author);
      for (const member of [other, third, admin]) await react(member, { postId: post.random_id });

      const first = await likers(`/api/iam/posts/reactions/post/${post.random_id}?take=2`).expect(
        200,
      );
      expect(first.body.data.items.map((item: { user_id: string }) => item.user_id)).toEqual([
        admin.id,
        third.id,
      ]);
      expect(first.body.responders.map((r: { uuid: string }) => r.uuid).sort()).toEqual(
        [admin.id, third.id].sort(),
      );
      expect(first.body.responders[0]).toEqual(
        expect.objectContaining({ username: expect.any(String), display_name: null }),
      );
      expect(first.body.data.next_cursor).toEqual(expect.any(String));

      const rest = await likers(`/api/iam/posts/reactions/post/${post.id}`)
        .query({ cursorId: first.body.data.next_cursor, take: '2' })
        .expect(200);
      expect(rest.body.data.items.map((item: { user_id: string }) => item.user_id)).toEqual([
        other.id,
      ]);
      expect(rest.body.data.next_cursor).toBeNull();

      const none = await createPost(t, author);
      const empty = await likers(`/api/iam/posts/reactions/post/${none.random_id}`).expect(200);
      expect(empty.body.data).toEqual({ items: [], next_cursor: null });
    });

    it('shows a post’s likers exactly to those who may see the post', async () => {
      const members = await createPost(t, author, { privacy: 'members' });
      const secret = await createPost(t, author, { privacy: 'private' });
      await react(other, { postId: members.random_id });
      // The author likes their own private post: only they (and admins) may learn it.
      await react(author, { postId: secret.random_id });

      const guestMembers = await likers(`/api/iam/posts/reactions/post/${members.random_id}`);
      expect(guestMembers.status).toBe(404);
      expect(guestMembers.body.error.code).toBe('POST_NOT_FOUND');
      expect(JSON.stringify(guestMembers.body)).not.toContain(other.id);
      await likers(`/api/iam/posts/reactions/post/${members.random_id}`, third).expect(200);

      for (const stranger of [undefined, other, third]) {
        const refused = await likers(`/api/iam/posts/reactions/post/${secret.random_id}`, stranger);
        expect(refused.status).toBe(404);
        expect(JSON.stringify(refused.body)).not.toContain(author.id);
      }
      for (const allowed of [author, admin]) {
        const seen = await likers(`/api/iam/posts/reactions/post/${secret.random_id}`, allowed);
        expect(seen.status).toBe(200);
        expect(seen.body.data.items.map((item: { user_id: string }) => item.user_id)).toEqual([
          author.id,
        ]);
      }

      // A post that became private hides its likers from those who saw them before.
      await t
        .http()
        .put('/api/iam/posts/privacy')
        .set(author.headers)
        .send({ id: members.random_id, uuid: author.id, privacy: 'private' })
        .expect(200);
      await likers(`/api/iam/posts/reactions/post/${members.random_id}`, third).expect(404);
    });

    it('lists a comment’s likers as visible as the comment’s post', async () => {
      const open = await createPost(t, author);
      const secret = await createPost(t, author, { privacy: 'private' });
      const openComment = await comment(other, open.random_id, 'Lovely');
      const secretComment = await comment(author, secret.random_id, 'Note to self');
      await react(third, { commentId: openComment.id });
      await react(author, { commentId: secretComment.id });

      const listed = await likers(`/api/iam/posts/reactions/comment/${openComment.id}`).expect(200);
      expect(listed.body.data.items.map((item: { user_id: string }) => item.user_id)).toEqual([
        third.id,
      ]);
      for (const stranger of [undefined, other]) {
        const refused = await likers(
          `/api/iam/posts/reactions/comment/${secretComment.id}`,
          stranger,
        );
        expect(refused.status).toBe(404);
        expect(refused.body.error.code).toBe('COMMENT_NOT_FOUND');
      }
      await likers(`/api/iam/posts/reactions/comment/${secretComment.id}`, author).expect(200);
    });

    it('answers bad input with a clear 4xx, never a 5xx', async () => {
      const post = await createPost(t, author);
      const cases: Array<[string, number]> = [
        [`/api/iam/posts/reactions/post/${post.random_id}?cursorId=nonsense`, 400],
        [`/api/iam/posts/reactions/post/${post.random_id}?take=lots`, 400],
        [`/api/iam/posts/reactions/post/${post.random_id}?take=-1`, 400],
        [`/api/iam/posts/reactions/post/${post.random_id}?cursorId=a&cursorId=b`, 400],
        ['/api/iam/posts/reactions/post/AAAAAAAAAA', 404],
        ['/api/iam/posts/reactions/post/not%20a%20post', 404],
        ['/api/iam/posts/reactions/comment/not-a-uuid', 404],
        ['/api/iam/posts/reactions/comment/00000000-0000-4000-8000-000000000000', 404],
      ];
      for (const [path, status] of cases) {
        const response = await t.http().get(path);
        expect({ path, status: response.status }).toEqual({ path, status });
        expect(response.body.status).toBe('error');
      }
      // A huge page size is clamped, not refused.
      await likers(`/api/iam/posts/reactions/post/${post.random_id}?take=100000`).expect(200);
    });

    it('walks the reaction index for a post’s likers (keyset, no scan)', async () => {
      const post = await createPost(t, author);
      await react(other, { postId: post.random_id });
      let captured: [string, unknown[]] | undefined;
      await reactorPage(
        {
          query: (text: string, values?: unknown[]) => {
            captured = [text, values ?? []];
            return t.dataSource.query(text, values);
          },
        },
        GUEST,
        { kind: 'post', post: { postId: post.id } },
        { at: new Date().toISOString(), id: '00000000-0000-4000-8000-000000000000' },
        21,
      );
      expect(captured).toBeDefined();
      const [sql, values] = captured as [string, unknown[]];
      const plan = await t.dataSource.transaction(async (manager) => {
        await manager.query('SET LOCAL enable_seqscan = off');
        return JSON.stringify(await manager.query(`EXPLAIN (FORMAT JSON) ${sql}`, values));
      });
      // Down the index from the cursor, stopping at the page's size: no scan, no sort of likers.
      expect(plan).toMatch(
        /"Node Type":"Limit".*?"Node Type":"Index Scan","Parent Relationship":"Outer",[^{]*"Scan Direction":"Backward","Index Name":"reaction_post_idx"/,
      );
      expect(plan).not.toContain('"Seq Scan"');
    });
  });

  describe('display name and bio', () => {
    const update = (member: TestMember, body: Record<string, unknown>) =>
      t.http().put('/api/iam/authn/update').set(member.headers).send(body);

    it('sets both as plain text, shows them on the profile and beside the member’s posts', async () => {
      const member = await createMember(t, 'registered');
      const saved = await update(member, {
        display_name: '  Fern   Grower ',
        bio: 'Growing ferns in Fitzroy.\r\n\r\n\r\n<b>Swaps</b> welcome!   ',
      }).expect(200);
      expect(saved.body.data).toMatchObject({
        username: member.username,
        display_name: 'Fern Grower',
        bio: 'Growing ferns in Fitzroy.\n\n<b>Swaps</b> welcome!',
      });
      const profile = await t.http().get('/api/iam/authn/profile').set(member.headers).expect(200);
      expect(profile.body.data).toMatchObject({ display_name: 'Fern Grower' });

      const page = await t
        .http()
        .get(`/api/iam/posts/user-or-page-basic/${member.username}`)
        .expect(200);
      expect(page.body.data.user).toMatchObject({
        username: member.username,
        display_name: 'Fern Grower',
        bio: 'Growing ferns in Fitzroy.\n\n<b>Swaps</b> welcome!',
      });

      const post = await createPost(t, member);
      const single = await t.http().get(`/api/post/${post.random_id}`).expect(200);
      expect(single.body.responders).toEqual([
        expect.objectContaining({ uuid: member.id, display_name: 'Fern Grower' }),
      ]);
      // The bio is for the profile page, not for every list's responders.
      expect(single.body.responders[0]).not.toHaveProperty('bio');

      // Blank or null clears; leaving a field out keeps it.
      const cleared = await update(member, { display_name: '   ' }).expect(200);
      expect(cleared.body.data).toMatchObject({ display_name: null, bio: expect.any(String) });
      const noBio = await update(member, { bio: null }).expect(200);
      expect(noBio.body.data.bio).toBeNull();
    });

    it('refuses overlong, multi-line or disguising names and bios, changing nothing', async () => {
      const refused: Array<Record<string, unknown>> = [
        { display_name: 'x'.repeat(51) },
        { display_name: 'Two\nlines' },
        { display_name: 'admin\u202Eevil' },
        { display_name: 'tab\there' },
        { display_name: 42 },
        { display_name: ['a'] },
        { bio: 'y'.repeat(301) },
        { bio: 'bell\u0007' },
        { bio: 'nul\u0000' },
        { bio: { text: 'no' } },
        // Fine for the length check of the validator (it does not count a variation selector),
        // one over for PostgreSQL's: must be a 400, not a check violation.
        { display_name: '\u2764\uFE0F'.repeat(26) },
        { display_name: 'Fine', bio: 'z'.repeat(400) },
      ];
      // The update route is rate limited per member (it also changes passwords): a member each.
      await Promise.all(
        refused.map(async (body) => {
          const member = await createMember(t, 'registered', {
            displayName: 'Kept',
            bio: 'Kept bio',
          });
          const response = await update(member, body);
          expect({ body, status: response.status }).toEqual({ body, status: 400 });
          expect(response.body.error.code).toBe('VALIDATION_FAILED');
          const [row] = await t.dataSource.query(
            'SELECT display_name, bio FROM user_account WHERE id = $1',
            [member.id],
          );
          expect(row).toEqual({ display_name: 'Kept', bio: 'Kept bio' });
        }),
      );
    });

    it('keeps names and bios to registered members', async () => {
      const verified = await createMember(t, 'verified');
      const response = await update(verified, { display_name: 'Early' });
      expect(response.status).toBe(403);
      expect(response.body.error.code).toBe('NOT_REGISTERED');
    });
  });

  describe('a listing’s distance from the viewer', () => {
    const HOME: LatLng = { latitude: -37.8, longitude: 144.98 };
    const kmFrom = (from: LatLng, to: LatLng) => metresBetween(from, to) / 1000;

    /**
     * A point about 5 km north of HOME where whole kilometres to the exact point and to its public
     * point differ clearly (each at least 100 m from a whole km), so the answer tells them apart.
     */
    function telltalePoint(): LatLng {
      for (let metres = 4_000; metres < 8_000; metres += 25) {
        const exact = moved(HOME, metres, 0);
        const toExact = kmFrom(HOME, exact);
        const toPublic = kmFrom(HOME, publicPoint(exact));
        const clear = (km: number) => Math.abs(km - Math.round(km)) > 0.1;
        if (Math.ceil(toExact) !== Math.ceil(toPublic) && clear(toExact) && clear(toPublic))
          return exact;
      }
      throw new Error('no telltale point found');
    }

    it('measures to the owner’s public point in whole km, for members only', async () => {
      const owner = await createMember(t, 'registered');
      const viewer = await createMember(t, 'registered');
      const away = telltalePoint();
      await t.dataSource.query(
        'UPDATE user_account SET latitude = $2, longitude = $3 WHERE id = $1',
        [owner.id, away.latitude, away.longitude],
      );
      await t.dataSource.query(
        'UPDATE user_account SET latitude = $2, longitude = $3 WHERE id = $1',
        [viewer.id, HOME.latitude, HOME.longitude],
      );
      const listing = await createPlant(t, owner);
      const expected = publicDistanceKm(metresBetween(HOME, publicPoint(away)));
      expect(expected).not.toBe(publicDistanceKm(metresBetween(HOME, away)));

      const seen = await t.http().get(`/api/plant/${listing.plant.id}`).set(viewer.headers);
      expect(seen.status).toBe(200);
      expect(seen.body.data.plant.distance_km).toBe(expected);

      const listed = await t.http().get('/api/plants/recent/all').set(viewer.headers).expect(200);
      const inList = listed.body.data.items.find((item: { id: string }) => item.id === listing.id);
      expect(inList.plant.distance_km).toBe(expected);

      const asGuest = await t.http().get(`/api/plant/${listing.plant.id}`).expect(200);
      expect(asGuest.body.data.plant.distance_km).toBeNull();
      const asOwner = await t
        .http()
        .get(`/api/plant/${listing.plant.id}`)
        .set(owner.headers)
        .expect(200);
      expect(asOwner.body.data.plant.distance_km).toBeNull();

      // A viewer without a location gets none either.
      const nowhere = await createMember(t, 'registered', { latitude: null, longitude: null });
      const fromNowhere = await t
        .http()
        .get(`/api/plant/${listing.plant.id}`)
        .set(nowhere.headers)
        .expect(200);
      expect(fromNowhere.body.data.plant.distance_km).toBeNull();
    });
  });
});
