import { STARTER_INTEREST_CATEGORIES } from '../../src/database/migrations/1795400000000-SeedInterestCategories';
import { createMember } from '../support/members';
import { startTestApp, type TestApp } from '../support/test-app';

describe('tags: the starter interest categories of a new site', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('lists every seeded category with its children, by name', async () => {
    const response = await t.http().get('/api/iam/tags/interest-cat-tags').expect(200);
    const categories = response.body.data as Array<{
      name: string;
      is_parent: boolean;
      children: Array<{ name: string; parent_id: number }>;
    }>;
    expect(categories.map((category) => category.name)).toEqual(
      Object.keys(STARTER_INTEREST_CATEGORIES).sort(),
    );
    for (const category of categories) {
      expect(category.is_parent).toBe(true);
      expect(category.children.map((child) => child.name)).toEqual(
        [...STARTER_INTEREST_CATEGORIES[category.name]].sort(),
      );
    }
  });

  it('lets a member follow a starter tag', async () => {
    const member = await createMember(t, 'registered');
    const [{ id }] = await t.dataSource.query("SELECT id FROM tag WHERE name = 'ferns'");
    await t
      .http()
      .post('/api/iam/tags/new-interests')
      .set(member.headers)
      .send({ tagIdArr: [id], interestType: 'grow' })
      .expect(200);
    const [row] = await t.dataSource.query('SELECT follower_count FROM tag WHERE id = $1', [id]);
    expect(row.follower_count).toBe(1);
  });
});
