import {
  distanceToPublicPointSql,
  publicEarthSql,
  publicPoint,
  type LatLng,
} from '../../src/platform/geo/geo';
import { Sql } from '../../src/platform/database/sql';
import { createPlant } from '../support/content';
import { createMember, type TestMember } from '../support/members';
import { startTestApp, type TestApp } from '../support/test-app';
import { metresBetween, towards } from '../support/geo-math';

/** Somewhere in the South Pacific: no other member of this file lives within 1,000 km. */
const SOMEWHERE = { latitude: -33.2468, longitude: -150.7313 };

describe('nearby: what a guest learns of where a member lives', () => {
  let t: TestApp;
  let member: TestMember;

  beforeAll(async () => {
    t = await startTestApp({ env: { WORKERS: 'inline' } });
    member = await createMember(t, 'registered', SOMEWHERE);
    await createPlant(t, member);
  });
  afterAll(() => t.close());

  const moveHome = (home: LatLng) =>
    t.dataSource.query('UPDATE user_account SET latitude = $2, longitude = $3 WHERE id = $1', [
      member.id,
      home.latitude,
      home.longitude,
    ]);

  /**
   * The trilateration that pinned a member to ~100 m: a guest asks from points all around the area
   * (and from the homes themselves), at the smallest radii the API takes, and writes down every
   * answer: which listings, at what distance, and whose.
   */
  async function probe(around: LatLng, homes: LatLng[]): Promise<string[]> {
    const points: LatLng[] = [...homes];
    for (const ring of [150, 400, 800, 1200, 1800, 2600])
      for (let bearing = 0; bearing < 360; bearing += 30)
        points.push(towards(around, ring, bearing));
    const asks = points.flatMap((point) =>
      [0.1, 0.5, 1, 1.5, 2, 2.5, 3].map((radius_km) => ({ ...point, radius_km })),
    );
    const answers: string[] = [];
    for (let start = 0; start < asks.length; start += 8) {
      const batch = asks.slice(start, start + 8);
      const responses = await Promise.all(
        batch.map((body) => t.http().put('/api/plants/avail-nearby').send(body).expect(200)),
      );
      answers.push(
        ...responses.map((response, index) =>
          JSON.stringify({
            ask: batch[index],
            found: response.body.data.map((item: { id: string; distance_km: number }) => [
              item.id,
              item.distance_km,
            ]),
            responders: response.body.responders,
          }),
        ),
      );
    }
    return answers;
  }

  it('answers every probe the same for two homes over a kilometre apart in one grid cell', async () => {
    // Two homes 1.36 km apart, on either side of the centre of the grid cell they share.
    const centre = publicPoint(SOMEWHERE);
    const southWest = towards(centre, 680, 225);
    const northEast = towards(centre, 680, 45);
    expect(publicPoint(southWest)).toEqual(centre);
    expect(publicPoint(northEast)).toEqual(centre);
    expect(metresBetween(southWest, northEast)).toBeGreaterThan(1_000);

    await moveHome(southWest);
    const fromSouthWest = await probe(centre, [southWest, northEast]);
    await moveHome(northEast);
    const fromNorthEast = await probe(centre, [southWest, northEast]);

    // The probes did find the member (at whole-km distances), so the answers are not vacuous...
    const sightings = fromSouthWest.filter((answer) => !answer.includes('"found":[]'));
    expect(sightings.length).toBeGreaterThan(fromSouthWest.length / 2);
    // ...and no answer differs: nothing a guest can ask tells these homes apart, so whatever they
    // estimate is at least 500 m from one of them (half of the 1 km between them).
    const differing = fromSouthWest.filter((answer, index) => answer !== fromNorthEast[index]);
    expect({ differing: differing.length, first: differing[0] }).toEqual({ differing: 0 });
  });

  it('measures on the GiST index over the public point', async () => {
    await moveHome(SOMEWHERE);
    // Members' nearby search runs on its own, on the pool (not through a query runner).
    const query = jest.spyOn(t.app.get(Sql), 'query');
    await t
      .http()
      .put('/api/plants/avail-nearby')
      .send({ ...SOMEWHERE, radius_km: 5 })
      .expect(200);
    const nearby = query.mock.calls.find(([sql]) => /<->/.test(sql));
    query.mockRestore();
    expect(nearby).toBeDefined();
    const [sql, parameters] = nearby as [string, unknown[]];
    const plan = await t.dataSource.transaction(async (manager) => {
      // Planning for a table of millions on a table of a few rows: take the index when it can.
      await manager.query('SET LOCAL enable_seqscan = off');
      // ...and read it in distance order rather than fetch and sort (PeopleNearby's partial
      // indexes would otherwise do for a table of a few rows).
      await manager.query('SET LOCAL enable_sort = off');
      return JSON.stringify(await manager.query(`EXPLAIN (FORMAT JSON) ${sql}`, parameters));
    });
    // The listings carry their owner's public point: the index over available listings' points.
    expect(plan).toContain('"Index Name":"plant_available_point_gist_idx"');
  });

  it('computes the same public point in SQL as in TypeScript', async () => {
    const points: LatLng[] = [];
    for (let latitude = -84.5; latitude <= 84.5; latitude += 1.3)
      for (let longitude = -179.97; longitude <= 180; longitude += 7.13)
        points.push({ latitude: latitude + longitude / 1_000, longitude });
    const rows: Array<{ latitude: number; longitude: number }> = await t.dataSource.query(
      `SELECT latitude(${publicEarthSql('p.lat', 'p.lon')}) AS latitude,
              longitude(${publicEarthSql('p.lat', 'p.lon')}) AS longitude
         FROM unnest($1::float8[], $2::float8[]) WITH ORDINALITY AS p(lat, lon, n)
        ORDER BY p.n`,
      [points.map((point) => point.latitude), points.map((point) => point.longitude)],
    );
    expect(rows).toHaveLength(points.length);
    rows.forEach((row, index) => {
      const expected = publicPoint(points[index]);
      expect(metresBetween(row, expected)).toBeLessThan(1);
    });
  });

  it("measures to the public point exactly as earthdistance's earth_distance does", async () => {
    // The nearby queries' distance is earth_distance spelt out (no SQL-function call per row):
    // it must give the same float8 bits, or ties and the km shown could differ from the order.
    const points: LatLng[] = [];
    for (let latitude = -89.95; latitude <= 90; latitude += 2.7)
      for (let longitude = -179.99; longitude <= 180; longitude += 9.31)
        points.push({ latitude, longitude });
    const origins: LatLng[] = [
      SOMEWHERE,
      { latitude: 0, longitude: 0 },
      { latitude: -90, longitude: 180 },
    ];
    let farthest = 0;
    for (const origin of origins) {
      const rows: Array<{ spelt: number; earth_distance: number }> = await t.dataSource.query(
        `SELECT ${distanceToPublicPointSql({ latitude: '$3::float8', longitude: '$4::float8' }, 'p.lat', 'p.lon')} AS spelt,
                earth_distance(ll_to_earth($3::float8, $4::float8), ${publicEarthSql('p.lat', 'p.lon')})
                  AS earth_distance
           FROM unnest($1::float8[], $2::float8[]) AS p(lat, lon)`,
        [
          points.map((point) => point.latitude),
          points.map((point) => point.longitude),
          origin.latitude,
          origin.longitude,
        ],
      );
      expect(rows).toHaveLength(points.length);
      for (const row of rows) expect(row.spelt).toBe(row.earth_distance);
      farthest = Math.max(farthest, ...rows.map((row) => row.earth_distance));
    }
    // Near-antipodes included ((0, 0) against (0, ±180)): where sec_to_gc's cap could apply.
    expect(farthest).toBeGreaterThan(19_900_000);
  });
});
