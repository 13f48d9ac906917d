import { Client } from 'pg';
import { createMember, type TestMember } from '../support/members';
import { statementsOf } from '../support/sql-statements';
import { eventually, startTestApp, type TestApp } from '../support/test-app';

/**
 * Many posts naming the same tags at once: every post is saved (no deadlock, no lost tag) and
 * each tag's public post count equals its public posts, whatever order the names come in.
 */
describe('content: posts sharing tags, written at once', () => {
  let t: TestApp;
  let members: TestMember[];

  beforeAll(async () => {
    t = await startTestApp();
    members = await Promise.all(Array.from({ length: 8 }, () => createMember(t, 'registered')));
  });
  afterAll(() => t.close());

  const NAMES = ['aroid', 'begonia', 'cactus', 'dracaena', 'echeveria'];

  function create(member: TestMember, index: number) {
    // Rotating and reversing the names gives each request a different order and subset.
    const rotated = [...NAMES.slice(index % 5), ...NAMES.slice(0, index % 5)];
    const tags = (index % 2 ? rotated.reverse() : rotated).slice(0, 2 + (index % 4));
    return t
      .http()
      .post('/api/iam/posts/new')
      .set(member.headers)
      .send({ text: `Post ${index}`, privacy: 'public', tags, photos: [] });
  }

  async function countsMatch() {
    return t.dataSource.query(
      `SELECT t.name, t.post_count,
              (SELECT count(*)::int FROM post_tag pt JOIN post p ON p.id = pt.post_id
                WHERE pt.tag_id = t.id AND p.privacy = 'public') AS public_posts
         FROM tag t WHERE t.name = ANY($1) ORDER BY t.name`,
      [NAMES],
    );
  }

  it('saves every post and counts each tag exactly, creating and then reusing the tags', async () => {
    for (const round of [0, 1]) {
      const responses = await Promise.all(
        Array.from({ length: 24 }, (_, index) =>
          create(members[index % members.length], index + round * 24),
        ),
      );
      expect(responses.map((response) => response.status)).toEqual(Array(24).fill(201));
      for (const [index, response] of responses.entries()) {
        expect(response.body.data.tags).toHaveLength(2 + ((index + round * 24) % 4));
      }
    }
    const rows = await countsMatch();
    expect(rows).toHaveLength(NAMES.length);
    for (const row of rows) expect(row.post_count).toBe(row.public_posts);
  });

  it('takes over a tag another transaction creates while the post is being written', async () => {
    // The other writer's tag is not in the post statement's snapshot: its insert waits for the
    // other transaction, then takes the committed tag over, in the same single statement.
    const other = new Client({ connectionString: t.databaseUrl });
    await other.connect();
    try {
      await other.query('BEGIN');
      const [created] = (
        await other.query(
          `INSERT INTO tag (name, post_count) VALUES ('late-fern', 0) RETURNING id, name`,
        )
      ).rows;
      const written = statementsOf(() =>
        t
          .http()
          .post('/api/iam/posts/new')
          .set(members[0].headers)
          .send({ text: 'Late', privacy: 'public', tags: ['late-fern', 'aroid'], photos: [] }),
      );
      await eventually(async () => {
        const [{ waiting }] = await t.dataSource.query(
          `SELECT count(*)::int AS waiting FROM pg_stat_activity
            WHERE datname = current_database() AND wait_event_type = 'Lock'
              AND query LIKE '%post_tags_found%'`,
        );
        expect(waiting).toBe(1);
      });
      await other.query('COMMIT');
      const { answer, sql } = await written;
      expect(answer.status).toBe(201);
      expect(answer.body.data.tags).toContainEqual(created);
      // Taken over, not failed and run again.
      expect(sql.filter((text) => text.startsWith('WITH post_tags_found'))).toHaveLength(1);
      const [tag] = await t.dataSource.query(
        `SELECT post_count, (SELECT count(*)::int FROM tag_namer n WHERE n.tag_id = tag.id AND n.user_id = $2) AS named
           FROM tag WHERE id = $1`,
        [created.id, members[0].id],
      );
      expect(tag).toEqual({ post_count: 1, named: 1 });
    } finally {
      await other.end();
    }
  });

  it('keeps the counts exact when posts sharing tags are deleted at once', async () => {
    const posts: Array<{ id: string; user_id: string }> = await t.dataSource.query(
      'SELECT p.id, p.user_id FROM post p WHERE p.user_id = ANY($1::uuid[]) ORDER BY p.id LIMIT 20',
      [members.map((member) => member.id)],
    );
    expect(posts).toHaveLength(20);
    const byId = new Map(members.map((member) => [member.id, member]));
    const deleted = await Promise.all(
      posts.map((post) => {
        const author = byId.get(post.user_id) as TestMember;
        return t
          .http()
          .delete('/api/iam/posts')
          .set(author.headers)
          .send({ postId: post.id, userId: author.id });
      }),
    );
    expect(deleted.map((response) => response.status)).toEqual(Array(20).fill(200));
    for (const row of await countsMatch()) expect(row.post_count).toBe(row.public_posts);
  });
});
