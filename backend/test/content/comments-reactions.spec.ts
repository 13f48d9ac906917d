import { OutboxRelay } from '../../src/platform/queues/outbox-relay.service';
import { createPost } from '../support/content';
import { createMember, type TestMember } from '../support/members';
import { eventually, startTestApp, type TestApp } from '../support/test-app';

describe('content: comments, reactions and their notifications', () => {
  let t: TestApp;
  let author: TestMember;
  let other: TestMember;
  let third: TestMember;

  beforeAll(async () => {
    t = await startTestApp({ env: { WORKERS: 'inline' } });
    [author, other, third] = await Promise.all([
      createMember(t, 'registered'),
      createMember(t, 'registered'),
      createMember(t, 'registered'),
    ]);
  });
  afterAll(() => t.close());

  function comment(member: TestMember, postId: string, content: string, parentId?: string) {
    return t
      .http()
      .post('/api/iam/posts/comment/new')
      .set(member.headers)
      .send(parentId ? { postId, content, parentId } : { postId, content });
  }

  function react(member: TestMember, target: { postId?: string; commentId?: string }) {
    return t.http().post('/api/iam/posts/reaction/new').set(member.headers).send(target);
  }

  async function postCounts(id: string) {
    const [row] = await t.dataSource.query(
      'SELECT reaction_count, comment_count FROM post WHERE id = $1',
      [id],
    );
    return row;
  }

  /** By type first: the jobs that write them run in parallel, so their times may come in any order. */
  async function notifications(recipient: TestMember) {
    return t.dataSource.query(
      `SELECT type, actor_id, post_id, comment_id, seen FROM notification WHERE user_id = $1
        ORDER BY type, created_at`,
      [recipient.id],
    );
  }

  /** Waits until every outbox row has been relayed and every queued job has run. */
  async function settled() {
    await eventually(async () => {
      const [{ pending }] = await t.dataSource.query(
        'SELECT count(*)::int AS pending FROM outbox_message WHERE dispatched_at IS NULL',
      );
      expect(pending).toBe(0);
    });
    await t.app.get(OutboxRelay).relayOnce();
    const { JobQueue } = await import('../../src/platform/queues/job-queue.service');
    await eventually(async () => {
      const counts = await t.app.get(JobQueue).queue('notifications').getJobCounts();
      expect((counts.waiting ?? 0) + (counts.active ?? 0) + (counts.delayed ?? 0)).toBe(0);
    });
  }

  describe('comments', () => {
    it('threads replies by level, lists them oldest first with responders and paging', async () => {
      const post = await createPost(t, author);
      const top = await comment(other, post.random_id, '  Lovely!  ').expect(201);
      expect(top.body.data).toMatchObject({
        post_id: post.id,
        parent_id: null,
        level: 0,
        content: 'Lovely!',
        user_id: other.id,
        reaction_count: 0,
        my_reaction_id: null,
      });
      let parent = top.body.data.id;
      for (let level = 1; level <= 6; level += 1) {
        const reply = await comment(
          level % 2 ? author : other,
          post.random_id,
          `reply ${level}`,
          parent,
        ).expect(201);
        expect(reply.body.data.level).toBe(level);
        parent = reply.body.data.id;
      }
      const tooDeep = await comment(author, post.random_id, 'too deep', parent).expect(400);
      expect(tooDeep.body.error.code).toBe('REPLY_TOO_DEEP');
      // A parent from another post is not a parent here.
      const elsewhere = await createPost(t, author);
      await comment(other, elsewhere.id, 'wrong thread', top.body.data.id).expect(404);
      expect((await postCounts(post.id)).comment_count).toBe(7);

      const first = await t
        .http()
        .get(`/api/iam/posts/comments/${post.random_id}?take=4`)
        .expect(200);
      expect(first.body.data.items.map((item: { level: number }) => item.level)).toEqual([
        0, 1, 2, 3,
      ]);
      expect(first.body.responders.map((r: { uuid: string }) => r.uuid).sort()).toEqual(
        [author.id, other.id].sort(),
      );
      const rest = await t
        .http()
        .get(`/api/iam/posts/comments/${post.random_id}`)
        .query({ cursorId: first.body.data.next_cursor, take: '4' })
        .expect(200);
      expect(rest.body.data.items.map((item: { level: number }) => item.level)).toEqual([4, 5, 6]);
      expect(rest.body.data.next_cursor).toBeNull();
      await t.http().get(`/api/iam/posts/comments/${post.id}?cursorId=nonsense`).expect(400);
      await t.http().get(`/api/iam/posts/comments/${post.id}?take=lots`).expect(400);
      await t.http().get('/api/iam/posts/comments/AAAAAAAAAA').expect(404);
    });

    it('refuses empty or oversized comments and unknown posts', async () => {
      const post = await createPost(t, author);
      for (const content of ['', '   ', 'x'.repeat(2001)])
        await comment(other, post.id, content).expect(400);
      expect((await comment(other, 'AAAAAAAAAA', 'hi').expect(404)).body.error.code).toBe(
        'POST_NOT_FOUND',
      );
    });

    it('deletes a comment with all its descendants, and only for its author, the post author or an admin', async () => {
      const post = await createPost(t, author);
      const root = (await comment(other, post.id, 'root').expect(201)).body.data;
      const child = (await comment(third, post.id, 'child', root.id).expect(201)).body.data;
      const grandchild = (await comment(author, post.id, 'grandchild', child.id).expect(201)).body
        .data;
      const sibling = (await comment(third, post.id, 'sibling').expect(201)).body.data;
      await react(author, { commentId: grandchild.id }).expect(201);
      expect((await postCounts(post.id)).comment_count).toBe(4);

      const stranger = await createMember(t, 'registered');
      const refused = await t
        .http()
        .delete('/api/iam/posts/comment')
        .set(stranger.headers)
        .send({ id: root.id, uuid: stranger.id })
        .expect(403);
      expect(refused.body.error.code).toBe('NOT_THE_AUTHOR');
      await t
        .http()
        .delete('/api/iam/posts/comment')
        .set(stranger.headers)
        .send({ id: root.id, uuid: other.id })
        .expect(403);
      // The author of a reply cannot delete the comment it replies to.
      await t
        .http()
        .delete('/api/iam/posts/comment')
        .set(third.headers)
        .send({ id: root.id, uuid: third.id })
        .expect(403);

      const deleted = await t
        .http()
        .delete('/api/iam/posts/comment')
        .set(other.headers)
        .send({ id: root.id, uuid: other.id })
        .expect(200);
      expect(deleted.body.data.deleted).toEqual([root.id, child.id, grandchild.id]);
      const left = await t.http().get(`/api/iam/posts/comments/${post.id}`).expect(200);
      expect(left.body.data.items.map((item: { id: string }) => item.id)).toEqual([sibling.id]);
      expect((await postCounts(post.id)).comment_count).toBe(1);
      const [{ reactions }] = await t.dataSource.query(
        'SELECT count(*)::int AS reactions FROM reaction WHERE comment_id = $1',
        [grandchild.id],
      );
      expect(reactions).toBe(0);
      await t
        .http()
        .delete('/api/iam/posts/comment')
        .set(other.headers)
        .send({ id: root.id, uuid: other.id })
        .expect(404);

      // The post's author may delete anyone's comment on it; so may an admin.
      await t
        .http()
        .delete('/api/iam/posts/comment')
        .set(author.headers)
        .send({ id: sibling.id, uuid: author.id })
        .expect(200);
      const another = (await comment(third, post.id, 'again').expect(201)).body.data;
      const admin = await createMember(t, 'admin');
      await t
        .http()
        .delete('/api/iam/posts/comment')
        .set(admin.headers)
        .send({ id: another.id, uuid: admin.id })
        .expect(200);
      expect((await postCounts(post.id)).comment_count).toBe(0);
    });

    it('keeps comment_count exact under 50 parallel comments and deletes', async () => {
      const post = await createPost(t, author);
      const commenters = await Promise.all(
        Array.from({ length: 10 }, () => createMember(t, 'registered')),
      );
      const responses = await Promise.all(
        Array.from({ length: 50 }, (_, i) => comment(commenters[i % 10], post.id, `c${i}`)),
      );
      expect(responses.map((response) => response.status)).toEqual(Array(50).fill(201));
      expect((await postCounts(post.id)).comment_count).toBe(50);
      // Replies and deletions racing each other.
      const ids = responses.map((response) => response.body.data.id as string);
      const mixed = await Promise.all([
        ...ids.slice(0, 20).map((id, i) =>
          t
            .http()
            .delete('/api/iam/posts/comment')
            .set(commenters[i % 10].headers)
            .send({ id, uuid: commenters[i % 10].id }),
        ),
        ...ids.slice(0, 30).map((id, i) => comment(commenters[(i + 1) % 10], post.id, `r${i}`, id)),
      ]);
      expect(mixed.every((response) => [200, 201, 404].includes(response.status))).toBe(true);
      const [{ actual }] = await t.dataSource.query(
        'SELECT count(*)::int AS actual FROM comment WHERE post_id = $1',
        [post.id],
      );
      expect((await postCounts(post.id)).comment_count).toBe(actual);
    });
  });

  describe('reactions', () => {
    it('reacts once per member, counts, shows my_reaction_id, and removes only one’s own', async () => {
      const post = await createPost(t, author);
      const created = await react(other, { postId: post.random_id }).expect(201);
      expect(created.body.data).toEqual({ id: expect.any(String), reaction_count: 1 });
      const again = await react(other, { postId: post.id }).expect(409);
      expect(again.body.error).toMatchObject({
        code: 'ALREADY_REACTED',
        details: { id: created.body.data.id },
      });
      expect((await postCounts(post.id)).reaction_count).toBe(1);
      const seen = await t.http().get(`/api/iam/posts/${post.random_id}`).set(other.headers);
      expect(seen.body.data.my_reaction_id).toBe(created.body.data.id);
      const asGuest = await t.http().get(`/api/iam/posts/${post.random_id}`);
      expect(asGuest.body.data.my_reaction_id).toBeNull();

      // Nobody else may remove it, not even the post's author.
      for (const member of [author, third]) {
        const refused = await t
          .http()
          .delete('/api/iam/posts/reaction')
          .set(member.headers)
          .send({ id: created.body.data.id })
          .expect(403);
        expect(refused.body.error.code).toBe('NOT_THE_AUTHOR');
      }
      await t
        .http()
        .delete('/api/iam/posts/reaction')
        .set(other.headers)
        .send({ id: created.body.data.id })
        .expect(200, { status: 'success', data: { reaction_count: 0 } });
      await t
        .http()
        .delete('/api/iam/posts/reaction')
        .set(other.headers)
        .send({ id: created.body.data.id })
        .expect(404);
    });

    it('reacts to comments too, and needs exactly one target', async () => {
      const post = await createPost(t, author);
      const note = (await comment(other, post.id, 'note').expect(201)).body.data;
      const created = await react(author, { commentId: note.id }).expect(201);
      expect(created.body.data.reaction_count).toBe(1);
      const list = await t.http().get(`/api/iam/posts/comments/${post.id}`).set(author.headers);
      expect(list.body.data.items[0]).toMatchObject({
        reaction_count: 1,
        my_reaction_id: created.body.data.id,
      });
      expect((await postCounts(post.id)).reaction_count).toBe(0);
      await react(author, {}).expect(400);
      await react(author, { postId: post.id, commentId: note.id }).expect(400);
      await react(author, { commentId: '5f0c7b8e-2f4b-4a43-9d1b-8f7a2f1c9e11' }).expect(404);
      await t
        .http()
        .delete('/api/iam/posts/reaction')
        .set(author.headers)
        .send({ id: created.body.data.id })
        .expect(200, { status: 'success', data: { reaction_count: 0 } });
    });

    it('counts exactly under 50 parallel reactions, and 50 parallel duplicates make one', async () => {
      const post = await createPost(t, author);
      const reactors = await Promise.all(
        Array.from({ length: 50 }, () => createMember(t, 'registered')),
      );
      const responses = await Promise.all(
        reactors.map((member) => react(member, { postId: post.id })),
      );
      expect(responses.map((response) => response.status)).toEqual(Array(50).fill(201));
      expect((await postCounts(post.id)).reaction_count).toBe(50);
      expect(new Set(responses.map((response) => response.body.data.reaction_count)).size).toBe(50);

      const duplicates = await Promise.all(
        Array.from({ length: 50 }, () => react(third, { postId: post.id })),
      );
      expect(duplicates.filter((response) => response.status === 201)).toHaveLength(1);
      expect(duplicates.filter((response) => response.status === 409)).toHaveLength(49);
      expect((await postCounts(post.id)).reaction_count).toBe(51);
      const [{ rows }] = await t.dataSource.query(
        'SELECT count(*)::int AS rows FROM reaction WHERE post_id = $1 AND user_id = $2',
        [post.id, third.id],
      );
      expect(rows).toBe(1);

      // And 50 parallel removals leave exactly the remaining count.
      const removals = await Promise.all(
        responses
          .slice(0, 25)
          .map((response, i) =>
            t
              .http()
              .delete('/api/iam/posts/reaction')
              .set(reactors[i].headers)
              .send({ id: response.body.data.id }),
          ),
      );
      expect(removals.every((response) => response.status === 200)).toBe(true);
      expect((await postCounts(post.id)).reaction_count).toBe(26);
    });
  });

  describe('notifications', () => {
    it('notifies the post author of comments and reactions once, never of their own', async () => {
      const poster = await createMember(t, 'registered');
      const fan = await createMember(t, 'registered');
      const post = await createPost(t, poster);
      const first = (await comment(fan, post.id, 'Nice').expect(201)).body.data;
      const reaction = (await react(fan, { postId: post.id }).expect(201)).body.data;
      // Reacting again after taking it back does not notify twice.
      await t
        .http()
        .delete('/api/iam/posts/reaction')
        .set(fan.headers)
        .send({ id: reaction.id })
        .expect(200);
      await react(fan, { postId: post.id }).expect(201);
      // The author's own comment and reaction notify nobody.
      const own = (await comment(poster, post.id, 'Thanks').expect(201)).body.data;
      await react(poster, { postId: post.id }).expect(201);
      await react(poster, { commentId: own.id }).expect(201);
      await settled();

      expect(await notifications(poster)).toEqual([
        { type: 'comment', actor_id: fan.id, post_id: post.id, comment_id: first.id, seen: false },
        { type: 'reaction', actor_id: fan.id, post_id: post.id, comment_id: null, seen: false },
      ]);
      expect(await notifications(fan)).toEqual([]);
    });

    it('notifies the parent comment’s author of a reply, but nobody of a reply to oneself', async () => {
      const poster = await createMember(t, 'registered');
      const fan = await createMember(t, 'registered');
      const post = await createPost(t, poster);
      const question = (await comment(fan, post.id, 'Where from?').expect(201)).body.data;
      const answer = (await comment(poster, post.id, 'A market', question.id).expect(201)).body
        .data;
      // Replying to one's own comment, and the post author replying to their own reply.
      await comment(fan, post.id, 'Also…', question.id).expect(201);
      await comment(poster, post.id, '…and a friend', answer.id).expect(201);
      await react(fan, { commentId: answer.id }).expect(201);
      await settled();

      expect(await notifications(fan)).toEqual([
        {
          type: 'comment',
          actor_id: poster.id,
          post_id: post.id,
          comment_id: answer.id,
          seen: false,
        },
      ]);
      expect(await notifications(poster)).toEqual([
        {
          type: 'comment',
          actor_id: fan.id,
          post_id: post.id,
          comment_id: question.id,
          seen: false,
        },
        {
          type: 'reaction',
          actor_id: fan.id,
          post_id: post.id,
          comment_id: answer.id,
          seen: false,
        },
      ]);
    });

    it('writes the job with the comment and runs it idempotently', async () => {
      const poster = await createMember(t, 'registered');
      const fan = await createMember(t, 'registered');
      const post = await createPost(t, poster);
      const note = (await comment(fan, post.id, 'Hello').expect(201)).body.data;
      const [job] = await t.dataSource.query(
        "SELECT queue, job_name, payload, job_id FROM outbox_message WHERE payload->>'commentId' = $1",
        [note.id],
      );
      expect(job).toEqual({
        queue: 'notifications',
        job_name: 'comment-created',
        payload: { commentId: note.id, actorId: fan.id, postId: post.id, parentId: null },
        job_id: `comment-created.${note.id}`,
      });
      await settled();
      const { CommentCreatedJob } =
        await import('../../src/modules/content/jobs/comment-created.job');
      await t.app.get(CommentCreatedJob).handle(job.payload);
      expect(await notifications(poster)).toHaveLength(1);
    });

    it('writes nothing, and does not retry, when the cause is deleted before the notice runs', async () => {
      const poster = await createMember(t, 'registered');
      const fan = await createMember(t, 'registered');
      const post = await createPost(t, poster);
      const note = (await comment(fan, post.id, 'Soon gone').expect(201)).body.data;
      await settled();
      await t.dataSource.query('DELETE FROM notification WHERE user_id = $1', [poster.id]);
      await t.dataSource.query('DELETE FROM post WHERE id = $1', [post.id]);
      const { NotifyJob } = await import('../../src/modules/notifications/jobs/notify.job');
      // The notice was decided while the post existed; by the time it runs, the post is gone.
      await expect(
        t.app.get(NotifyJob).handle({
          type: 'comment',
          recipientId: poster.id,
          actorId: fan.id,
          postId: post.id,
          commentId: note.id,
          dedupeKey: `comment:${note.id}`,
        }),
      ).resolves.toBeUndefined();
      expect(await notifications(poster)).toEqual([]);
    });
  });
});
