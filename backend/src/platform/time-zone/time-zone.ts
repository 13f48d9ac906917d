import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ValidateBy } from 'class-validator';
import { type FieldOptions, presence } from '../http/fields';

/**
 * IANA time zones as Intl knows them: the one judge of a zone, in the API (fields) and in the
 * jobs that act at a local hour (member digests), so a zone the API accepted is one they can use.
 */

const ZONE_SHAPE = /^[A-Za-z0-9_+\-/]+$/;

/** What the formatters below read of an instant: its local date and hour, or its HH:MM. */
const FORMATS = {
  dateHour: [
    'en-CA',
    { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', hourCycle: 'h23' },
  ],
  hourMinute: ['en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }],
} satisfies Record<string, [string, Intl.DateTimeFormatOptions]>;

/**
 * One formatter per zone and format, made once. A new Intl.DateTimeFormat per call (twice per date
 * an event page shows) cost ~0.1 ms of CPU each and ICU memory outside V8's heap that V8 does not
 * count, so GC never hurried to free it: seconds of event-page traffic grew the API's RSS by
 * ~750 MB, kept for the life of the process (issue 9's soak). Keyed by the zone in lower case, as
 * Intl reads zone names, so the map holds at most one entry per IANA zone and format; an unknown
 * zone throws below and is not kept.
 */
const clocks = new Map<string, Intl.DateTimeFormat>();

function clockOf(timeZone: string, format: keyof typeof FORMATS = 'dateHour'): Intl.DateTimeFormat {
  const key = `${format} ${timeZone.toLowerCase()}`;
  let clock = clocks.get(key);
  if (!clock) {
    const [locale, options] = FORMATS[format];
    clock = new Intl.DateTimeFormat(locale, { ...options, timeZone });
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

/** HH:MM (24-hour) of an instant in a zone Intl knows; a RangeError for one it does not. */
export function localTime(at: Date, timeZone: string): string {
  return clockOf(timeZone, 'hourMinute').format(at);
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
