import type { LatLng } from '../../platform/geo/geo';
import { PlatformErrors } from '../../platform/http/platform.errors';
import { isUuid } from '../../platform/ids/uuid';
import { NEARBY_PAGES_DEFAULT, NEARBY_PAGES_MAX } from './dto/pages.dto';

function invalid(field: string, message: string): never {
  throw PlatformErrors.VALIDATION_FAILED([{ field, messages: [message] }]);
}

/** A query parameter given once, or not at all (`?a=1&a=2` is refused, not guessed at). */
function single(value: unknown, field: string): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') invalid(field, `${field} must be given once, as text`);
  return value;
}

// Up to 20 decimals: JavaScript prints a double with up to 17 significant digits.
const DECIMAL = /^[+-]?(\d{1,3}(\.\d{1,20})?|\.\d{1,20})$/;

function coordinate(value: unknown, field: string, limit: number): number {
  const text = single(value, field);
  if (text === undefined || text === '') invalid(field, `${field} is required`);
  const number = DECIMAL.test(text) ? Number(text) : NaN;
  if (!(Math.abs(number) <= limit))
    invalid(field, `${field} must be a decimal number from -${limit} to ${limit}`);
  return number;
}

export interface NearbyPagesQuery extends LatLng {
  userId: string | null;
  take: number;
}

/** `?userId=&lat=&long=&take=` of GET /api/page/location/nearby-pages. */
export function parseNearbyPagesQuery(raw: {
  userId: unknown;
  lat: unknown;
  long: unknown;
  take: unknown;
}): NearbyPagesQuery {
  const userId = single(raw.userId, 'userId');
  if (userId !== undefined && userId !== '' && !isUuid(userId))
    invalid('userId', 'userId must be a user uuid');
  const takeText = single(raw.take, 'take');
  let take = NEARBY_PAGES_DEFAULT;
  if (takeText !== undefined && takeText !== '') {
    if (!/^\d{1,6}$/.test(takeText) || Number(takeText) < 1)
      invalid('take', `take must be a whole number from 1 to ${NEARBY_PAGES_MAX}`);
    take = Math.min(NEARBY_PAGES_MAX, Number(takeText));
  }
  return {
    userId: userId ? userId.toLowerCase() : null,
    latitude: coordinate(raw.lat, 'lat', 90),
    longitude: coordinate(raw.long, 'long', 180),
    take,
  };
}
