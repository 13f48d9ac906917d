import { PlatformErrors } from '../../platform/http/platform.errors';
import { PLANT_FILTERS, type PlantFilter, RECENT_TYPES, type RecentType } from './plants.service';

function oneOf<T extends string>(
  values: readonly T[],
  field: string,
  value: unknown,
  fallback?: T,
): T {
  if ((value === undefined || value === '') && fallback) return fallback;
  if (typeof value === 'string' && (values as readonly string[]).includes(value)) return value as T;
  throw PlatformErrors.VALIDATION_FAILED([
    { field, messages: [`${field} must be one of ${values.join(', ')}`] },
  ]);
}

/** `plantsAvail` | `plantsAll` (query params default to plantsAll). */
export function parseFilter(value: unknown, field = 'filter', fallback?: PlantFilter): PlantFilter {
  return oneOf(PLANT_FILTERS, field, value, fallback);
}

export function parseRecentType(value: unknown): RecentType {
  return oneOf(RECENT_TYPES, 'type', value);
}
