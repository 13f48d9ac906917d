import { Client } from 'pg';
import { createPost, uploadPhotos } from '../support/content';
import { createMember, type TestMember } from '../support/members';
import { redisCommandsOf } from '../support/redis-commands';
import { statementsOf as statementsOfRequest } from '../support/sql-statements';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * How many SQL statements (BEGIN and COMMIT included) each write and hot read sends. The writes
 * do their work in as few round trips as the rules allow, so a hot row (a post's counters) is
 * locked for one statement, not across several.
 */
describe('content: statements per request', () => {
  let t: TestApp;
  let author: TestMember;
  let reader: TestMember;

  beforeAll(async () => {
    t = await startTestApp({ env: { WORKERS: 'off' } });
    [author, reader] = await Promise.all([
      createMember(t, 'registered'),
      createMember(t, 'registered'),
    ]);
  });
  afterAll(() => t.close());
  afterEach(() => jest.restoreAllMocks());

  /** The statements of a request, but for the caller's session lookup (identity's business). */
  const statementsOf = <T>(call: () => Promise<T>) =>
    statementsOfRequest(call, (text) => text.startsWith('SELECT s.csrf_token'));

  function report(name: string, sql: string[]) {
    if (process.env.SHOW_STATEMENTS)
      // eslint-disable-next-line no-console
      console.log(
        `${name}: ${sql.length}\n  ${sql.map((text) => text.slice(0, 110)).join('\n  ')}`,
      );
  }

  it('creates a post with new and existing tags in one statement, answering without a read-back', async () => {
    await createPost(t, author, { tags: ['stmt-fern'] });
    const { answer, sql } = await statementsOf(() =>
      createPost(t, author, { tags: ['stmt-moss', 'stmt-fern'] }),
    );
    report('create post, 2 tags', sql);
    expect(answer.tags.map((tag: { name: string }) => tag.name)).toEqual([
      'stmt-fern',
      'stmt-moss',
    ]);
    expect(sql).toHaveLength(1);
    expect(sql[0]).toMatch(/^WITH post_tags_found AS .* INSERT INTO post /);
    // What the write returned is what a read answers.
    const read = await t.http().get(`/api/post/${answer.random_id}`).expect(200);
    expect(read.body.data.post).toEqual(answer);
  });

  it('creates a post with a photo and a tag in that statement, in a transaction (a refused photo undoes it)', async () => {
    const [photo] = await uploadPhotos(t, author, 1);
    const { answer, sql } = await statementsOf(() =>
      createPost(t, author, {
        tags: ['stmt-fern'],
        photos: [{ ref: photo.ref, alt_text: 'A fern' }],
      }),
    );
    report('create post, photo + tag', sql);
    expect(sql).toHaveLength(3);
    expect(sql[0]).toBe('START TRANSACTION');
    expect(sql[2]).toBe('COMMIT');
    expect(sql.join('\n')).not.toMatch(/SAVEPOINT/);
    expect(answer.photos).toHaveLength(1);
    const read = await t.http().get(`/api/post/${answer.random_id}`).expect(200);
    expect(read.body.data.post).toEqual(answer);
  });

  it('creates a text post with no tags or photos in one statement', async () => {
    const { answer, sql } = await statementsOf(() => createPost(t, author));
    report('create post, text only', sql);
    expect(sql).toHaveLength(1);
    const read = await t.http().get(`/api/post/${answer.random_id}`).expect(200);
    expect(read.body.data.post).toEqual(answer);
  });

  it('reacts, comments and replies in one statement each', async () => {
    const post = await createPost(t, author);
    const reacted = await statementsOf(() =>
      t
        .http()
        .post('/api/iam/posts/reaction/new')
        .set(reader.headers)
        .send({ postId: post.random_id }),
    );
    report('react', reacted.sql);
    expect(reacted.answer.status).toBe(201);
    expect(reacted.sql).toHaveLength(1);
    const commented = await statementsOf(() =>
      t
        .http()
        .post('/api/iam/posts/comment/new')
        .set(reader.headers)
        .send({ postId: post.random_id, content: 'Lovely' }),
    );
    report('comment', commented.sql);
    expect(commented.answer.status).toBe(201);
    expect(commented.sql).toHaveLength(1);
    const replied = await statementsOf(() =>
      t.http().post('/api/iam/posts/comment/new').set(author.headers).send({
        postId: post.random_id,
        content: 'Thanks',
        parentId: commented.answer.body.data.id,
      }),
    );
    expect(replied.answer.status).toBe(201);
    expect(replied.sql).toHaveLength(1);
    const onComment = await statementsOf(() =>
      t
        .http()
        .post('/api/iam/posts/reaction/new')
        .set(author.headers)
        .send({ commentId: commented.answer.body.data.id }),
    );
    expect(onComment.answer.status).toBe(201);
    expect(onComment.sql).toHaveLength(1);
    const [counts] = await t.dataSource.query(
      'SELECT reaction_count, comment_count FROM post WHERE id = $1',
      [post.id],
    );
    expect(counts).toEqual({ reaction_count: 1, comment_count: 2 });
  });

  /**
   * A whole write as the bench sends it (backend/bench/scenarios.ts), everything it waits for: the
   * caller's session lookup (the guard: once, never read again), the write's one statement, and
   * one Redis round trip, the rate limit's script (none with RATE_LIMITS=off, as the bench runs).
   * The raw baseline (bench/raw-baseline.ts) sends the same two statements and no Redis command.
   */
  it('sends the session lookup, one statement and one rate-limit script per write, nothing else', async () => {
    const whole = <T>(call: () => Promise<T>) => redisCommandsOf(() => statementsOfRequest(call));
    const session = /^SELECT s\.csrf_token,.* FROM auth_session s JOIN user_account u /;
    const rateLimit = (name: string) =>
      new RegExp(`^evalsha .*:ratelimit:${name}:user:\\d+:user:${reader.id}$`);

    const post = await whole(() =>
      t
        .http()
        .post('/api/iam/posts/new')
        .set(reader.headers)
        .send({
          text: 'Bench post 1: my cuttings rooted this week.',
          privacy: 'public',
          tags: ['stmt-fern', 'stmt-ivy'],
          photos: [],
        }),
    );
    report('create post (bench), whole request', post.answer.sql);
    expect(post.answer.answer.status).toBe(201);
    expect(post.answer.sql).toHaveLength(2);
    expect(post.answer.sql[0]).toMatch(session);
    expect(post.answer.sql[1]).toMatch(/^WITH post_tags_found AS .* INSERT INTO post /);
    expect(post.commands).toHaveLength(1);
    expect(post.commands[0]).toMatch(rateLimit('post-write'));

    const postId = post.answer.answer.body.data.random_id;
    const commented = await whole(() =>
      t
        .http()
        .post('/api/iam/posts/comment/new')
        .set(reader.headers)
        .send({ postId, content: 'Lovely! How often do you water it?' }),
    );
    report('comment (bench), whole request', commented.answer.sql);
    expect(commented.answer.answer.status).toBe(201);
    expect(commented.answer.sql).toHaveLength(2);
    expect(commented.answer.sql[0]).toMatch(session);
    expect(commented.answer.sql[1]).toMatch(/^WITH target AS .* INSERT INTO comment /);
    expect(commented.commands).toHaveLength(1);
    expect(commented.commands[0]).toMatch(rateLimit('comment-write'));

    const reacted = await whole(() =>
      t.http().post('/api/iam/posts/reaction/new').set(reader.headers).send({ postId }),
    );
    report('react (bench), whole request', reacted.answer.sql);
    expect(reacted.answer.answer.status).toBe(201);
    expect(reacted.answer.sql).toHaveLength(2);
    expect(reacted.answer.sql[0]).toMatch(session);
    expect(reacted.answer.sql[1]).toMatch(/^WITH target AS .* INSERT INTO reaction /);
    expect(reacted.commands).toHaveLength(1);
    expect(reacted.commands[0]).toMatch(rateLimit('reaction'));

    // Reacting again: still the one statement, which finds the earlier reaction itself.
    const again = await whole(() =>
      t.http().post('/api/iam/posts/reaction/new').set(reader.headers).send({ postId }),
    );
    expect(again.answer.answer.status).toBe(409);
    expect(again.answer.answer.body.error.details).toEqual({
      id: reacted.answer.answer.body.data.id,
    });
    expect(again.answer.sql).toHaveLength(2);
  });

  it('sends the session lookup and each write as a prepared statement (parsed and planned once per connection)', async () => {
    const post = await createPost(t, author);
    const named: Array<string | undefined> = [];
    const original = Client.prototype.query;
    jest.spyOn(Client.prototype, 'query').mockImplementation(function (
      this: Client,
      ...args: unknown[]
    ) {
      const config = args[0];
      named.push(
        typeof config === 'object' && config !== null && 'name' in config
          ? String((config as { name: unknown }).name)
          : undefined,
      );
      return (original as (...args: unknown[]) => unknown).apply(this, args);
    } as typeof Client.prototype.query);
    const send = () =>
      t
        .http()
        .post('/api/iam/posts/comment/new')
        .set(reader.headers)
        .send({ postId: post.random_id, content: 'Lovely' })
        .expect(201);
    await send();
    await send();
    await t
      .http()
      .post('/api/iam/posts/reaction/new')
      .set(reader.headers)
      .send({ postId: post.random_id })
      .expect(201);
    await t
      .http()
      .post('/api/iam/posts/new')
      .set(reader.headers)
      .send({ text: 'Prepared', privacy: 'public', tags: ['stmt-fern'], photos: [] })
      .expect(201);
    jest.restoreAllMocks();
    expect(named).toHaveLength(8);
    expect(named.every((name) => typeof name === 'string' && name.startsWith('pf_'))).toBe(true);
    // The same text, the same name (both comments, and every session lookup); one per statement kind.
    expect(named[0]).toBe(named[2]);
    expect(named[1]).toBe(named[3]);
    expect(new Set(named).size).toBe(4);
  });

  it('reads the guests feed, any page, without counting posts', async () => {
    for (let i = 0; i < 22; i += 1) await createPost(t, author, { tags: ['stmt-fern'] });
    const first = await statementsOf(() => t.http().get('/api/content-items/recent').expect(200));
    report('guest feed', first.sql);
    const more = await statementsOf(() =>
      t.http().get(`/api/content-items/more/${first.answer.body.data.next_cursor}`).expect(200),
    );
    for (const { sql } of [first, more]) {
      expect(sql.filter((text) => /count\(/i.test(text))).toEqual([]);
      expect(sql.length).toBeLessThanOrEqual(5);
    }
    const tag = await statementsOf(() => t.http().get('/api/posts/tag/stmt-fern').expect(200));
    report('tag feed', tag.sql);
    expect(tag.sql.length).toBeLessThanOrEqual(5);
  });
});
