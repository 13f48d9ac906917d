import { PlatformErrors } from '../http/platform.errors';
import type { LatLng } from './geo';
import type { PlaceSearch } from './geocoder';
import { foldName } from './place-names';

export const MAX_QUERY_LENGTH = 100;
export const DEFAULT_PLACE_LIMIT = 8;
export const MAX_PLACE_LIMIT = 20;

function invalid(field: string, message: string): never {
  throw PlatformErrors.VALIDATION_FAILED([{ field, messages: [message] }]);
}

/** A query parameter given once, or not at all (`?q=a&q=b` is refused, not guessed at). */
function single(value: unknown, field: string): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') invalid(field, `${field} must be given once, as text`);
  return value;
}

export interface PlaceQuery extends PlaceSearch {
  query: string;
}

/** `?q=&limit=&country=&addresses=` of GET /api/location/places. */
export function parsePlaceQuery(raw: {
  q: unknown;
  limit: unknown;
  country: unknown;
  addresses: unknown;
}): PlaceQuery {
  const query = single(raw.q, 'q')?.trim() ?? '';
  if (!query) invalid('q', 'q must name a place (a suburb, town or address)');
  if (query.length > MAX_QUERY_LENGTH)
    invalid('q', `q must be at most ${MAX_QUERY_LENGTH} characters`);
  if (!foldName(query)) invalid('q', 'q must contain a letter or a digit');

  const limitText = single(raw.limit, 'limit');
  let limit = DEFAULT_PLACE_LIMIT;
  if (limitText !== undefined && limitText !== '') {
    if (
      !/^\d{1,3}$/.test(limitText) ||
      Number(limitText) < 1 ||
      Number(limitText) > MAX_PLACE_LIMIT
    )
      invalid('limit', `limit must be a whole number from 1 to ${MAX_PLACE_LIMIT}`);
    limit = Number(limitText);
  }

  const countryText = single(raw.country, 'country');
  if (countryText !== undefined && !/^[A-Za-z]{2}$/.test(countryText))
    invalid('country', 'country must be a two-letter country code such as AU');

  const addressesText = single(raw.addresses, 'addresses');
  if (addressesText !== undefined && addressesText !== 'true' && addressesText !== 'false')
    invalid('addresses', 'addresses must be true or false');

  return {
    query,
    limit,
    country: countryText?.toUpperCase(),
    addresses: addressesText === 'true',
  };
}

// Up to 20 decimals: JavaScript prints a double with up to 17 significant digits.
const DECIMAL = /^[+-]?(\d{1,3}(\.\d{1,20})?|\.\d{1,20})$/;

function coordinate(value: unknown, field: 'lat' | 'lon', limit: number): number {
  const text = single(value, field);
  if (text === undefined || text === '') invalid(field, `${field} is required`);
  const number = DECIMAL.test(text) ? Number(text) : NaN;
  if (!(Math.abs(number) <= limit))
    invalid(field, `${field} must be a decimal number from -${limit} to ${limit}`);
  return number;
}

/** `?lat=&lon=` of GET /api/location/reverse: plain decimals (no exponents, NaN or Infinity). */
export function parsePoint(raw: { lat: unknown; lon: unknown }): LatLng {
  return { latitude: coordinate(raw.lat, 'lat', 90), longitude: coordinate(raw.lon, 'lon', 180) };
}
