import { Client } from 'pg';
import { DATASET_SIZES } from '../../bench/dataset';
import { seedDataset } from '../../bench/dataset/seed';
import { DEMO_EVENTS, eventsStep } from '../../bench/dataset/steps/events';
import { membersStep } from '../../bench/dataset/steps/members';
import { pagesStep } from '../../bench/dataset/steps/pages';
import { startTestApp, type TestApp } from '../support/test-app';
import { createTestDatabase } from '../support/test-database';

/** The demo's events (the members, pages and events steps of the demo seed). */
describe('demo events', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let client: Client;
  let t: TestApp;

  async function seed(db: Client) {
    await seedDataset(db, {
      size: DATASET_SIZES.demo,
      storageDir: '/nonexistent',
      steps: [membersStep, pagesStep, eventsStep],
      epoch: '2030-01-01T00:00:00Z',
      vacuum: false,
      onProgress: () => undefined,
    });
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    client = new Client({ connectionString: database.url });
    await client.connect();
    await seed(client);
    t = await startTestApp({ databaseUrl: database.url });
  }, 60_000);

  afterAll(async () => {
    await t?.close();
    await client?.end();
    await database?.drop();
  });

  it('seeds weekly and monthly events, some of pages, with answers and bring notes', async () => {
    const { rows } = await client.query(
      `SELECT t.frequency, e.page_id IS NOT NULL AS has_page,
              (SELECT count(*)::int FROM event_specific s WHERE s.event_id = e.id) AS dates,
              (SELECT count(*)::int FROM event_attendee a JOIN event_specific s ON s.id = a.specific_id
                WHERE s.event_id = e.id AND a.bring IS NOT NULL) AS notes
         FROM event e JOIN event_template t ON t.event_id = e.id ORDER BY e.created_at DESC`,
    );
    expect(rows).toHaveLength(DEMO_EVENTS.length);
    expect(new Set(rows.map((row) => row.frequency))).toEqual(new Set(['weekly', 'monthly']));
    expect(rows.filter((row) => row.has_page).length).toBeGreaterThanOrEqual(3);
    expect(rows.every((row) => row.dates > 0 && row.notes > 0)).toBe(true);

    const { rows: events } = await client.query(`SELECT random_id, privacy FROM event`);
    for (const event of events) {
      const response = await t.http().get(`/api/events/${event.random_id}`);
      expect(response.status).toBe(event.privacy === 'public' ? 200 : 404);
      if (event.privacy === 'public') {
        const first = response.body.data.dates[0];
        expect(first.counts.going + first.counts.maybe).toBeGreaterThan(0);
      }
    }
  });

  it('is deterministic: the same epoch gives the same rows', async () => {
    const snapshot = async (db: Client) =>
      (
        await db.query(
          `SELECT e.random_id, s.local_date::text, s.starts_at, a.user_id, a.status, a.bring
             FROM event e JOIN event_specific s ON s.event_id = e.id
             LEFT JOIN event_attendee a ON a.specific_id = s.id
            ORDER BY 1, 2, 4`,
        )
      ).rows;
    const other = await createTestDatabase();
    const second = new Client({ connectionString: other.url });
    await second.connect();
    try {
      await seed(second);
      expect(await snapshot(second)).toEqual(await snapshot(client));
    } finally {
      await second.end();
      await other.drop();
    }
  });
});
