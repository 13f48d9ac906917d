import {
  publicDistanceKm,
  publicEarthSql,
  publicPoint,
  type LatLng,
} from '../../src/platform/geo/geo';
import { createPlant } from '../support/content';
import { metresBetween, towards } from '../support/geo-math';
import { createMember, type TestMember } from '../support/members';
import { startTestApp, type TestApp } from '../support/test-app';

/** The South Atlantic: no other member of this file's database lives within 1,000 km. */
const CENTRE = { latitude: -47.3, longitude: -31.7 };
/** Far from CENTRE (the Indian Ocean): where members move to. */
const ELSEWHERE = { latitude: -12.4, longitude: 81.6 };

/** A small deterministic generator (mulberry32), so a failure shows the same points again. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  };
}

type Found = Array<{ id: string; distance_km: number }>;

describe('plants: available listings nearby, from the listings’ own index', () => {
  let t: TestApp;
  let admin: TestMember;

  beforeAll(async () => {
    t = await startTestApp({ env: { WORKERS: 'inline' } });
    admin = await createMember(t, 'admin', { latitude: null, longitude: null });
  });
  afterAll(() => t.close());

  const search = async (body: object, headers: Record<string, string> = {}) => {
    const response = await t
      .http()
      .put('/api/plants/avail-nearby')
      .set(headers)
      .send(body)
      .expect(200);
    return (response.body.data as Found).map(({ id, distance_km }) => ({ id, distance_km }));
  };

  /**
   * The answer worked out the slow way, from the owners' own rows rather than the listings' copy
   * of their place: every available listing the viewer may see whose owner is registered, active
   * and within the radius of their public point, nearest first, then by owner, newest bumped first.
   */
  async function bruteForce(
    origin: LatLng,
    radiusKm: number,
    viewer: { id: string; verified: boolean } | null,
  ): Promise<Found> {
    const distance = `earth_distance(ll_to_earth($1, $2), ${publicEarthSql('u.latitude', 'u.longitude')})`;
    const rows: Array<{ id: string; metres: number }> = await t.dataSource.query(
      `SELECT p.id, ${distance} AS metres
         FROM post p JOIN plant k ON k.post_id = p.id JOIN user_account u ON u.id = p.user_id
        WHERE p.type = 'plant/image' AND k.available
          AND u.registered_at IS NOT NULL AND u.suspended_at IS NULL
          AND u.latitude IS NOT NULL AND u.longitude IS NOT NULL
          AND (p.privacy = 'public' OR ($4::boolean AND p.privacy = 'members') OR p.user_id = $5)
          AND ${distance} <= $3
        ORDER BY ${distance}, p.user_id, p.bumped_at DESC, p.id DESC
        LIMIT 50`,
      [
        origin.latitude,
        origin.longitude,
        Math.max(radiusKm, 2) * 1000,
        viewer?.verified ?? false,
        viewer?.id ?? null,
      ],
    );
    return rows.map((row) => ({ id: row.id, distance_km: publicDistanceKm(Number(row.metres)) }));
  }

  const move = (member: TestMember, to: Partial<LatLng>) =>
    t.http().put('/api/iam/authn/update').set(member.headers).send(to).expect(200);

  it('orders listings by distance exactly as a brute force over random points does', async () => {
    const next = random(20261124);
    const around = (km: number) => towards(CENTRE, next() * km * 1000, next() * 360);
    const homes = Array.from({ length: 18 }, () => around(30));
    const members = await Promise.all(homes.map((home) => createMember(t, 'registered', home)));
    // Two members in one grid cell: their listings tie on distance (then owner, newest first).
    const neighbour = await createMember(t, 'registered', publicPoint(homes[0]));
    await Promise.all(
      members.map(async (member, index) => {
        await createPlant(t, member, {
          privacy: index % 6 === 5 ? 'members' : 'public',
          plant: { name: 'Monstera', available: index % 5 !== 4 },
        });
        // A few own two listings at the same point.
        if (index % 4 === 0) await createPlant(t, member);
      }),
    );
    await createPlant(t, neighbour);

    const viewer = members[1];
    let compared = 0;
    for (let ask = 0; ask < 12; ask += 1) {
      const origin = around(25);
      for (const radius_km of [3, 12, 40]) {
        const guest = await search({ ...origin, radius_km });
        expect(guest).toEqual(await bruteForce(origin, radius_km, null));
        const member = await search({ ...origin, radius_km }, viewer.headers);
        expect(member).toEqual(
          await bruteForce(origin, radius_km, { id: viewer.id, verified: true }),
        );
        compared += guest.length + member.length;
      }
    }
    // The answers were not empty: the comparison saw listings at many distances.
    expect(compared).toBeGreaterThan(200);
    const wide = await search({ ...CENTRE, radius_km: 100 });
    const distances = wide.map((found) => found.distance_km);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(new Set(distances).size).toBeGreaterThan(5);
    // The tie was there to be broken: three listings of two owners in one cell, side by side.
    const owners = (
      await t
        .http()
        .put('/api/plants/avail-nearby')
        .send({ ...CENTRE, radius_km: 100 })
        .expect(200)
    ).body.data.map((item: { user_id: string; distance_km: number }) => item);
    const tied = owners.flatMap((item: { user_id: string; distance_km: number }, index: number) =>
      [members[0].id, neighbour.id].includes(item.user_id) ? [{ index, km: item.distance_km }] : [],
    );
    expect(tied).toHaveLength(3);
    expect(new Set(tied.map((tie: { km: number }) => tie.km)).size).toBe(1);
    expect(tied[2].index - tied[0].index).toBe(2);
  });

  it("moves a member's listings with them, and lists a new one where they are now", async () => {
    const home = towards(CENTRE, 200_000, 90);
    const member = await createMember(t, 'registered', home);
    const before = await createPlant(t, member);
    expect((await search(home)).map((found) => found.id)).toEqual([before.id]);

    const newHome = towards(ELSEWHERE, 5_000, 30);
    await move(member, newHome);
    expect(await search(home)).toEqual([]);
    const after = await createPlant(t, member);
    const there = await search({ ...ELSEWHERE, radius_km: 10 });
    expect(there.map((found) => found.id).sort()).toEqual([before.id, after.id].sort());
    expect(there).toEqual(await bruteForce(ELSEWHERE, 10, null));
    // The listings keep the public point (the cell's centre), never the new home itself.
    const stored: Array<{ owner_latitude: number; owner_longitude: number }> =
      await t.dataSource.query(
        'SELECT owner_latitude, owner_longitude FROM plant WHERE user_id = $1',
        [member.id],
      );
    expect(stored).toHaveLength(2);
    for (const row of stored) {
      const point = { latitude: row.owner_latitude, longitude: row.owner_longitude };
      expect(metresBetween(point, publicPoint(newHome))).toBeLessThan(1);
      expect(point).not.toEqual(newHome);
    }

    // A change of the latitude alone moves them too.
    const northward = towards(newHome, 30_000, 0);
    await move(member, { latitude: northward.latitude });
    expect(await search(newHome)).toEqual([]);
    expect((await search(northward)).map((found) => found.id).sort()).toEqual(
      [before.id, after.id].sort(),
    );
  });

  it('leaves unavailable listings out, and lists them again when available', async () => {
    const place = towards(CENTRE, 300_000, 180);
    const member = await createMember(t, 'registered', place);
    const listing = await createPlant(t, member);
    await createPlant(t, member, { plant: { name: 'Fern', available: false } });
    expect((await search(place)).map((found) => found.id)).toEqual([listing.id]);

    const setAvailable = (available: boolean) =>
      t
        .http()
        .put('/api/iam/posts/plant/update/details')
        .set(member.headers)
        .send({ postId: listing.id, userId: member.id, plant: { available } })
        .expect(200);
    await setAvailable(false);
    expect(await search(place)).toEqual([]);
    await setAvailable(true);
    expect((await search(place)).map((found) => found.id)).toEqual([listing.id]);
  });

  it("leaves a suspended owner's listings out until they are reinstated", async () => {
    const place = towards(CENTRE, 400_000, 270);
    const member = await createMember(t, 'registered', place);
    const listing = await createPlant(t, member);
    const suspend = (suspended: boolean) =>
      t
        .http()
        .put(`/api/iam/users/${member.id}`)
        .set(admin.headers)
        .send({ suspended })
        .expect(200);
    expect((await search(place)).map((found) => found.id)).toEqual([listing.id]);
    await suspend(true);
    expect(await search(place)).toEqual([]);
    expect(await bruteForce(place, 2, null)).toEqual([]);
    await suspend(false);
    expect((await search(place)).map((found) => found.id)).toEqual([listing.id]);
  });
});
