import { createPost, uploadPhotos } from '../support/content';
import { createMember, type TestMember } from '../support/members';
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
