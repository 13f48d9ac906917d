import { postPageSql } from '../../src/modules/content/feed.queries';
import { GUEST, type Viewer } from '../../src/platform/access/viewer';
import { createPost } from '../support/content';
import { createMember, type TestMember } from '../support/members';
import { startTestApp, type TestApp } from '../support/test-app';

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  Plans?: PlanNode[];
}

function nodes(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodes)];
}

/**
 * What a feed read costs does not grow with the table: a tag's feed starts from the tag's own
 * rows, whatever the age of its newest post, and the site's counts are kept, not counted. The
 * kept copies (post_tag.bumped_at, post_tally) stay exact through every kind of write.
 */
describe('content: feed reads that do not grow with the posts', () => {
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

  async function tagId(name: string): Promise<number> {
    const [row] = await t.dataSource.query('SELECT id FROM tag WHERE name = $1', [name]);
    return row.id;
  }

  /** Many newer public posts without the tag, written straight to the table. */
  async function newerPosts(count: number) {
    await t.dataSource.query(
      `INSERT INTO post (random_id, type, user_id, text, privacy, created_at, updated_at, bumped_at)
       SELECT substr(md5(random()::text || n), 1, 10), 'text/image', $1, 'newer', 'public',
              now() + n * interval '1 second', now() + n * interval '1 second', now() + n * interval '1 second'
         FROM generate_series(1, $2) AS n`,
      [author.id, count],
    );
    await t.dataSource.query('ANALYZE post; ANALYZE post_tag');
  }

  it('reads a tag not used lately from the tag’s own rows, not down the whole feed', async () => {
    const old = await createPost(t, author, { tags: ['costs-forgotten'] });
    await newerPosts(400);
    const id = await tagId('costs-forgotten');
    const member: Viewer = { kind: 'member', userId: reader.id, admin: false, verified: true };
    for (const viewer of [GUEST, member]) {
      const sql = postPageSql(viewer, { tagId: id }, null, 21);
      const [
        {
          'QUERY PLAN': [{ Plan }],
        },
      ] = await t.dataSource.transaction(async (manager) => {
        // Planning for a table of millions on a table of a few hundred rows: take an index.
        await manager.query('SET LOCAL enable_seqscan = off');
        return manager.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${sql.text}`, sql.values);
      });
      const all = nodes(Plan as PlanNode);
      expect(all.map((node) => node['Index Name']).filter(Boolean)).toContain('post_tag_feed_idx');
      // Every node handles the one tagged post, not the 400 newer posts above it.
      const rowsRead = Math.max(
        ...all.map((node) => (node['Actual Rows'] ?? 0) * (node['Actual Loops'] ?? 1)),
      );
      expect(rowsRead).toBeLessThanOrEqual(2);
    }
    const feed = await t.http().get('/api/posts/tag/costs-forgotten').expect(200);
    expect(feed.body.data.items.map((item: { id: string }) => item.id)).toEqual([old.id]);
  });

  it('keeps a tag’s feed in bump order through edits (post_tag follows the post)', async () => {
    const first = await createPost(t, author, { tags: ['costs-bumped'] });
    const second = await createPost(t, author, { tags: ['costs-bumped'] });
    const order = async () =>
      (await t.http().get('/api/posts/tag/costs-bumped').expect(200)).body.data.items.map(
        (item: { id: string }) => item.id,
      );
    expect(await order()).toEqual([second.id, first.id]);
    await t
      .http()
      .put('/api/iam/posts/update/textandtags')
      .set(author.headers)
      .send({ postId: first.random_id, text: 'edited', tags: ['costs-bumped', 'costs-other'] })
      .expect(200);
    expect(await order()).toEqual([first.id, second.id]);
    const stale = await t.dataSource.query(
      `SELECT pt.post_id FROM post_tag pt JOIN post p ON p.id = pt.post_id
        WHERE pt.bumped_at <> p.bumped_at`,
    );
    expect(stale).toEqual([]);
  });

  it('keeps the site’s counts exact through creating, hiding, deleting and account deletion', async () => {
    const tallied = async () =>
      t.dataSource.query(
        `SELECT type, privacy, sum(posts)::int AS posts FROM post_tally
          GROUP BY type, privacy HAVING sum(posts) <> 0 ORDER BY type, privacy`,
      );
    const counted = async () =>
      t.dataSource.query(
        `SELECT type, privacy, count(*)::int AS posts FROM post
          GROUP BY type, privacy ORDER BY type, privacy`,
      );
    const leaving = await createMember(t, 'registered');
    const posts = await Promise.all([
      createPost(t, leaving, { privacy: 'public' }),
      createPost(t, leaving, { privacy: 'members' }),
      createPost(t, author, { privacy: 'private' }),
      createPost(t, author, { privacy: 'public', tags: ['costs-counted'] }),
    ]);
    expect(await tallied()).toEqual(await counted());
    await t
      .http()
      .put('/api/iam/posts/privacy')
      .set(author.headers)
      .send({ id: posts[3].id, uuid: author.id, privacy: 'members' })
      .expect(200);
    expect(await tallied()).toEqual(await counted());
    await t
      .http()
      .delete('/api/iam/posts')
      .set(author.headers)
      .send({ postId: posts[2].id, userId: author.id })
      .expect(200);
    expect(await tallied()).toEqual(await counted());
    // A cascade takes every post of the account in one statement.
    await t.dataSource.query('DELETE FROM user_account WHERE id = $1', [leaving.id]);
    expect(await tallied()).toEqual(await counted());

    const guest = await t.http().get('/api/content-items/recent').expect(200);
    const [expected] = await t.dataSource.query(
      `SELECT count(*)::int AS posts, count(*) FILTER (WHERE type = 'plant/image')::int AS plants
         FROM post WHERE privacy = 'public'`,
    );
    expect(guest.body.data.counts).toEqual(expected);
  });
});
