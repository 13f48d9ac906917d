import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ValidateBy } from 'class-validator';
import { type FieldOptions, presence } from '../http/fields';

/**
 * IANA time zones as Intl knows them: the one judge of a zone, in the API (fields) and in the
 * jobs that act at a local hour (member digests), so a zone the API accepted is one they can use.
 */

const ZONE_SHAPE = /^[A-Za-z0-9_+\-/]+$/;
const clocks = new Map<string, Intl.DateTimeFormat>();

/** One formatter per zone, whatever the case it is written in (so the cache stays small). */
function clockOf(timeZone: string): Intl.DateTimeFormat {
  const key = timeZone.toLowerCase();
  let clock = clocks.get(key);
  if (!clock) {
    clock = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      hourCycle: 'h23',
    });
    clocks.set(key, clock);
  }
  return clock;
}

/** An IANA zone name Intl accepts, e.g. Europe/Berlin (UTC offsets such as +02:00 are not). */
export function isTimeZone(value: unknown): value is string {
  if (typeof value !== 'string' || value.length > 64 || !ZONE_SHAPE.test(value)) return false;
  try {
    clockOf(value);
    return true;
  } catch {
    return false;
  }
}

/**
 * The zone as it is written (`europe/berlin` → `Europe/Berlin`), the name kept otherwise: Intl's
 * own canonical form would turn a member's `Asia/Kolkata` into the older `Asia/Calcutta`.
 */
export function normalTimeZone(timeZone: string): string {
  const resolved = clockOf(timeZone).resolvedOptions().timeZone;
  return resolved.toLowerCase() === timeZone.toLowerCase() ? resolved : timeZone;
}

/** The local date (`YYYY-MM-DD`) and hour (0–23) of an instant in a zone Intl knows. */
export function localClock(at: Date, timeZone: string): { date: string; hour: number } {
  const parts = Object.fromEntries(
    clockOf(timeZone)
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, hour: Number(parts.hour) };
}

/** A request field holding an IANA time zone (see isTimeZone). */
export function TimeZoneField(options: FieldOptions = {}) {
  return applyDecorators(
    ...presence(options),
    ValidateBy({
      name: 'timeZone',
      validator: {
        validate: isTimeZone,
        defaultMessage: () => '$property must be an IANA time zone such as Europe/Berlin',
      },
    }),
    (options.optional ? ApiPropertyOptional : ApiProperty)({
      type: 'string',
      example: 'Europe/Berlin',
      description: options.description ?? 'An IANA time zone',
      ...(options.nullable ? { nullable: true } : {}),
    }),
  );
}
