import type { LatLng } from '../../platform/geo/geo';
import type { DayRange } from './events.queries';
import { PlatformErrors } from '../../platform/http/platform.errors';
import { isUuid } from '../../platform/ids/uuid';
import { RANDOM_ID_PATTERN } from '../../platform/ids/random-id';

function invalid(field: string, message: string): never {
  throw PlatformErrors.VALIDATION_FAILED([{ field, messages: [message] }]);
}

/** A query parameter given once, or not at all (`?a=1&a=2` is refused, not guessed at). */
function single(value: unknown, field: string): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') invalid(field, `${field} must be given once, as text`);
  return value;
}

/** `?lat=&long=` (both required): numbers within the globe. */
export function parsePoint(rawLat: unknown, rawLong: unknown): LatLng {
  const latitude = parseCoordinate(single(rawLat, 'lat'), 'lat', 90);
  const longitude = parseCoordinate(single(rawLong, 'long'), 'long', 180);
  return { latitude, longitude };
}

function parseCoordinate(text: string | undefined, field: string, bound: number): number {
  if (text === undefined || !/^-?\d{1,3}(\.\d{1,20})?$/.test(text))
    invalid(field, `${field} must be a number from -${bound} to ${bound}`);
  const value = Number(text);
  if (!(Math.abs(value) <= bound)) invalid(field, `${field} must be from -${bound} to ${bound}`);
  return value;
}

/** A uuid, or the literal `null` (the spec's `{eventId|null}`), or left out. */
export function optionalUuid(raw: unknown, field: string): string | null {
  const text = single(raw, field);
  if (text === undefined || text === '' || text === 'null') return null;
  if (!isUuid(text)) invalid(field, `${field} must be a uuid or null`);
  return text.toLowerCase();
}

export function requiredUuid(raw: unknown, field: string): string {
  const id = optionalUuid(raw, field);
  if (!id) invalid(field, `${field} must be a uuid`);
  return id;
}

/** An event's random id (10 letters and digits), or the literal `null`. */
export function optionalRandomId(raw: unknown, field: string): string | null {
  const text = single(raw, field);
  if (text === undefined || text === '' || text === 'null') return null;
  if (!RANDOM_ID_PATTERN.test(text)) invalid(field, `${field} must be an event's random id`);
  return text;
}

/** `take` of a nearby list: 1..max, default `fallback`. */
export function parseBoundedTake(raw: unknown, max: number, fallback: number): number {
  const text = single(raw, 'take');
  if (text === undefined || text === '') return fallback;
  if (!/^\d{1,6}$/.test(text)) invalid('take', 'take must be a whole number');
  return Math.min(max, Math.max(1, Number(text)));
}

/** A text path segment (a place's name, state or address part): trimmed, 1..200 characters. */
export function placeText(raw: unknown, field: string): string {
  const text = typeof raw === 'string' ? raw.trim() : '';
  if (!text || [...text].length > 200) invalid(field, `${field} must be 1 to 200 characters long`);
  return text;
}

/** `{name}.ics` or `{name}` of a calendar path: the name. */
export function calendarKey(raw: unknown): string {
  const text = typeof raw === 'string' ? raw.replace(/\.ics$/i, '') : '';
  if (!/^[A-Za-z0-9_-]{1,100}$/.test(text)) invalid('id', 'not a calendar address');
  return text;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** `?from=&to=` of a list: calendar days `YYYY-MM-DD` (either left out), from not after to. */
export function parseDayRange(rawFrom: unknown, rawTo: unknown): DayRange {
  const from = parseDay(single(rawFrom, 'from'), 'from');
  const to = parseDay(single(rawTo, 'to'), 'to');
  if (from && to && to < from) invalid('to', 'to must not be before from');
  return { from, to };
}

function parseDay(text: string | undefined, field: string): string | null {
  if (text === undefined || text === '') return null;
  const match = DAY.exec(text);
  const date = match ? new Date(`${text}T00:00:00Z`) : null;
  if (
    !match ||
    !date ||
    Number.isNaN(date.getTime()) ||
    Number(match[1]) < 1 ||
    date.toISOString().slice(0, 10) !== text
  )
    invalid(field, `${field} must be a date as YYYY-MM-DD`);
  return text;
}
