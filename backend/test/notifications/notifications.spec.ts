import { randomUUID } from 'node:crypto';
import { NotificationsService } from '../../src/modules/notifications/notifications.service';
import { RealtimePublisher } from '../../src/platform/realtime/realtime-publisher';
import { createPost } from '../support/content';
import { newEventBody } from '../support/events';
import { createMember, type TestMember } from '../support/members';
import { appPerSuite, notificationsSettled } from '../support/suite-app';
import { eventually, type TestApp } from '../support/test-app';

describe('notifications: the list, the tally, mark-as-seen, triggers and announcements', () => {
  let t: TestApp;

  appPerSuite((app) => (t = app), { env: { WORKERS: 'inline' } });

  const registered = () => createMember(t, 'registered');

  function react(member: TestMember, target: { postId?: string; commentId?: string }) {
    return t.http().post('/api/iam/posts/reaction/new').set(member.headers).send(target);
  }

  function comment(member: TestMember, postId: string, content: string, parentId?: string) {
    return t
      .http()
      .post('/api/iam/posts/comment/new')
      .set(member.headers)
      .send(parentId ? { postId, content, parentId } : { postId, content });
  }

  const settled = () => notificationsSettled(t);

  const tally = async (member: TestMember) =>
    (await t.http().get('/api/iam/notifications/unread-tally').set(member.headers).expect(200)).body
      .data;

  const list = async (member: TestMember, query: Record<string, string> = {}) =>
    (await t.http().get('/api/iam/notifications/all').query(query).set(member.headers).expect(200))
      .body.data;

  const markSeen = (member: TestMember, body: object) =>
    t.http().put('/api/iam/notifications/mark-as-seen').set(member.headers).send(body);

  /** A notification written as the notify job writes it. */
  async function notify(recipient: TestMember, actor: TestMember, postId: string) {
    await t.app.get(NotificationsService).add({
      type: 'reaction',
      recipientId: recipient.id,
      actorId: actor.id,
      postId,
      commentId: null,
      dedupeKey: `test:${randomUUID()}`,
    });
  }

  it('groups several people doing the same thing to the same object, newest first, with links', async () => {
    const [author, ana, ben, cy, dee] = await Promise.all([
      registered(),
      registered(),
      registered(),
      registered(),
      registered(),
    ]);
    const post = await createPost(t, author);
    const other = await createPost(t, author);
    for (const fan of [ana, ben, cy, dee]) await react(fan, { postId: post.random_id }).expect(201);
    await settled();
    const reply = await comment(ben, other.random_id, 'What a lovely monstera').expect(201);
    await settled();

    expect(await tally(author)).toEqual({ count: 5, capped: false });
    const page = await list(author);
    expect(page.next_cursor).toBeNull();
    expect(page.items).toHaveLength(2);
    const [commented, liked] = page.items;
    expect(commented).toMatchObject({
      type: 'comment',
      count: 1,
      actor_count: 1,
      seen: false,
      link: `/post/${other.random_id}`,
      post_random_id: other.random_id,
      comment_excerpt: 'What a lovely monstera',
      comment_is_reply: false,
    });
    expect(commented.actors.map((a: { uuid: string }) => a.uuid)).toEqual([ben.id]);
    expect(commented.notif_ids).toHaveLength(1);
    expect(reply.body.data.id).toBeTruthy();
    expect(liked).toMatchObject({
      type: 'reaction',
      count: 4,
      actor_count: 4,
      seen: false,
      link: `/post/${post.random_id}`,
    });
    // The latest three people, newest first ("Dee, Cy and 2 others"); the jobs that wrote the rows
    // ran in parallel, so "latest" is the rows' order.
    const order = await t.dataSource.query(
      `SELECT actor_id FROM notification WHERE user_id = $1 AND post_id = $2
        ORDER BY created_at DESC, id DESC LIMIT 3`,
      [author.id, post.id],
    );
    expect(liked.actors.map((a: { uuid: string }) => a.uuid)).toEqual(
      order.map((row: { actor_id: string }) => row.actor_id),
    );
    expect([ana.id, ben.id, cy.id, dee.id]).toEqual(
      expect.arrayContaining(order.map((row: { actor_id: string }) => row.actor_id)),
    );
    expect(liked.notif_ids).toHaveLength(4);
    // The fans hear nothing of each other.
    expect(await tally(ana)).toEqual({ count: 0, capped: false });
  });

  it('pages by cursor without losing or repeating a group', async () => {
    const [me, actor] = await Promise.all([registered(), registered()]);
    const posts = [];
    for (let index = 0; index < 7; index += 1) posts.push(await createPost(t, me));
    for (const post of posts) await notify(me, actor, post.id);
    // A second row on the first post moves its group to the top.
    const again = await registered();
    await notify(me, again, posts[0].id);

    const seen: string[] = [];
    let cursor: string | null = '';
    let pages = 0;
    while (cursor !== null) {
      const page = await list(me, cursor ? { take: '3', cursorId: cursor } : { take: '3' });
      seen.push(...page.items.map((item: { post_random_id: string }) => item.post_random_id));
      cursor = page.next_cursor;
      pages += 1;
      expect(pages).toBeLessThan(5);
    }
    expect(seen).toEqual([posts[0], ...posts.slice(1).reverse()].map((p) => p.random_id));
    expect(new Set(seen).size).toBe(7);
  });

  it('pages announcements and notifications together by cursor, newest first', async () => {
    const [me, actor] = await Promise.all([registered(), registered()]);
    const expected: string[] = [];
    for (let index = 0; index < 3; index += 1) {
      const post = await createPost(t, me);
      await notify(me, actor, post.id);
      expected.unshift(`post:${post.random_id}`);
      const [{ id }] = await t.dataSource.query(
        `INSERT INTO announcement (body) VALUES ($1) RETURNING id`,
        [`Notice ${index}`],
      );
      await t.dataSource.query(
        `INSERT INTO announcement_receipt (announcement_id, user_id) VALUES ($1, $2)`,
        [id, me.id],
      );
      expected.unshift(`notice:Notice ${index}`);
    }
    const seen: string[] = [];
    let cursor: string | null = '';
    let pages = 0;
    while (cursor !== null) {
      const page = await list(me, cursor ? { take: '2', cursorId: cursor } : { take: '2' });
      for (const item of page.items as Array<{ post_random_id: string; announcement: string }>)
        seen.push(
          item.announcement ? `notice:${item.announcement}` : `post:${item.post_random_id}`,
        );
      cursor = page.next_cursor;
      pages += 1;
      expect(pages).toBeLessThan(5);
    }
    expect(seen).toEqual(expected);
    expect(await tally(me)).toEqual({ count: 6, capped: false });
    // Empty notifIds marks both kinds seen.
    const all = await markSeen(me, { notifIds: [] }).expect(200);
    expect(all.body.data).toEqual({ marked: 6, count: 0, capped: false });
    // Others here count announcements: these go (their receipts with them).
    await t.dataSource.query(`DELETE FROM announcement WHERE body LIKE 'Notice _'`);
    expect((await list(me)).items).toHaveLength(3);
  });

  it('marks seen only the caller’s own rows; empty notifIds marks all; tally 0 is a no-op', async () => {
    const [me, stranger, actor] = await Promise.all([registered(), registered(), registered()]);
    const a = await createPost(t, me);
    const b = await createPost(t, me);
    await notify(me, actor, a.id);
    await notify(me, actor, b.id);
    const page = await list(me);
    const [first, second] = page.items;

    // A stranger naming my rows changes nothing (they have unseen rows of their own).
    const theirs = await createPost(t, stranger);
    await notify(stranger, actor, theirs.id);
    const refused = await markSeen(stranger, { notifIds: first.notif_ids }).expect(200);
    expect(refused.body.data).toMatchObject({ marked: 0, count: 1 });
    expect(await tally(me)).toEqual({ count: 2, capped: false });

    const one = await markSeen(me, { notifIds: first.notif_ids }).expect(200);
    expect(one.body.data).toEqual({ marked: 1, count: 1, capped: false });
    const after = await list(me);
    expect(after.items.find((i: { id: string }) => i.id === first.id).seen).toBe(true);
    expect(after.items.find((i: { id: string }) => i.id === second.id).seen).toBe(false);

    const all = await markSeen(me, { notifIds: [] }).expect(200);
    expect(all.body.data).toEqual({ marked: 1, count: 0, capped: false });
    const none = await markSeen(me, { all: true }).expect(200);
    expect(none.body.data).toEqual({ marked: 0, count: 0, capped: false });
    // The stranger's own row is still unseen.
    expect(await tally(stranger)).toEqual({ count: 1, capped: false });
  });

  it('counts at most 100 unseen ("99+")', async () => {
    const [me, actor] = await Promise.all([registered(), registered()]);
    const post = await createPost(t, me);
    await t.dataSource.query(
      `INSERT INTO notification (user_id, type, actor_id, post_id, dedupe_key)
       SELECT $1::uuid, 'reaction', $2::uuid, $3::uuid, 'cap:' || $1::text || ':' || g
         FROM generate_series(1, 130) g`,
      [me.id, actor.id, post.id],
    );
    expect(await tally(me)).toEqual({ count: 100, capped: true });
  });

  it('refuses a mutation without the csrf_token, changing nothing', async () => {
    const [me, actor, admin] = await Promise.all([
      registered(),
      registered(),
      createMember(t, 'admin'),
    ]);
    const post = await createPost(t, me);
    await notify(me, actor, post.id);
    const noToken = (m: TestMember) => ({ authorization: `Bearer ${m.accessToken}` });
    const put = await t
      .http()
      .put('/api/iam/notifications/mark-as-seen')
      .set(noToken(me))
      .send({ notifIds: [] })
      .expect(403);
    expect(put.body.error.code).toBe('CSRF_FAILED');
    await t
      .http()
      .put('/api/iam/notifications/mark-as-seen')
      .set(noToken(me))
      .send({ csrf_token: 'not-the-token', notifIds: [] })
      .expect(403);
    expect(await tally(me)).toEqual({ count: 1, capped: false });
    await t
      .http()
      .post('/api/iam/notifications/new-immutable')
      .set(noToken(admin))
      .send({ message: 'Hello' })
      .expect(403);
    const [{ n }] = await t.dataSource.query('SELECT count(*)::int AS n FROM announcement');
    expect(n).toBe(0);
  });

  it('answers bad input with 400 and changes nothing', async () => {
    const [me, actor, admin] = await Promise.all([
      registered(),
      registered(),
      createMember(t, 'admin'),
    ]);
    const post = await createPost(t, me);
    await notify(me, actor, post.id);
    for (const body of [
      { notifIds: 'all' },
      { notifIds: [null] },
      { notifIds: ['not-a-uuid'] },
      { notifIds: ['\u0000'] },
      { notifIds: Array.from({ length: 501 }, () => randomUUID()) },
      { all: 'yes' },
    ])
      await markSeen(me, body).expect(400);
    expect(await tally(me)).toEqual({ count: 1, capped: false });
    await t
      .http()
      .get('/api/iam/notifications/all')
      .query({ cursorId: 'forged!' })
      .set(me.headers)
      .expect(400);
    await t
      .http()
      .get('/api/iam/notifications/all')
      .query({ take: 'x' })
      .set(me.headers)
      .expect(400);
    for (const body of [
      {},
      { message: '' },
      { message: 'x'.repeat(1001) },
      { message: 5 },
      { message: '   ' },
      { message: 'a\u0000b' },
      { message: null },
    ])
      await t
        .http()
        .post('/api/iam/notifications/new-immutable')
        .set(admin.headers)
        .send(body)
        .expect(400);
    const [{ n: announced }] = await t.dataSource.query(
      'SELECT count(*)::int AS n FROM announcement WHERE author_id = $1',
      [admin.id],
    );
    expect(announced).toBe(0);
    for (const path of ['new-reaction-notif', 'new-comment-notif', 'new-event-notif'])
      await t
        .http()
        .post(`/api/iam/notifications/${path}`)
        .set(me.headers)
        .send({ reactionId: 'x', commentId: null, attendanceId: 7 })
        .expect(400);
  });

  it('triggers re-tell only the caller’s own reaction or comment, once', async () => {
    const [author, fan, stranger] = await Promise.all([registered(), registered(), registered()]);
    const post = await createPost(t, author);
    const reaction = await react(fan, { postId: post.random_id }).expect(201);
    const said = await comment(fan, post.random_id, 'Nice').expect(201);
    await settled();
    const reactionId = reaction.body.data.id;
    const commentId = said.body.data.id;
    const rows = async () =>
      (
        await t.dataSource.query('SELECT count(*)::int AS n FROM notification WHERE user_id = $1', [
          author.id,
        ])
      )[0].n;
    expect(await rows()).toBe(2);

    // Someone else's cause, or none: 404, nothing written.
    for (const [path, body] of [
      ['new-reaction-notif', { reactionId }],
      ['new-comment-notif', { commentId }],
      ['new-reaction-notif', { reactionId: randomUUID() }],
      ['new-event-notif', { attendanceId: randomUUID() }],
    ] as const)
      await t
        .http()
        .post(`/api/iam/notifications/${path}`)
        .set(stranger.headers)
        .send(body)
        .expect(404);

    // The caller's own: queued through the producers' path; the dedupe key keeps one row each.
    await t
      .http()
      .post('/api/iam/notifications/new-reaction-notif')
      .set(fan.headers)
      .send({ reactionId })
      .expect(201);
    await t
      .http()
      .post('/api/iam/notifications/new-comment-notif')
      .set(fan.headers)
      .send({ commentId })
      .expect(201);
    await settled();
    expect(await rows()).toBe(2);

    // Taken away and re-told: written again, once.
    await t.dataSource.query('DELETE FROM notification WHERE user_id = $1', [author.id]);
    await t
      .http()
      .post('/api/iam/notifications/new-reaction-notif')
      .set(fan.headers)
      .send({ reactionId })
      .expect(201);
    await settled();
    expect(await rows()).toBe(1);

    // One's own reaction on one's own post tells nobody, even when triggered.
    const own = await react(author, { postId: post.random_id }).expect(201);
    await t
      .http()
      .post('/api/iam/notifications/new-reaction-notif')
      .set(author.headers)
      .send({ reactionId: own.body.data.id })
      .expect(201);
    await settled();
    expect(await rows()).toBe(1);
  });

  it('lists an attendance answer linking to the event; its trigger re-tells only the answerer', async () => {
    const [creator, fan] = await Promise.all([createMember(t, 'trusted'), registered()]);
    const created = await t
      .http()
      .post('/api/iam/events/new')
      .set(creator.headers)
      .send(newEventBody({ title: 'Seed swap', description: 'Bring seeds.' }))
      .expect(201);
    const event = created.body.data;
    await t
      .http()
      .put('/api/iam/events/upsert-attend-specific')
      .set(fan.headers)
      .send({ specificId: event.dates[0].id, status: 'GOING' })
      .expect(200);
    await settled();
    const [item] = (await list(creator)).items;
    expect(item).toMatchObject({
      type: 'event',
      subtype: 'EVENT_ATTENDANCE',
      link: `/event/${event.random_id}`,
      event_random_id: event.random_id,
      event_title: 'Seed swap',
    });

    const [{ id: attendanceId }] = await t.dataSource.query(
      'SELECT id FROM event_attendee WHERE specific_id = $1 AND user_id = $2',
      [event.dates[0].id, fan.id],
    );
    await t
      .http()
      .post('/api/iam/notifications/new-event-notif')
      .set(creator.headers)
      .send({ attendanceId })
      .expect(404);
    await t.dataSource.query('DELETE FROM notification WHERE user_id = $1', [creator.id]);
    await t
      .http()
      .post('/api/iam/notifications/new-event-notif')
      .set(fan.headers)
      .send({ attendanceId })
      .expect(201);
    await settled();
    expect((await tally(creator)).count).toBe(1);
  });

  it('a notification goes with its cause', async () => {
    const [author, fan] = await Promise.all([registered(), registered()]);
    const post = await createPost(t, author);
    await comment(fan, post.random_id, 'Gone soon').expect(201);
    await react(fan, { postId: post.random_id }).expect(201);
    await settled();
    expect((await tally(author)).count).toBe(2);
    await t
      .http()
      .delete('/api/iam/posts')
      .set(author.headers)
      .send({ postId: post.random_id, userId: author.id })
      .expect(200);
    expect((await tally(author)).count).toBe(0);
    expect((await list(author)).items).toEqual([]);
  });

  it('fans an announcement out to every member once, even when the job runs twice', async () => {
    const admin = await createMember(t, 'admin');
    const [reader, suspended] = await Promise.all([registered(), registered()]);
    await t.dataSource.query('UPDATE user_account SET suspended_at = now() WHERE id = $1', [
      suspended.id,
    ]);
    // 1,000 active members in all: the ones the suites made plus plain rows.
    const [{ n: already }] = await t.dataSource.query(
      'SELECT count(*)::int AS n FROM user_account WHERE registered_at IS NOT NULL AND suspended_at IS NULL',
    );
    await t.dataSource.query(
      `INSERT INTO user_account (email, password_hash, email_verified_at, registered_at)
       SELECT 'fan-' || g || '-' || $2 || '@plantfolk.test', 'x', now(), now()
         FROM generate_series(1, $1::int) g`,
      [1000 - already, randomUUID().slice(0, 8)],
    );
    // An unfinished sign-up is no member yet.
    await createMember(t, 'verified');
    const tallyBefore = (await tally(reader)).count;

    const created = await t
      .http()
      .post('/api/iam/notifications/new-immutable')
      .set(admin.headers)
      .send({ message: '  The swap meet moves to Sunday.  ' })
      .expect(201);
    const id = created.body.data.id;
    const count = async () =>
      (
        await t.dataSource.query(
          'SELECT count(*)::int AS n, count(DISTINCT user_id)::int AS people FROM announcement_receipt WHERE announcement_id = $1',
          [id],
        )
      )[0];
    await settled();
    await eventually(async () => expect(await count()).toEqual({ n: 1000, people: 1000 }));
    const [{ told }] = await t.dataSource.query(
      'SELECT count(*)::int AS told FROM announcement_receipt WHERE user_id = $1',
      [suspended.id],
    );
    expect(told).toBe(0);

    // A retry after a crash midway (some receipts gone), and a plain second run: still 1,000.
    await t.dataSource.query(
      `DELETE FROM announcement_receipt WHERE (announcement_id, user_id) IN (
         SELECT announcement_id, user_id FROM announcement_receipt
          WHERE announcement_id = $1 ORDER BY user_id DESC LIMIT 400)`,
      [id],
    );
    const service = t.app.get(NotificationsService);
    await Promise.all([service.fanOutAnnouncement(id), service.fanOutAnnouncement(id)]);
    await service.fanOutAnnouncement(id);
    expect(await count()).toEqual({ n: 1000, people: 1000 });

    // Every member has it in their list, unseen, counted in their tally, and marks it seen.
    const item = (await list(reader)).items[0];
    expect(item).toMatchObject({
      id,
      type: 'immutable',
      announcement: 'The swap meet moves to Sunday.',
      link: null,
      seen: false,
      count: 1,
      actors: [],
      notif_ids: [id],
    });
    expect((await tally(reader)).count).toBe(tallyBefore + 1);
    const marked = await markSeen(reader, { notifIds: item.notif_ids }).expect(200);
    expect(marked.body.data).toMatchObject({ marked: 1, count: tallyBefore });
    expect((await list(reader)).items[0]).toMatchObject({ id, seen: true, notif_ids: [] });
    // Another member's mark-as-seen with its id changes nothing of the reader's or theirs alone.
    expect((await list(admin)).items[0]).toMatchObject({ id, seen: false });

    // A member who registers after the notice does not get it (it was news when it was sent).
    const newcomer = await registered();
    expect((await list(newcomer)).items).toEqual([]);
    expect((await tally(newcomer)).count).toBe(0);

    // A member's receipts go with their account; the announcement's with it.
    await t.dataSource.query('DELETE FROM user_account WHERE id = $1', [reader.id]);
    expect(await count()).toEqual({ n: 999, people: 999 });
    await t.dataSource.query('DELETE FROM announcement WHERE id = $1', [id]);
    expect(await count()).toEqual({ n: 0, people: 0 });
    expect((await list(admin)).items).toEqual([]);
  });

  it('decides who hears of an announcement when its job runs, once each, with one live event', async () => {
    const [early, late] = await Promise.all([registered(), registered()]);
    // Queued while `early` was suspended and before `late` was: the job has not run yet.
    await t.dataSource.query('UPDATE user_account SET suspended_at = now() WHERE id = $1', [
      early.id,
    ]);
    const [{ id }] = await t.dataSource.query(
      `INSERT INTO announcement (body) VALUES ('Seed swap on the first Sunday.') RETURNING id`,
    );
    await t.dataSource.query('UPDATE user_account SET suspended_at = NULL WHERE id = $1', [
      early.id,
    ]);
    await t.dataSource.query('UPDATE user_account SET suspended_at = now() WHERE id = $1', [
      late.id,
    ]);
    const [{ members }] = await t.dataSource.query(
      'SELECT count(*)::int AS members FROM user_account WHERE registered_at IS NOT NULL AND suspended_at IS NULL',
    );
    const live = t.app.get(RealtimePublisher);
    const everyone = jest.spyOn(live, 'toAllMembers');
    const some = jest.spyOn(live, 'toMembers');
    try {
      // Another run writing at the same time (its receipt for `early` not committed yet): this
      // run finds no receipts, writes plainly, waits on that key, and then lets the key decide.
      const service = t.app.get(NotificationsService);
      const other = t.dataSource.createQueryRunner();
      await other.connect();
      let written: number;
      try {
        await other.startTransaction();
        await other.query(
          'INSERT INTO announcement_receipt (announcement_id, user_id) VALUES ($1, $2)',
          [id, early.id],
        );
        const run = service.fanOutAnnouncement(id);
        await eventually(async () => {
          const [{ waiting }] = await t.dataSource.query(
            `SELECT count(*)::int AS waiting FROM pg_stat_activity
              WHERE wait_event_type = 'Lock' AND query LIKE '%announcement_receipt%'`,
          );
          expect(waiting).toBe(1);
        });
        await other.commitTransaction();
        written = await run;
      } finally {
        await other.release();
      }
      expect(written).toBe(members - 1);
      // And two runs at once from the start (a job picked up twice): still one receipt each.
      await Promise.all([service.fanOutAnnouncement(id), service.fanOutAnnouncement(id)]);
      const receipts = await t.dataSource.query(
        'SELECT user_id FROM announcement_receipt WHERE announcement_id = $1',
        [id],
      );
      const holders = receipts.map((row: { user_id: string }) => row.user_id);
      expect(new Set(holders).size).toBe(members);
      expect(holders.length).toBe(members);
      // Who may hear of it is who is a member as the job runs, not as it was queued.
      expect(holders).toContain(early.id);
      expect(holders).not.toContain(late.id);
      // One event to every socket per run that wrote receipts, none to members' rooms.
      expect(everyone.mock.calls.length).toBeGreaterThanOrEqual(1);
      expect(everyone.mock.calls.length).toBeLessThanOrEqual(2);
      for (const call of everyone.mock.calls)
        expect(call).toEqual(['notification', { id: null, type: 'immutable' }]);
      expect(some).not.toHaveBeenCalled();

      // Run again once `late` is back: only their receipt is added, and one more event.
      everyone.mockClear();
      await t.dataSource.query('UPDATE user_account SET suspended_at = NULL WHERE id = $1', [
        late.id,
      ]);
      expect(await service.fanOutAnnouncement(id)).toBe(1);
      expect(everyone).toHaveBeenCalledTimes(1);
      // A run that adds nothing tells nobody.
      everyone.mockClear();
      expect(await service.fanOutAnnouncement(id)).toBe(0);
      expect(everyone).not.toHaveBeenCalled();
      const [{ n }] = await t.dataSource.query(
        'SELECT count(*)::int AS n FROM announcement_receipt WHERE announcement_id = $1',
        [id],
      );
      expect(n).toBe(members + 1);

      // An announcement deleted before its job runs reaches nobody.
      await t.dataSource.query('DELETE FROM announcement WHERE id = $1', [id]);
      expect(await service.fanOutAnnouncement(id)).toBe(0);
    } finally {
      everyone.mockRestore();
      some.mockRestore();
    }
  });
});
