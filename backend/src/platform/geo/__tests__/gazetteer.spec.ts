import { metresBetween } from '../../../../test/support/geo-math';
import { publicPoint } from '../geo';
import { GazetteerIndex, REVERSE_MAX_KM, type GazetteerRecord } from '../gazetteer';
import { countryName, sharedGazetteer } from '../gazetteer-data';
import { foldName } from '../place-names';

const names = (places: Array<{ name: string; state: string | null; country: string }>) =>
  places.map((place) => `${place.name}, ${place.state}, ${place.country}`);

describe('foldName', () => {
  it.each([
    ['São Paulo', 'sao paulo'],
    ['  MELBOURNE  ', 'melbourne'],
    ['Saint-Étienne', 'st etienne'],
    ['St. Kilda', 'st kilda'],
    ["O'Connor", 'oconnor'],
    ['Mount Isa', 'mt isa'],
    ['Großbeeren', 'grossbeeren'],
    ['Tromsø', 'tromso'],
    ['!!!', ''],
  ])('%s → %s', (value, folded) => expect(foldName(value)).toBe(folded));
});

describe('countryName', () => {
  it('names countries in English, with St. and & written out', () => {
    expect(countryName('AU')).toBe('Australia');
    expect(countryName('GB')).toBe('United Kingdom');
    expect(countryName('LC')).toBe('Saint Lucia');
    expect(countryName('TT')).toBe('Trinidad and Tobago');
    expect(countryName('MM')).toBe('Myanmar');
  });
});

describe('GazetteerIndex on a handful of places', () => {
  const record = (
    name: string,
    state: string | null,
    countryCode: string,
    population: number,
    latitude: number,
    longitude: number,
    featureCode = 'PPL',
  ): GazetteerRecord => ({
    name,
    state,
    countryCode,
    population,
    latitude,
    longitude,
    featureCode,
  });
  const index = new GazetteerIndex(
    [
      record('Richmond', 'Victoria', 'AU', 27_000, -37.818, 145.0, 'PPLX'),
      record('Richmond', 'Virginia', 'US', 226_000, 37.553, -77.46),
      record('Richmond Hill', 'Ontario', 'CA', 195_000, 43.87, -79.437),
      record('North Richmond', 'California', 'US', 3_700, 37.957, -122.367),
      record('Richmond', 'England', 'GB', 8_400, 54.403, -1.737),
      record('Rich', null, 'MA', 1_500, 32.26, -4.5),
      record('Baden-Baden', 'Baden-Wuerttemberg', 'DE', 55_000, 48.76, 8.24),
      record('Canberra', 'Australian Capital Territory', 'AU', 367_000, -35.28, 149.13, 'PPLC'),
    ],
    countryName,
  );

  it('puts whole-name matches first, then name prefixes, then later words, larger places first', () => {
    expect(names(index.search('richmond', { limit: 10 }))).toEqual([
      'Richmond, Virginia, United States',
      'Richmond, Victoria, Australia',
      'Richmond, England, United Kingdom',
      'Richmond Hill, Ontario, Canada',
      'North Richmond, California, United States',
    ]);
    expect(names(index.search('rich', { limit: 2 }))).toEqual([
      'Rich, null, Morocco',
      'Richmond, Virginia, United States',
    ]);
  });

  it('narrows by state, country or country code after a comma or after the name', () => {
    expect(names(index.search('Richmond, Victoria', { limit: 5 }))).toEqual([
      'Richmond, Victoria, Australia',
    ]);
    expect(names(index.search('richmond vic', { limit: 5 }))).toEqual([
      'Richmond, Victoria, Australia',
    ]);
    expect(names(index.search('richmond united kingdom', { limit: 5 }))).toEqual([
      'Richmond, England, United Kingdom',
    ]);
    expect(names(index.search('richmond, us', { limit: 5 }))).toEqual([
      'Richmond, Virginia, United States',
      'North Richmond, California, United States',
    ]);
  });

  it('filters by country code and honours the limit', () => {
    expect(names(index.search('rich', { limit: 10, country: 'AU' }))).toEqual([
      'Richmond, Victoria, Australia',
    ]);
    expect(index.search('rich', { limit: 10, country: 'ZZ' })).toEqual([]);
    expect(index.search('rich', { limit: 3 })).toHaveLength(3);
  });

  it('finds a name with punctuation by any spelling, and nothing for nonsense', () => {
    expect(names(index.search('baden baden', { limit: 5 }))).toEqual([
      'Baden-Baden, Baden-Wuerttemberg, Germany',
    ]);
    expect(index.search('xyzzy', { limit: 5 })).toEqual([]);
    expect(index.search('   ', { limit: 5 })).toEqual([]);
  });

  it('says what kind of place each is', () => {
    const kinds = Object.fromEntries(
      index
        .search('r', { limit: 10 })
        .map((place) => [`${place.name}/${place.countryCode}`, place.kind]),
    );
    expect(kinds).toMatchObject({
      'Richmond/AU': 'suburb',
      'Richmond/US': 'city',
      'Richmond/GB': 'town',
    });
    expect(index.search('canberra', { limit: 1 })[0].kind).toBe('city');
  });

  it('answers the nearest place within range, and null beyond it', () => {
    expect(index.nearest({ latitude: -37.82, longitude: 145.01 })?.name).toBe('Richmond');
    expect(index.nearest({ latitude: -35.3, longitude: 149.1 })?.name).toBe('Canberra');
    // 1° of latitude is 111 km: just inside, and just outside, REVERSE_MAX_KM of Canberra.
    const kmPerDegree = 111.195;
    expect(
      index.nearest({ latitude: -35.28 - (REVERSE_MAX_KM - 1) / kmPerDegree, longitude: 149.13 })
        ?.name,
    ).toBe('Canberra');
    expect(
      index.nearest({ latitude: -35.28 - (REVERSE_MAX_KM + 1) / kmPerDegree, longitude: 149.13 }),
    ).toBeNull();
  });

  it('looks across cell edges and the date line for the nearest place', () => {
    const edge = new GazetteerIndex(
      [
        record('East', null, 'FJ', 2000, -17.5, 179.99),
        record('Far', null, 'FJ', 2000, -17.5, 179.0),
      ],
      countryName,
    );
    expect(edge.nearest({ latitude: -17.5, longitude: -179.99 })?.name).toBe('East');
    expect(edge.nearest({ latitude: -17.01, longitude: 179.99 })?.name).toBe('East');
  });
});

