import { randomUUID } from 'node:crypto';
import { Sql } from '../../src/platform/database/sql';
import { publicPoint } from '../../src/platform/geo/geo';
import { metresBetween, moved } from '../support/geo-math';
import { createMember, type TestMember } from '../support/members';
import { startTestApp, type TestApp } from '../support/test-app';

/** A local date `days` from today in a zone. */
function dateIn(days: number, timeZone = 'UTC'): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone }).format(
    new Date(Date.now() + days * 86_400_000),
  );
}

interface Summary {
  id: string;
  distance_km: number;
  next_date: { starts_at: string; local_date?: string } | null;
}

/** GET /api/events/all/nearby: server-side cursor paging and the from/to day range. */
describe('nearby events, cursor-paged with a date range', () => {
  let t: TestApp;
  let creator: TestMember;
  // A spot of its own, so rows other runs left elsewhere never fall within 50 km.
  const origin = {
    latitude: Math.round((Math.random() * 100 - 50) * 1e4) / 1e4,
    longitude: Math.round((Math.random() * 300 - 150) * 1e4) / 1e4,
  };
  const made: Array<{ id: string; metres: number; title: string }> = [];
  const tag = randomUUID().slice(0, 8);

  function call(path: string, who: TestMember | null = null) {
    const request = t.http().get(path).set('client-platform', 'browser');
    return who ? request.set(who.headers) : request;
  }

  async function newEvent(
    title: string,
    point: { latitude: number; longitude: number },
    venue: string,
    extra: Record<string, unknown> = {},
  ) {
    const response = await t
      .http()
      .post('/api/iam/events/new')
      .set('client-platform', 'browser')
      .set(creator.headers)
      .send({
        title,
        description: 'Paging test.',
        time_zone: 'UTC',
        start_date: dateIn(2),
        start_time: '10:00',
        end_time: '12:00',
        location: { name: `${venue} ${tag}`, state: 'Test', ...point },
        recurrence: { frequency: 'weekly', count: 4 },
        ...extra,
      });
    expect(response.status).toBe(201);
    made.push({
      id: response.body.data.id,
      metres: metresBetween(origin, publicPoint(point)),
      title,
    });
    return response.body.data;
  }

  const base = () => `/api/events/all/nearby?lat=${origin.latitude}&long=${origin.longitude}`;

  async function everyPage(query: string, take: number): Promise<Summary[][]> {
    const pages: Summary[][] = [];
    let cursor: string | null = null;
    do {
      const response: { body: { data: { items: Summary[]; next_cursor: string | null } } } =
        await call(`${base()}&take=${take}${query}${cursor ? `&cursorId=${cursor}` : ''}`).expect(
          200,
        );
      pages.push(response.body.data.items);
      cursor = response.body.data.next_cursor;
      expect(pages.length).toBeLessThan(50);
    } while (cursor);
    return pages;
  }

  beforeAll(async () => {
    t = await startTestApp({ env: { RATE_LIMITS: 'off' } });
    creator = await createMember(t, 'trusted');
    // Seven places at distinct distances, one of them holding three events …
    for (let index = 0; index < 7; index += 1) {
      const point = moved(origin, 3_000 + index * 5_500, 1_000 * (index % 3));
      await newEvent(`Swap ${index}`, point, `Hall ${index}`);
      if (index === 2) {
        await newEvent(`Swap ${index}b`, point, `Hall ${index}`, { start_date: dateIn(4) });
        await newEvent(`Swap ${index}c`, point, `Hall ${index}`, { start_date: dateIn(3) });
      }
    }
    // … two venues in one ~1 km cell (one distance), and one starting in three weeks, once.
    const cell = moved(origin, -20_000, 0);
    await newEvent('Cell A', cell, 'Cell hall A');
    await newEvent('Cell B', moved(cell, 0, 1), 'Cell hall B');
    expect(publicPoint(moved(cell, 0, 1))).toEqual(publicPoint(cell));
    await newEvent('Later', moved(origin, 0, -9_000), 'Later hall', {
      start_date: dateIn(21),
      recurrence: { frequency: 'once' },
    });
    // Beyond the radius: never listed.
    await newEvent('Far', moved(origin, 80_000, 0), 'Far hall');
  });
  afterAll(() => t.close());

  it('pages through every nearby event once, nearest first, as one long page lists them', async () => {
    const whole = (await call(`${base()}&take=50`).expect(200)).body.data;
    expect(whole.next_cursor).toBeNull();
    const wholeIds = whole.items.map((item: Summary) => item.id);
    const within = made.filter((row) => row.metres <= 50_000);
    expect([...wholeIds].sort()).toEqual(within.map((row) => row.id).sort());
    // Nearest place first (brute force over the public points).
    const metres = new Map(made.map((row) => [row.id, row.metres]));
    const distances = wholeIds.map((id: string) => metres.get(id) as number);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));

    for (const take of [1, 2, 3]) {
      const pages = await everyPage('', take);
      expect(pages.every((page) => page.length <= take)).toBe(true);
      expect(pages.flat().map((item) => item.id)).toEqual(wholeIds);
    }
  });

  it('keeps to the dates in the from/to range, on the server', async () => {
    const from = dateIn(15);
    const to = dateIn(25);
    const pages = await everyPage(`&from=${from}&to=${to}`, 2);
    const items = pages.flat();
    const titles = new Map(made.map((row) => [row.id, row.title]));
    // The weekly ones have no date that late (4 weeks from day 2 end on day 23; three do),
    // and each listed one is listed with its first date in the range.
    expect(items.map((item) => titles.get(item.id))).toContain('Later');
    for (const item of items) {
      const day = item.next_date!.starts_at.slice(0, 10);
      expect(day >= from && day <= to).toBe(true);
    }
    const early = (await call(`${base()}&take=50&to=${dateIn(10)}`).expect(200)).body.data;
    expect(early.items.map((item: Summary) => titles.get(item.id))).not.toContain('Later');
    expect(early.items.length).toBe(made.length - 2);
  });

  it('refuses a bad cursor or range with a 400, and /nearby keeps its bounded list', async () => {
    for (const query of [
      '&cursorId=nonsense!',
      `&cursorId=${Buffer.from('{"d":1}').toString('base64url')}`,
      `&cursorId=${Buffer.from(JSON.stringify({ d: -1, l: randomUUID(), at: '2026-01-01T00:00:00Z', id: randomUUID() })).toString('base64url')}`,
      '&from=2026-02-31',
      '&from=tomorrow',
      '&to=2026-01-01%00',
      '&from=2026-05-02&to=2026-05-01',
      '&from=2026-05-02&from=2026-05-03',
    ]) {
      const response = await call(`${base()}${query}`);
      expect([query, response.status]).toEqual([query, 400]);
    }
    const first = (await call(`${base()}&take=2`).expect(200)).body.data;
    const list = (
      await call(
        `/api/events/nearby?lat=${origin.latitude}&long=${origin.longitude}&take=2`,
      ).expect(200)
    ).body.data;
    expect(list.map((item: Summary) => item.id)).toEqual(
      first.items.map((item: Summary) => item.id),
    );
    const after = (
      await call(
        `/api/events/nearby?lat=${origin.latitude}&long=${origin.longitude}&take=2&cursorId=${first.next_cursor}`,
      ).expect(200)
    ).body.data;
    const second = (await call(`${base()}&take=2&cursorId=${first.next_cursor}`).expect(200)).body
      .data;
    expect(after.map((item: Summary) => item.id)).toEqual(
      second.items.map((item: Summary) => item.id),
    );
  });

  it('reads the places off the public-point GiST index in distance order, on 100,000 events', async () => {
    const centre = { latitude: -37.8136, longitude: 144.9631 };
    await t.dataSource.query(
      `INSERT INTO event_location (id, name, state, latitude, longitude)
       SELECT md5('plan-place' || g)::uuid, 'Plan hall ' || g, 'Plan',
              $1 + (((g::bigint * 7919) % 10007) / 10007.0 - 0.5) * 1.6,
              $2 + (((g::bigint * 104729) % 10009) / 10009.0 - 0.5) * 2.0
         FROM generate_series(1, 100000) AS g`,
      [centre.latitude, centre.longitude],
    );
    await t.dataSource.query(
      `INSERT INTO event (id, random_id, creator_id, privacy)
       SELECT md5('plan-event' || g)::uuid, 'p' || lpad(g::text, 9, '0'), $1,
              CASE WHEN g % 10 = 0 THEN 'members' ELSE 'public' END
         FROM generate_series(1, 100000) AS g`,
      [creator.id],
    );
    await t.dataSource.query(
      `INSERT INTO event_template (event_id, title, time_zone, start_date, start_time, end_time,
                                   rrule, location_id)
       SELECT md5('plan-event' || g)::uuid, 'Plan ' || g, 'UTC', current_date, '10:00', '12:00',
              'DTSTART:20260101T100000', md5('plan-place' || g)::uuid
         FROM generate_series(1, 100000) AS g`,
    );
    await t.dataSource.query(
      `INSERT INTO event_specific (event_id, local_date, starts_at, ends_at)
       SELECT md5('plan-event' || g)::uuid, current_date + (g % 60),
              (current_date + (g % 60))::timestamptz + interval '10 hours',
              (current_date + (g % 60))::timestamptz + interval '12 hours'
         FROM generate_series(1, 100000) AS g`,
    );
    for (const table of ['event_location', 'event', 'event_template', 'event_specific'])
      await t.dataSource.query(`ANALYZE ${table}`);

    const first = await call(
      `/api/events/all/nearby?lat=${centre.latitude}&long=${centre.longitude}&take=20`,
    ).expect(200);
    expect(first.body.data.items).toHaveLength(20);
    const query = jest.spyOn(Sql.prototype, 'query');
    let calls: unknown[][];
    try {
      await call(
        `/api/events/all/nearby?lat=${centre.latitude}&long=${centre.longitude}&take=20` +
          `&from=${dateIn(5)}&to=${dateIn(40)}&cursorId=${first.body.data.next_cursor}`,
      ).expect(200);
    } finally {
      calls = [...query.mock.calls];
      query.mockRestore();
    }
    const places = calls.find(([sql]) => /<->/.test(String(sql)));
    expect(places).toBeDefined();
    const [row] = await t.dataSource.query(
      `EXPLAIN (ANALYZE, FORMAT JSON) ${String(places![0])}`,
      (places![1] ?? []) as unknown[],
    );
    const plan = nodes(row['QUERY PLAN'][0].Plan);
    const scan = plan.find((node) => node['Index Name'] === 'event_location_public_point_gist_idx');
    expect(scan).toMatchObject({ 'Node Type': 'Index Scan' });
    expect(scan?.['Order By']).toContain('<->');
    expect(plan.map((node) => node['Node Type'])).not.toContain('Seq Scan');
    expect(plan.map((node) => node['Node Type'])).not.toContain('Sort');
    expect(scan?.['Actual Rows']).toBeLessThan(1_000);
  }, 180_000);
});

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
