import { publicPoint } from '../../src/platform/geo/geo';
import { AppConfig, ConfigError } from '../../src/platform/config/app-config';
import { isPublicAddress, normaliseAddress } from '../../src/platform/geo/ip-location';
import { testEnv, startTestApp, type TestApp } from '../support/test-app';

const isCellCentre = (value: number) =>
  Math.abs(value * 100 - Math.round(value * 100 - 0.5) - 0.5) < 1e-6;

describe('guest location: GET /api/location/from-ip', () => {
  describe('behind a trusted proxy', () => {
    let t: TestApp;
    beforeAll(async () => {
      // The proxy is on this machine: its X-Forwarded-For is believed.
      t = await startTestApp({
        env: {
          TRUST_PROXY: '127.0.0.1,::1,::ffff:127.0.0.1',
          DEFAULT_MAP_POINT: '51.5074,-0.1278',
        },
      });
    });
    afterAll(() => t.close());

    const from = (forwardedFor?: string) => {
      const request = t.http().get('/api/location/from-ip').set('client-platform', 'browser');
      if (forwardedFor !== undefined) request.set('x-forwarded-for', forwardedFor);
      return request;
    };
    const london = publicPoint({ latitude: 51.5074, longitude: -0.1278 });

    it.each([
      ['8.8.8.8', 'US', [30, 50], [-130, -110]],
      ['1.1.1.1', 'AU', [-35, -32], [150, 152]],
      ['1.120.0.1', 'AU', [-39, -36], [144, 146]],
      ['2001:4478::1', 'AU', [-45, -10], [110, 155]],
      ['::ffff:8.8.8.8', 'US', [30, 50], [-130, -110]],
    ])(
      'places %s in %s, on its ~1 km grid cell',
      async (address, country, latitudes, longitudes) => {
        const response = await from(address);
        expect(response.status).toBe(200);
        const location = response.body.data;
        expect(location).toMatchObject({ fallback: false, country_code: country });
        expect(location.latitude).toBeGreaterThan(latitudes[0]);
        expect(location.latitude).toBeLessThan(latitudes[1]);
        expect(location.longitude).toBeGreaterThan(longitudes[0]);
        expect(location.longitude).toBeLessThan(longitudes[1]);
        // Rounded: the centre of its grid cell, and so a fixed point of publicPoint.
        expect(isCellCentre(location.latitude)).toBe(true);
        expect(publicPoint(location)).toEqual({
          latitude: location.latitude,
          longitude: location.longitude,
        });
        expect(location.attribution).toEqual({
          text: 'IP Geolocation by DB-IP',
          url: 'https://db-ip.com',
        });
        expect(response.headers['cache-control']).toMatch(/^private/);
      },
    );

    it.each([
      ['no header (the loopback itself)', undefined],
      ['127.0.0.1', '127.0.0.1'],
      ['a private 10.x address', '10.20.30.40'],
      ['a private 192.168.x address', '192.168.1.20'],
      ['carrier-grade NAT', '100.64.1.1'],
      ['::1', '::1'],
      ['a unique-local IPv6 address', 'fd12:3456::1'],
      ['a link-local IPv6 address with a zone', 'fe80::1%eth0'],
      ['a garbage header', 'not-an-address'],
      ['a huge header', '9'.repeat(4000)],
      ['an empty header', ''],
    ])('falls back to the default map point for %s', async (_label, header) => {
      const response = await from(header);
      expect(response.status).toBe(200);
      expect(response.body.data).toEqual({
        ...london,
        fallback: true,
        city: null,
        state: null,
        country_code: null,
        attribution: null,
      });
    });

    it('takes the client address the proxies vouch for, not one the client adds', async () => {
      // The client claims 8.8.8.8; the proxy appends the address it saw (1.1.1.1).
      const response = await from('8.8.8.8, 1.1.1.1');
      expect(response.body.data).toMatchObject({ fallback: false, country_code: 'AU' });
    });
  });

  describe('with no proxy trusted (the default)', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp();
    });
    afterAll(() => t.close());

    it('ignores X-Forwarded-For and answers the default point (Melbourne) for the loopback', async () => {
      const response = await t
        .http()
        .get('/api/location/from-ip')
        .set('x-forwarded-for', '8.8.8.8')
        .expect(200);
      expect(response.body.data).toMatchObject({
        ...publicPoint({ latitude: -37.8136, longitude: 144.9631 }),
        fallback: true,
      });
    });
  });

  it('refuses a DEFAULT_MAP_POINT that is not a point', () => {
    for (const bad of ['melbourne', '91,0', '0,181', '1e3,2', '-37.8'])
      expect(() =>
        AppConfig.fromEnv(testEnv({ DATABASE_URL: 'postgres://x@y/z', DEFAULT_MAP_POINT: bad })),
      ).toThrow(ConfigError);
    expect(
      AppConfig.fromEnv(
        testEnv({ DATABASE_URL: 'postgres://x@y/z', DEFAULT_MAP_POINT: ' -33.87 , 151.21 ' }),
      ).defaultMapPoint,
    ).toEqual({ latitude: -33.87, longitude: 151.21 });
  });

  it('tells public addresses from the rest', () => {
    const publicOnes = ['8.8.8.8', '1.1.1.1', '2001:4860:4860::8888', '::ffff:1.1.1.1'];
    const others = [
      '10.0.0.1',
      '172.16.5.4',
      '169.254.1.1',
      '0.0.0.0',
      '::',
      '::1',
      'fe80::2',
      '224.0.0.1',
    ];
    for (const address of publicOnes) {
      const normalised = normaliseAddress(address);
      expect(normalised && isPublicAddress(normalised.address, normalised.family)).toBe(true);
    }
    for (const address of others) {
      const normalised = normaliseAddress(address);
      expect(normalised && isPublicAddress(normalised.address, normalised.family)).toBe(false);
    }
    for (const garbage of ['', 'localhost', '1.2.3', '1.2.3.4.5', null, 42, '::ffff:999.1.1.1'])
      expect(normaliseAddress(garbage)).toBeNull();
  });
});