describe('the packaged gazetteer', () => {
  const gazetteer = sharedGazetteer();

  it('holds the world’s towns of 1,000 people or more, with their regions', () => {
    expect(gazetteer.size).toBeGreaterThan(100_000);
  });

  it('finds suburbs and towns by prefix, ignoring case and accents, largest first', () => {
    expect(names(gazetteer.search('melb', { limit: 2 }))).toEqual([
      'Melbourne, Victoria, Australia',
      'Melbourne, Florida, United States',
    ]);
    expect(names(gazetteer.search('fitzroy', { limit: 1 }))).toEqual([
      'Fitzroy, Victoria, Australia',
    ]);
    expect(gazetteer.search('fitzroy', { limit: 1 })[0].kind).toBe('suburb');
    expect(names(gazetteer.search('st kilda', { limit: 1 }))).toEqual([
      'Saint Kilda, Victoria, Australia',
    ]);
    expect(names(gazetteer.search('sao paulo', { limit: 1 }))).toEqual([
      'São Paulo, São Paulo, Brazil',
    ]);
    expect(names(gazetteer.search('Bristol, England', { limit: 1 }))).toEqual([
      'Bristol, England, United Kingdom',
    ]);
  });

  it('names the suburb a point lies in, from the centre of its grid cell', () => {
    const inFitzroy = { latitude: -37.7984, longitude: 144.9783 };
    const place = gazetteer.nearest(publicPoint(inFitzroy));
    expect(place).toMatchObject({ name: 'Fitzroy', state: 'Victoria', country: 'Australia' });
    expect(gazetteer.nearest(publicPoint({ latitude: 51.455, longitude: -2.597 }))?.name).toBe(
      'Bristol',
    );
    // Mid-Pacific: nothing within range.
    expect(gazetteer.nearest({ latitude: 0, longitude: -140 })).toBeNull();
  });

  it('answers a place’s own point, never the one asked about', () => {
    const asked = { latitude: -37.80123, longitude: 144.98456 };
    const place = gazetteer.nearest(asked);
    expect(place).not.toBeNull();
    expect(metresBetween(asked, place!)).toBeGreaterThan(0);
    expect(gazetteer.search(place!.name, { limit: 20 }).map((p) => p.latitude)).toContain(
      place!.latitude,
    );
  });

  it('searches quickly once loaded', () => {
    const started = process.hrtime.bigint();
    for (const query of ['m', 'melb', 'richmond victoria', 'new york', 'zzzz qqqq']) {
      gazetteer.search(query, { limit: 8 });
    }
    expect(Number(process.hrtime.bigint() - started) / 1e6).toBeLessThan(500);
  });
});
