import { Sql } from '../../src/platform/database/sql';
import { createMember, type TestMember } from '../support/members';
import { startTestApp, type TestApp } from '../support/test-app';

const MEMBERS = 100_000;
const MELBOURNE = { latitude: -37.8136, longitude: 144.9631 };

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Order By'?: string;
  'Actual Rows'?: number;
  Plans?: PlanNode[];
}

function nodes(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodes)];
}

/**
 * The people queries on 100,000 members, planned by PostgreSQL with real statistics (no planner
 * switches): each must read its index in order and stop early, never scan or sort every member.
 */
describe('people queries on 100,000 members', () => {
  let t: TestApp;
  let asker: TestMember;

  beforeAll(async () => {
    t = await startTestApp();
    asker = await createMember(t, 'registered', MELBOURNE);
    // Set-based: members around Melbourne (a tenth suspended or unfinished), a few hidden.
    await t.dataSource.query(
      `INSERT INTO user_account (email, password_hash, email_verified_at, username, registered_at,
                                 suspended_at, latitude, longitude)
       SELECT 'bulk' || g || '@plantfolk.test', 'not-a-hash', now(),
              CASE WHEN g % 20 <> 0 THEN 'bulk' || g END,
              CASE WHEN g % 20 <> 0 THEN timestamptz '2026-01-01' + g * interval '1 minute' END,
              CASE WHEN g % 20 = 1 THEN now() END,
              $1 + (((g::bigint * 7919) % 10007) / 10007.0 - 0.5) * 1.6,
              $2 + (((g::bigint * 104729) % 10009) / 10009.0 - 0.5) * 2.0
         FROM generate_series(1, $3::int) AS g`,
      [MELBOURNE.latitude, MELBOURNE.longitude, MEMBERS],
    );
    await t.dataSource.query(
      `INSERT INTO user_settings (user_id, show_in_nearby)
       SELECT id, false FROM user_account WHERE username LIKE 'bulk%7'`,
    );
    await t.dataSource.query('ANALYZE user_account');
    await t.dataSource.query('ANALYZE user_settings');
  }, 180_000);
  afterAll(() => t.close());

  /** The statements a request sends through the app's Sql (captured, then explained). */
  async function statementsOf(send: () => Promise<unknown>): Promise<Array<[string, unknown[]]>> {
    const query = jest.spyOn(t.app.get(Sql), 'query');
    try {
      await send();
      return query.mock.calls.map(([sql, parameters]) => [sql, parameters ?? []]);
    } finally {
      query.mockRestore();
    }
  }

  async function explain(sql: string, parameters: unknown[]): Promise<PlanNode> {
    const [row] = await t.dataSource.query(
      `EXPLAIN (ANALYZE, FORMAT JSON) ${sql}`,
      parameters as unknown[],
    );
    return row['QUERY PLAN'][0].Plan;
  }

  it('finds nearby people by reading the GiST index in distance order', async () => {
    const statements = await statementsOf(() =>
      t
        .http()
        .put('/api/users/nearby')
        .set(asker.headers)
        .send({ userId: asker.id, ...MELBOURNE })
        .expect(200),
    );
    const nearby = statements.find(([sql]) => /<->/.test(sql));
    expect(nearby).toBeDefined();
    const plan = nodes(await explain(...(nearby as [string, unknown[]])));
    const scan = plan.find((node) => node['Index Name'] === 'user_account_public_point_gist_idx');
    expect(scan).toMatchObject({ 'Node Type': 'Index Scan' });
    expect(scan?.['Order By']).toContain('<->');
    expect(plan.map((node) => node['Node Type'])).not.toContain('Seq Scan');
    expect(plan.map((node) => node['Node Type'])).not.toContain('Sort');
    // It stops early: nowhere near every member is read off the index.
    expect(scan?.['Actual Rows']).toBeLessThan(1_000);
  });

  it.each(['newest', 'name'] as const)(
    'pages the directory (%s) off its partial index, deep pages too',
    async (order) => {
      const first = await t.http().get('/api/users').query({ order, take: '50' }).expect(200);
      const statements = await statementsOf(() =>
        t
          .http()
          .get('/api/users')
          .query({ order, take: '50', cursorId: first.body.data.next_cursor })
          .expect(200),
      );
      const page = statements.find(([sql]) => /FROM user_account/.test(sql));
      expect(page).toBeDefined();
      const plan = nodes(await explain(...(page as [string, unknown[]])));
      const types = plan.map((node) => node['Node Type']);
      expect(types).not.toContain('Seq Scan');
      expect(types).not.toContain('Sort');
      expect(plan.map((node) => node['Index Name'])).toContain(
        order === 'newest'
          ? 'user_account_directory_newest_idx'
          : 'user_account_directory_name_idx',
      );
      expect(statements.some(([sql]) => /count\s*\(/i.test(sql))).toBe(false);
    },
  );
});
