import { deleteUnreferencedLocations } from '../../src/modules/events/location-cleanup.queries';
import { dateIn } from '../support/events';
import { createMember, type TestMember } from '../support/members';
import { appPerSuite } from '../support/suite-app';
import { eventually, type TestApp } from '../support/test-app';

interface Run {
  id: string;
  kind: string;
  state: string;
  progress: { total: number; done: number; removed: number; repointed: number; finished: boolean };
}

describe('admin: location cleanups as jobs (DELETE admin/location-duplicates, admin/orphaned-locations)', () => {
  let t: TestApp;
  let admin: TestMember;
  let creator: TestMember;
  appPerSuite(
    async (app) => {
      t = app;
      admin = await createMember(t, 'admin');
      creator = await createMember(t, 'trusted');
    },
    { env: { WORKERS: 'inline' } },
  );

  const call = (method: 'get' | 'delete', path: string, who: TestMember | null = admin) => {
    const request = t.http()[method](path).set('client-platform', 'browser');
    return who ? request.set(who.headers) : request;
  };

  /** A one-off event (a repeating one could get dates from the extend-event-dates timer meanwhile). */
  async function newEvent(location: Record<string, unknown>): Promise<string> {
    const response = await t
      .http()
      .post('/api/iam/events/new')
      .set(creator.headers)
      .send({
        title: 'Seed swap',
        time_zone: 'Australia/Melbourne',
        start_date: dateIn(2),
        start_time: '09:00',
        end_time: '11:00',
        location,
      });
    expect(response.status).toBe(201);
    return response.body.data.id;
  }

  async function insertLocation(name: string, hoursAgo = 0): Promise<string> {
    const [row] = await t.dataSource.query(
      `INSERT INTO event_location (name, state, latitude, longitude, created_at)
       VALUES ($1, 'Victoria', -37.8, 144.97, now() - make_interval(hours => $2)) RETURNING id`,
      [name, hoursAgo],
    );
    return row.id;
  }

  /** Every reference to a place: which row of which table points where. */
  async function references(eventIds: string[]) {
    return (await t.dataSource.query(
      `SELECT 'template:' || id AS ref, location_id FROM event_template WHERE event_id = ANY($1::uuid[])
       UNION ALL
       SELECT 'date:' || id, location_id FROM event_specific WHERE event_id = ANY($1::uuid[])
       ORDER BY 1`,
      [eventIds],
    )) as Array<{ ref: string; location_id: string | null }>;
  }

  async function finished(id: string): Promise<Run> {
    return eventually(async () => {
      const response = await call('get', `/api/iam/admin/cleanup-jobs/${id}`);
      expect(response.status).toBe(200);
      expect(response.body.data.state).toBe('completed');
      return response.body.data as Run;
    }, 20_000);
  }

  async function start(path: string): Promise<Run> {
    const response = await call('delete', `/api/iam/admin/${path}`);
    expect(response.status).toBe(202);
    expect(response.body.status).toBe('success');
    expect(response.body.data.id).toMatch(/^\d+$/);
    return response.body.data as Run;
  }

  it('merges duplicate places without losing a reference, and a second run changes nothing', async () => {
    const first = await newEvent({
      name: 'Carlton Library',
      state: 'Victoria',
      latitude: -37.8,
      longitude: 144.97,
    });
    const second = await newEvent({
      name: 'Brunswick Hall',
      state: 'Victoria',
      latitude: -37.77,
      longitude: 144.96,
    });
    const [{ kept }] = await t.dataSource.query(
      `SELECT location_id AS kept FROM event_template WHERE event_id = $1`,
      [first],
    );
    // Legacy data: the same place typed with other spaces, used by another event and one date.
    const duplicate = await insertLocation('  carlton   library ');
    await t.dataSource.query(`UPDATE event_template SET location_id = $1 WHERE event_id = $2`, [
      duplicate,
      second,
    ]);
    await t.dataSource.query(
      `UPDATE event_specific SET location_id = $1
        WHERE id = (SELECT id FROM event_specific WHERE event_id = $2 ORDER BY starts_at LIMIT 1)`,
      [duplicate, first],
    );
    const before = await references([first, second]);
    const onDuplicate = before.filter((row) => row.location_id === duplicate).map((row) => row.ref);
    expect(onDuplicate).toHaveLength(2);

    const queued = await start('location-duplicates');
    expect(queued.kind).toBe('merge-duplicate-locations');
    const run = await finished(queued.id);
    expect(run.progress).toEqual({ total: 1, done: 1, removed: 1, repointed: 2, finished: true });

    const after = await references([first, second]);
    // Same rows, none lost or nulled; those on the duplicate now on the place kept.
    expect(after.map((row) => row.ref)).toEqual(before.map((row) => row.ref));
    for (const row of after) {
      const was = before.find((old) => old.ref === row.ref)?.location_id;
      expect(row.location_id).toBe(was === duplicate ? kept : was);
    }
    expect(
      await t.dataSource.query(`SELECT id FROM event_location WHERE id = $1`, [duplicate]),
    ).toEqual([]);

    const again = await finished((await start('location-duplicates')).id);
    expect(again.progress).toEqual({ total: 0, done: 0, removed: 0, repointed: 0, finished: true });
    expect(await references([first, second])).toEqual(after);
  });

  it('removes only places nothing references, after the grace period', async () => {
    const used = await newEvent({
      name: 'Northcote Garden',
      state: 'Victoria',
      latitude: -37.77,
      longitude: 145,
    });
    const [{ usedPlace }] = await t.dataSource.query(
      `SELECT location_id AS "usedPlace" FROM event_template WHERE event_id = $1`,
      [used],
    );
    await t.dataSource.query(
      `UPDATE event_location SET created_at = now() - interval '1 day' WHERE id = $1`,
      [usedPlace],
    );
    const before = await references([used]);
    const old = await insertLocation('Abandoned Shed', 48);
    const fresh = await insertLocation('Brand New Shed', 0);

    const run = await finished((await start('orphaned-locations')).id);
    expect(run.kind).toBe('remove-orphaned-locations');
    expect(run.progress.finished).toBe(true);
    expect(run.progress.removed).toBeGreaterThanOrEqual(1);

    const left = (await t.dataSource.query(
      `SELECT id FROM event_location WHERE id = ANY($1::uuid[])`,
      [[old, fresh, usedPlace]],
    )) as Array<{ id: string }>;
    expect(left.map((row) => row.id).sort()).toEqual([fresh, usedPlace].sort());
    expect(await references([used])).toEqual(before);
    expect(before.some((row) => row.location_id === usedPlace)).toBe(true);

    const again = await finished((await start('orphaned-locations')).id);
    expect(again.progress.removed).toBe(0);
  });

  it('re-checks in the delete statement itself that nothing references the place', async () => {
    const eventId = await newEvent({
      name: 'Kew Depot',
      state: 'Victoria',
      latitude: -37.8,
      longitude: 145.03,
    });
    const [{ place }] = await t.dataSource.query(
      `SELECT location_id AS place FROM event_template WHERE event_id = $1`,
      [eventId],
    );
    // Asked to delete a referenced place (as if it was found orphaned just before), it keeps it.
    expect(await deleteUnreferencedLocations(t.dataSource, [place])).toBe(0);
    expect(
      await t.dataSource.query(`SELECT id FROM event_location WHERE id = $1`, [place]),
    ).toHaveLength(1);
  });

  it('lists recent runs newest first, and 404s an unknown or foreign job', async () => {
    const queued = await start('orphaned-locations');
    await finished(queued.id);
    const list = await call('get', '/api/iam/admin/cleanup-jobs').expect(200);
    const runs = list.body.data as Run[];
    expect(runs[0].id).toBe(queued.id);
    expect(
      runs.every((run) =>
        ['merge-duplicate-locations', 'remove-orphaned-locations'].includes(run.kind),
      ),
    ).toBe(true);
    await call('get', '/api/iam/admin/cleanup-jobs/999999999').expect(404);
    await call('get', '/api/iam/admin/cleanup-jobs/not-a-job').expect(404);
    await call('get', `/api/iam/admin/cleanup-jobs/${'9'.repeat(5000)}`).expect(404);
  });

  it('is for admins only: members, trusted members and operators get 403, guests 401', async () => {
    for (const kind of ['registered', 'trusted', 'ops'] as const) {
      const member = await createMember(t, kind);
      await call('delete', '/api/iam/admin/location-duplicates', member).expect(403);
      await call('delete', '/api/iam/admin/orphaned-locations', member).expect(403);
      await call('get', '/api/iam/admin/cleanup-jobs', member).expect(403);
    }
    await call('delete', '/api/iam/admin/location-duplicates', null).expect(401);
    const noCsrf = await t
      .http()
      .delete('/api/iam/admin/orphaned-locations')
      .set('authorization', `Bearer ${admin.accessToken}`);
    expect(noCsrf.status).toBe(403);
    expect(noCsrf.body.error.code).toBe('CSRF_FAILED');
  });
});
