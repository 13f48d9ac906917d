import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { GazetteerGeocoder, GazetteerIndex } from '../gazetteer';
import { countryName } from '../gazetteer-data';
import { GeocodingService } from '../geocoding.service';
import { GeocoderProviderError, NominatimGeocoder } from '../nominatim-geocoder';

/** A local stand-in for a Nominatim server: each test says how it answers. */
class FakeNominatim {
  requests: Array<{ url: URL; headers: IncomingMessage['headers'] }> = [];
  answer: (request: IncomingMessage, response: ServerResponse) => void = (_req, response) =>
    response.end('[]');
  private server: Server = createServer((request, response) => {
    this.requests.push({
      url: new URL(request.url ?? '/', 'http://fake'),
      headers: request.headers,
    });
    this.answer(request, response);
  });

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  json(body: unknown, status = 200) {
    this.answer = (_request, response) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
  }
}

const SMITH_STREET = {
  lat: '-37.7991',
  lon: '144.9841',
  name: '',
  addresstype: 'building',
  address: {
    house_number: '12',
    road: 'Smith Street',
    suburb: 'Fitzroy',
    city: 'Melbourne',
    state: 'Victoria',
    country: 'Australia',
    country_code: 'au',
  },
};

describe('NominatimGeocoder against a local fake server', () => {
  const fake = new FakeNominatim();
  let base: string;
  beforeAll(async () => (base = await fake.start()));
  afterAll(() => fake.stop());
  beforeEach(() => (fake.requests = []));

  const geocoder = (overrides: Partial<ConstructorParameters<typeof NominatimGeocoder>[0]> = {}) =>
    new NominatimGeocoder({
      url: `${base}/nominatim?key=secret`,
      userAgent: 'Plantfolk/test (+http://localhost)',
      timeoutMs: 1000,
      ...overrides,
    });

  it('asks /search with the query, limit and country, keeps the URL’s key, and says who asks', async () => {
    fake.json([SMITH_STREET]);
    const places = await geocoder().search('12 Smith St Fitzroy', { limit: 5, country: 'AU' });
    expect(places).toEqual([
      {
        name: '12 Smith Street',
        locality: 'Fitzroy',
        state: 'Victoria',
        country: 'Australia',
        countryCode: 'AU',
        latitude: -37.7991,
        longitude: 144.9841,
        kind: 'address',
      },
    ]);
    const [request] = fake.requests;
    expect(request.url.pathname).toBe('/nominatim/search');
    expect(Object.fromEntries(request.url.searchParams)).toEqual({
      key: 'secret',
      q: '12 Smith St Fitzroy',
      format: 'jsonv2',
      addressdetails: '1',
      limit: '5',
      countrycodes: 'au',
    });
    expect(request.headers['user-agent']).toBe('Plantfolk/test (+http://localhost)');
    expect(request.headers['accept-language']).toBe('en');
  });

  it('reads towns and suburbs too, and drops results without a point or a country', async () => {
    fake.json([
      {
        lat: '-37.8',
        lon: '144.98',
        name: 'Fitzroy',
        addresstype: 'suburb',
        address: { state: 'Victoria', country: 'Australia', country_code: 'au' },
      },
      {
        lat: '51.45',
        lon: '-2.59',
        name: 'Bristol',
        addresstype: 'city',
        address: { country: 'United Kingdom', country_code: 'gb' },
      },
      { lat: 'north', lon: '1', name: 'Nowhere', address: { country: 'X', country_code: 'xx' } },
      { lat: '95', lon: '1', name: 'Off the map', address: { country: 'X', country_code: 'xx' } },
      { lat: '1', lon: '1', name: 'No country', address: {} },
      'not an object',
      null,
    ]);
    const places = await geocoder().search('somewhere', { limit: 10 });
    expect(places.map((place) => [place.name, place.kind, place.locality, place.state])).toEqual([
      ['Fitzroy', 'suburb', null, 'Victoria'],
      ['Bristol', 'city', null, null],
    ]);
  });

  it('cuts over-long names and never returns more than asked', async () => {
    const long = { ...SMITH_STREET, name: 'x'.repeat(5000) };
    fake.json([long, long, long]);
    const places = await geocoder().search('x', { limit: 2 });
    expect(places).toHaveLength(2);
    expect(places[0].name).toHaveLength(200);
  });

  it.each([
    ['an error status', () => fake.json({ error: 'busy' }, 503), /HTTP 503/],
    ['a non-list', () => fake.json({ results: [] }), /non-list/],
    [
      'something other than JSON',
      () => (fake.answer = (_request, response) => response.end('<html>')),
      /other than JSON/,
    ],
    [
      'a redirect',
      () =>
        (fake.answer = (_request, response) => {
          response.writeHead(302, { location: 'http://127.0.0.1:1/elsewhere' });
          response.end();
        }),
      /could not be reached/,
    ],
  ])('fails with a GeocoderProviderError on %s', async (_what, arrange, message) => {
    arrange();
    const failure = geocoder().search('x', { limit: 5 });
    await expect(failure).rejects.toBeInstanceOf(GeocoderProviderError);
    await expect(failure).rejects.toThrow(message);
    await expect(failure).rejects.not.toThrow(/secret/);
  });

  it('gives up on a server that does not answer in time', async () => {
    fake.answer = () => undefined; // never answers
    const started = Date.now();
    await expect(geocoder({ timeoutMs: 200 }).search('x', { limit: 5 })).rejects.toThrow(
      'Geocoder did not answer within 200 ms',
    );
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('gives up on an answer larger than the bound, declared or streamed', async () => {
    fake.json([SMITH_STREET, SMITH_STREET, SMITH_STREET]);
    await expect(geocoder({ maxBytes: 100 }).search('x', { limit: 5 })).rejects.toThrow(
      /larger than 100 bytes/,
    );
    fake.answer = (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' }); // chunked, no length
      response.write('[');
      response.write(' '.repeat(500));
      response.end(']');
    };
    await expect(geocoder({ maxBytes: 100 }).search('x', { limit: 5 })).rejects.toThrow(
      /larger than 100 bytes/,
    );
  });

  it('fails cleanly when nothing listens', async () => {
    const closed = new FakeNominatim();
    const url = await closed.start();
    await closed.stop();
    await expect(geocoder({ url }).search('x', { limit: 5 })).rejects.toThrow(
      /could not be reached \(ECONNREFUSED\)/,
    );
  });
});

describe('GeocodingService', () => {
  const fake = new FakeNominatim();
  let base: string;
  beforeAll(async () => (base = await fake.start()));
  afterAll(() => fake.stop());
  beforeEach(() => (fake.requests = []));

  const gazetteer = new GazetteerGeocoder(
    () =>
      new GazetteerIndex(
        [
          {
            name: 'Fitzroy',
            state: 'Victoria',
            countryCode: 'AU',
            population: 10_000,
            featureCode: 'PPLX',
            latitude: -37.79839,
            longitude: 144.97833,
          },
        ],
        countryName,
      ),
  );
  let clock = 0;
  const service = () =>
    new GeocodingService(
      gazetteer,
      new NominatimGeocoder({ url: base, userAgent: 'test', timeoutMs: 300 }),
      () => clock,
    );

  it('asks the provider only for addresses, and the gazetteer otherwise', async () => {
    fake.json([SMITH_STREET]);
    const geocoding = service();
    expect((await geocoding.search('fitz', { limit: 5 })).map((p) => p.name)).toEqual(['Fitzroy']);
    expect(fake.requests).toHaveLength(0);
    expect(
      (await geocoding.search('12 smith', { limit: 5, addresses: true })).map((p) => p.name),
    ).toEqual(['12 Smith Street']);
    expect(fake.requests).toHaveLength(1);
  });

  it('falls back to the gazetteer when the provider fails or finds nothing', async () => {
    const geocoding = service();
    fake.json({ error: 'down' }, 500);
    expect((await geocoding.search('fitzroy', { limit: 5, addresses: true }))[0].name).toBe(
      'Fitzroy',
    );
    fake.json([]);
    expect((await geocoding.search('fitzroy vic', { limit: 5, addresses: true }))[0].name).toBe(
      'Fitzroy',
    );
    fake.answer = () => undefined;
    expect((await geocoding.search('fitzroy v', { limit: 5, addresses: true }))[0].name).toBe(
      'Fitzroy',
    );
  });

  it('keeps the provider’s answers for an hour', async () => {
    const geocoding = service();
    fake.json([SMITH_STREET]);
    clock = 0;
    await geocoding.search('12 Smith St', { limit: 5, addresses: true });
    await geocoding.search('12 smith st', { limit: 5, addresses: true });
    expect(fake.requests).toHaveLength(1);
    clock = 61 * 60 * 1000;
    await geocoding.search('12 Smith St', { limit: 5, addresses: true });
    expect(fake.requests).toHaveLength(2);
  });

  it('reverse never asks the provider, and answers from the rounded point', async () => {
    const geocoding = service();
    const place = await geocoding.reverse({ latitude: -37.8, longitude: 144.98 });
    expect(place?.name).toBe('Fitzroy');
    expect(fake.requests).toHaveLength(0);
    await expect(geocoding.placeAt({ latitude: 0, longitude: -140 })).rejects.toMatchObject({
      code: 'NO_PLACE_NEARBY',
    });
  });
});
