import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { publicPoint } from '../../src/platform/geo/geo';
import { metresBetween } from '../support/geo-math';
import { createMember, type TestMember } from '../support/members';
import { startTestApp, type TestApp } from '../support/test-app';

/** GET /api/location/places and /api/location/reverse, as the place pickers call them. */
describe('location endpoints', () => {
  let t: TestApp;
  let member: TestMember;
  beforeAll(async () => {
    t = await startTestApp();
    member = await createMember(t, 'signed-up');
  });
  afterAll(() => t.close());

  const labels = (body: { data: Array<{ label: string }> }) =>
    body.data.map((place) => place.label);

  describe('GET /api/location/places', () => {
    it('finds towns and suburbs by prefix for a guest, largest first, with a shared-cache header', async () => {
      const response = await t.http().get('/api/location/places?q=melb&limit=2').expect(200);
      expect(response.body.data[0]).toEqual({
        name: 'Melbourne',
        locality: null,
        state: 'Victoria',
        country: 'Australia',
        country_code: 'AU',
        latitude: expect.closeTo(-37.814, 2),
        longitude: expect.closeTo(144.963, 2),
        kind: 'city',
        label: 'Melbourne, Victoria, Australia',
      });
      expect(labels(response.body)).toEqual([
        'Melbourne, Victoria, Australia',
        'Melbourne, Florida, United States',
      ]);
      expect(response.headers['cache-control']).toBe('public, max-age=3600');
    });

    it('serves a member signing up (and keeps their answer out of shared caches)', async () => {
      const response = await t
        .http()
        .get('/api/location/places')
        .query({ q: 'Fitzroy, Victoria', country: 'au' })
        .set(member.headers)
        .expect(200);
      expect(labels(response.body)[0]).toBe('Fitzroy, Victoria, Australia');
      expect(response.body.data[0].kind).toBe('suburb');
      expect(response.headers['cache-control']).toBe('no-store');
    });

    it('answers an empty list for a name it does not know', async () => {
      const response = await t.http().get('/api/location/places?q=qqqxxxzzz').expect(200);
      expect(response.body).toEqual({ status: 'success', data: [] });
    });

    it('without an online provider, addresses=true still answers from the gazetteer', async () => {
      const response = await t
        .http()
        .get('/api/location/places?q=bristol&addresses=true&limit=1')
        .expect(200);
      expect(labels(response.body)).toEqual(['Bristol, England, United Kingdom']);
    });

    it.each([
      ['no q', '', 'q'],
      ['an empty q', '?q=%20%20', 'q'],
      ['only punctuation', '?q=%2C%2C!', 'q'],
      ['q over 100 characters', `?q=${'a'.repeat(101)}`, 'q'],
      ['q twice', '?q=a&q=b', 'q'],
      ['a limit of 0', '?q=a&limit=0', 'limit'],
      ['a limit of 21', '?q=a&limit=21', 'limit'],
      ['a limit that is not a number', '?q=a&limit=ten', 'limit'],
      ['a country that is not a code', '?q=a&country=Australia', 'country'],
      ['addresses that is not a flag', '?q=a&addresses=yes', 'addresses'],
    ])('refuses %s with 400 naming the field', async (_what, query, field) => {
      const response = await t.http().get(`/api/location/places${query}`);
      expect(response.status).toBe(400);
      expect(response.body.error.code).toBe('VALIDATION_FAILED');
      expect(response.body.error.details[0].field).toBe(field);
    });

    it('refuses a NUL byte with 400', async () => {
      const response = await t.http().get('/api/location/places?q=mel%00b');
      expect(response.status).toBe(400);
      expect(response.body.error.code).toBe('VALIDATION_FAILED');
    });
  });

  describe('GET /api/location/reverse', () => {
    it('names the suburb a point lies in, answering the suburb’s point, privately cached', async () => {
      const home = { latitude: -37.7993, longitude: 144.9787 };
      const response = await t
        .http()
        .get(`/api/location/reverse?lat=${home.latitude}&lon=${home.longitude}`)
        .expect(200);
      expect(response.body.data).toMatchObject({
        name: 'Fitzroy',
        state: 'Victoria',
        country: 'Australia',
        country_code: 'AU',
        label: 'Fitzroy, Victoria, Australia',
      });
      expect(response.headers['cache-control']).toBe('private, max-age=3600');
    });

    it('gives every point of one ~1 km grid cell the same answer', async () => {
      const centre = publicPoint({ latitude: -37.805, longitude: 144.985 });
      const corners = [
        { latitude: centre.latitude - 0.0049, longitude: centre.longitude - 0.006 },
        { latitude: centre.latitude + 0.0049, longitude: centre.longitude + 0.006 },
        centre,
      ].filter((point) => {
        const cell = publicPoint(point);
        return cell.latitude === centre.latitude && cell.longitude === centre.longitude;
      });
      expect(corners.length).toBeGreaterThanOrEqual(2);
      const answers = await Promise.all(
        corners.map((point) =>
          t
            .http()
            .get(
              `/api/location/reverse?lat=${point.latitude.toFixed(6)}&lon=${point.longitude.toFixed(6)}`,
            ),
        ),
      );
      expect(answers.map((answer) => answer.status)).toEqual(corners.map(() => 200));
      const bodies = answers.map((answer) => JSON.stringify(answer.body));
      expect(new Set(bodies).size).toBe(1);
      const place = answers[0].body.data;
      // The answer is a place's own point, not the one asked about.
      expect(metresBetween(corners[0], place)).toBeGreaterThan(100);
    });

    it('answers 404 where no town is within 100 km', async () => {
      const response = await t.http().get('/api/location/reverse?lat=0&lon=-140').expect(404);
      expect(response.body.error.code).toBe('NO_PLACE_NEARBY');
      expect(response.body.error.message).toMatch(/100 km/);
    });

    it.each([
      ['no point', ''],
      ['no longitude', '?lat=1'],
      ['a latitude beyond 90', '?lat=90.5&lon=0'],
      ['a longitude beyond 180', '?lat=0&lon=-181'],
      ['an exponent', '?lat=1e1&lon=0'],
      ['NaN', '?lat=NaN&lon=0'],
      ['Infinity', '?lat=0&lon=Infinity'],
      ['hex', '?lat=0x10&lon=0'],
      ['words', '?lat=north&lon=east'],
      ['a repeated latitude', '?lat=1&lat=2&lon=0'],
      ['a NUL byte', '?lat=1%00&lon=0'],
    ])('refuses %s with 400', async (_what, query) => {
      const response = await t.http().get(`/api/location/reverse${query}`);
      expect(response.status).toBe(400);
      expect(response.body.error.code).toBe('VALIDATION_FAILED');
    });
  });
});

