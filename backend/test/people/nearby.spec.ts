import { publicPoint, type LatLng } from '../../src/platform/geo/geo';
import { metresBetween, towards } from '../support/geo-math';
import { createMember, type TestMember } from '../support/members';
import { startTestApp, type TestApp } from '../support/test-app';
import { insertMembers, seeded } from './people-support';

/** Inland New South Wales: nobody else in this file's database lives within 500 km. */
const CENTRE: LatLng = { latitude: -31.4821, longitude: 147.2387 };

interface Person {
  uuid: string;
  username: string;
  distance_km: number;
  location: LatLng;
}

describe('people nearby: PUT /api/users/nearby', () => {
  let t: TestApp;
  let asker: TestMember;
  /** The 200 listed members around CENTRE, with their stored (true) homes. */
  let people: Array<{ id: string; home: LatLng }>;
  let hidden: string;
  let suspended: string;
  let unregistered: string;

  const ask = (body: Record<string, unknown>, member: TestMember | null = asker) => {
    const request = t.http().put('/api/users/nearby').set('client-platform', 'browser');
    if (member) request.set(member.headers);
    return request.send(body);
  };

  beforeAll(async () => {
    t = await startTestApp();
    asker = await createMember(t, 'registered', CENTRE);
    const random = seeded(7);
    const homes = Array.from({ length: 200 }, () =>
      towards(CENTRE, 200 + random() * 60_000, random() * 360),
    );
    const ids = await insertMembers(
      t,
      homes.map((home, index) => ({
        username: `near${index}`,
        registeredAt: new Date(),
        ...home,
      })),
    );
    people = ids.map((id, index) => ({ id, home: homes[index] }));
    // Right beside the asker, but each for a reason never shown.
    [hidden, suspended, unregistered] = await insertMembers(t, [
      { username: 'hidden', registeredAt: new Date(), ...CENTRE, showInNearby: false },
      { username: 'suspended', registeredAt: new Date(), suspended: true, ...CENTRE },
      { username: null, registeredAt: null, ...CENTRE },
    ]);
  });
  afterAll(() => t.close());

  /** Nearest first as anyone could compute it: great-circle distance to each public point. */
  function bruteForce(from: LatLng): Array<{ id: string; metres: number }> {
    return people
      .map((person) => ({ id: person.id, metres: metresBetween(from, publicPoint(person.home)) }))
      .sort((a, b) => a.metres - b.metres || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }

  it.each([
    ['the centre', CENTRE],
    ['a point 25 km out', towards(CENTRE, 25_000, 130)],
    ['a point 70 km out', towards(CENTRE, 70_000, 300)],
  ])(
    'lists the nearest members first, as a brute-force distance does, from %s',
    async (_label, from) => {
      const response = await ask({ userId: asker.id, ...from, take: 50 });
      expect(response.status).toBe(200);
      const found: Person[] = response.body.data;
      const expected = bruteForce(from).slice(0, 50);
      expect(found.map((person) => person.uuid)).toEqual(expected.map((row) => row.id));
      found.forEach((person, index) => {
        // PostgreSQL's earth is a sphere a little larger than ours: whole km agree within one.
        expect(
          Math.abs(person.distance_km - Math.ceil(expected[index].metres / 1000)),
        ).toBeLessThanOrEqual(1);
      });
    },
  );

  it('asks for 20 by default, and leaves the asker and the unlisted out', async () => {
    const response = await ask({ userId: asker.id, ...CENTRE });
    expect(response.status).toBe(200);
    const ids = response.body.data.map((person: Person) => person.uuid);
    expect(ids).toHaveLength(20);
    expect(ids).toEqual(
      bruteForce(CENTRE)
        .slice(0, 20)
        .map((row) => row.id),
    );
    for (const never of [asker.id, hidden, suspended, unregistered])
      expect(ids).not.toContain(never);
  });

  it('shows each member at their public point, never their home', async () => {
    const response = await ask({ userId: asker.id, ...CENTRE, take: 50 });
    const homes = new Map(people.map((person) => [person.id, person.home]));
    for (const person of response.body.data as Person[]) {
      const home = homes.get(person.uuid) as LatLng;
      expect(person.location).toEqual(publicPoint(home));
      expect(person.location).not.toEqual(home);
      expect(metresBetween(person.location, home)).toBeLessThan(1_000);
      expect(Object.keys(person).sort()).toEqual(
        [
          'avatar',
          'country',
          'display_name',
          'distance_km',
          'location',
          'state',
          'suburb_city',
          'username',
          'uuid',
        ].sort(),
      );
      expect(Number.isInteger(person.distance_km) && person.distance_km >= 1).toBe(true);
    }
    expect(JSON.stringify(response.body)).not.toMatch(/email|password/);
  });

  it('keeps to the radius', async () => {
    const response = await ask({ userId: asker.id, ...CENTRE, take: 50, radius_km: 10 });
    const expected = bruteForce(CENTRE).filter((row) => row.metres <= 9_950);
    expect(expected.length).toBeGreaterThan(0);
    const ids = response.body.data.map((person: Person) => person.uuid);
    expect(ids.slice(0, expected.length)).toEqual(expected.map((row) => row.id));
    for (const person of response.body.data as Person[])
      expect(person.distance_km).toBeLessThanOrEqual(10);
  });

  it('answers nobody far from everyone', async () => {
    const response = await ask({ userId: asker.id, latitude: 10, longitude: -30 });
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual([]);
  });

  it('is for members only, and only in their own name', async () => {
    const guest = await ask({ userId: asker.id, ...CENTRE }, null);
    expect(guest.status).toBe(401);
    const other = await createMember(t, 'registered');
    const impersonating = await ask({ userId: other.id, ...CENTRE });
    expect(impersonating.status).toBe(403);
    expect(impersonating.body.error.code).toBe('NOT_YOUR_ACCOUNT');
    const withoutToken = await t
      .http()
      .put('/api/users/nearby')
      .set('authorization', `Bearer ${asker.accessToken}`)
      .send({ userId: asker.id, ...CENTRE });
    expect(withoutToken.status).toBe(403);
    expect(withoutToken.body.error.code).toBe('CSRF_FAILED');
  });

  it.each([
    ['no latitude', { longitude: 147 }],
    ['latitude 91', { latitude: 91, longitude: 147 }],
    ['longitude as text', { latitude: -31, longitude: '147' }],
    ['longitude null', { latitude: -31, longitude: null }],
    ['take 0', { ...CENTRE, take: 0 }],
    ['take 51', { ...CENTRE, take: 51 }],
    ['take 2.5', { ...CENTRE, take: 2.5 }],
    ['take as text', { ...CENTRE, take: '20' }],
    ['radius 501', { ...CENTRE, radius_km: 501 }],
    ['NaN-like latitude', { latitude: 'NaN', longitude: 147 }],
    ['a NUL in userId', { ...CENTRE, userId: 'a\u0000b' }],
    ['a huge userId', { ...CENTRE, userId: 'x'.repeat(100_000) }],
    ['userId not a uuid', { ...CENTRE, userId: 'me' }],
  ])('refuses %s with a 400', async (_label, body) => {
    const response = await ask({ userId: asker.id, ...body });
    expect(response.status).toBe(400);
  });
});
