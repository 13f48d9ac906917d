import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { seedDemo } from '../../bench/dataset';
import { DEMO_PAGES } from '../../bench/dataset/steps/pages';
import { startTestApp, type TestApp } from '../support/test-app';
import { createTestDatabase } from '../support/test-database';

/** The demo's pages: a handful, with owners, tags, places, handles; the same every time. */
describe('demo pages', () => {
  const seeded: Array<{
    database: Awaited<ReturnType<typeof createTestDatabase>>;
    client: Client;
    storageDir: string;
  }> = [];
  let t: TestApp;
  const now = Date.UTC(2026, 0, 15, 12);

  beforeAll(async () => {
    for (let i = 0; i < 2; i += 1) {
      const database = await createTestDatabase();
      const storageDir = await mkdtemp(join(tmpdir(), 'plantfolk-demo-pages-'));
      const client = new Client({ connectionString: database.url });
      await client.connect();
      const outcome = await seedDemo(client, { storageDir, now, onProgress: () => undefined });
      if (!outcome.seeded) throw new Error(outcome.reason);
      seeded.push({ database, client, storageDir });
    }
    t = await startTestApp({
      databaseUrl: seeded[0].database.url,
      env: { STORAGE_DIR: seeded[0].storageDir },
    });
  }, 120_000);

  afterAll(async () => {
    await t?.close();
    for (const { client, database, storageDir } of seeded) {
      await client.end();
      await database.drop();
      await rm(storageDir, { recursive: true, force: true });
    }
  });

  const snapshot = async (client: Client) =>
    (
      await client.query(
        `SELECT p.id, p.handle, p.name, p.owner_id, p.latitude, p.longitude, u.is_trusted,
                h.owner_type, array_agg(t.name ORDER BY t.name) AS tags,
                (SELECT count(*)::int FROM post po WHERE po.page_id = p.id) AS posts
           FROM page p JOIN user_account u ON u.id = p.owner_id
           JOIN handle h ON h.handle = p.handle AND h.owner_id = p.id
           LEFT JOIN page_tag pt ON pt.page_id = p.id LEFT JOIN tag t ON t.id = pt.tag_id
          GROUP BY p.id, u.is_trusted, h.owner_type ORDER BY p.handle`,
      )
    ).rows;

  it('seeds the named pages with trusted owners, tags, claimed handles and posts', async () => {
    const rows = await snapshot(seeded[0].client);
    expect(rows.map((row) => row.handle)).toEqual(DEMO_PAGES.map((page) => page.handle).sort());
    for (const row of rows) {
      const page = DEMO_PAGES.find((candidate) => candidate.handle === row.handle)!;
      expect(row.name).toBe(page.name);
      expect(row.is_trusted).toBe(true);
      expect(row.owner_type).toBe('page');
      expect(row.tags).toEqual([...page.tags].sort());
      expect(row.latitude).not.toBeNull();
      expect(row.posts).toBeGreaterThan(0);
    }
    expect(new Set(rows.map((row) => row.owner_id)).size).toBe(rows.length);
  });

  it('is deterministic', async () => {
    expect(await snapshot(seeded[1].client)).toEqual(await snapshot(seeded[0].client));
  });

  it('serves them: list, details with posts made as the page, nearby', async () => {
    const list = await t.http().get('/api/page/get-all/0');
    expect(list.status).toBe(200);
    expect(list.body.data.items).toHaveLength(DEMO_PAGES.length);
    const details = await t.http().get(`/api/page/all-details/${DEMO_PAGES[0].handle}`);
    expect(details.status).toBe(200);
    expect(details.body.data.posts.items.length).toBeGreaterThan(0);
    expect(details.body.data.posts.items[0].page.handle).toBe(DEMO_PAGES[0].handle);
    const nearby = await t
      .http()
      .get('/api/page/location/nearby-pages')
      .query({ lat: -37.7984, long: 144.9784 });
    expect(nearby.body.data[0].handle).toBe(DEMO_PAGES[0].handle);
  });
});