describe('location endpoints: rate limits', () => {
  let t: TestApp;
  beforeAll(async () => (t = await startTestApp()));
  afterAll(() => t.close());

  it('slows down a guest who asks for places faster than anyone types', async () => {
    let refused = 0;
    for (let i = 0; i < 65; i += 1) {
      const response = await t.http().get(`/api/location/places?q=a${i % 3}`);
      if (response.status === 429) refused += 1;
      else expect(response.status).toBe(200);
    }
    expect(refused).toBe(5);
    const response = await t.http().get('/api/location/reverse?lat=-37.8&lon=144.98');
    expect(response.status).toBe(200);
  });
});

describe('location endpoints with an online provider (GEOCODER_URL)', () => {
  let t: TestApp;
  let server: Server;
  let mode: 'answer' | 'fail' = 'answer';
  const asked: URL[] = [];
  beforeAll(async () => {
    server = createServer((request, response) => {
      asked.push(new URL(request.url ?? '/', 'http://fake'));
      if (mode === 'fail') {
        response.writeHead(502).end();
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify([
          {
            lat: '-37.7991',
            lon: '144.9841',
            addresstype: 'building',
            address: {
              house_number: '12',
              road: 'Smith Street',
              suburb: 'Fitzroy',
              state: 'Victoria',
              country: 'Australia',
              country_code: 'au',
            },
          },
        ]),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    t = await startTestApp({ env: { GEOCODER_URL: `http://127.0.0.1:${port}/geo?key=k` } });
  });
  afterAll(async () => {
    await t.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('answers street addresses from the provider when asked for addresses', async () => {
    const response = await t
      .http()
      .get('/api/location/places?q=12%20Smith%20St&addresses=true')
      .expect(200);
    expect(response.body.data).toEqual([
      {
        name: '12 Smith Street',
        locality: 'Fitzroy',
        state: 'Victoria',
        country: 'Australia',
        country_code: 'AU',
        latitude: -37.7991,
        longitude: 144.9841,
        kind: 'address',
        label: '12 Smith Street, Fitzroy, Victoria, Australia',
      },
    ]);
    expect(asked.at(-1)?.pathname).toBe('/geo/search');
    expect(asked.at(-1)?.searchParams.get('key')).toBe('k');
  });

  it('keeps towns offline, and falls back to the gazetteer when the provider fails', async () => {
    const before = asked.length;
    await t.http().get('/api/location/places?q=fitzroy').expect(200);
    await t.http().get('/api/location/reverse?lat=-37.8&lon=144.98').expect(200);
    expect(asked.length).toBe(before);
    mode = 'fail';
    const response = await t
      .http()
      .get('/api/location/places?q=Fitzroy%20North&addresses=true&limit=1')
      .expect(200);
    expect(response.body.data[0].label).toBe('Fitzroy North, Victoria, Australia');
    expect(asked.length).toBe(before + 1);
  });
});
