/**
 * Wall-clock times in a named time zone, with nothing but `Intl`: an event happens at 10:00 in
 * its own zone whatever zone the browser is in, and viewers elsewhere see both.
 */

/** A wall-clock time as a `datetime-local` input holds it: `2026-12-05T10:00`. */
export type WallTime = string;

const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

const LOCALE = 'en-AU';

/** The zone the browser is in (`Australia/Melbourne`), or UTC where it does not say. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** Whether `Intl` knows the zone (IANA names such as `Europe/Berlin`, and `UTC`). */
export function isValidTimeZone(zone: string): boolean {
  if (!zone) return false;
  try {
    new Intl.DateTimeFormat(LOCALE, { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The IANA zones the browser knows, for a zone picker (the browser's own first). */
export function timeZoneChoices(current: string = browserTimeZone()): string[] {
  const known =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set([current, ...known, 'UTC'])].filter(isValidTimeZone);
}

const partsFormats = new Map<string, Intl.DateTimeFormat>();

function partsFormat(zone: string): Intl.DateTimeFormat {
  let format = partsFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    partsFormats.set(zone, format);
  }
  return format;
}

interface WallParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function wallPartsAt(instant: Date, zone: string): WallParts {
  const parts: Record<string, number> = {};
  for (const part of partsFormat(zone).formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? 1970,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: (parts.hour ?? 0) % 24,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

/** How far the zone's clocks are ahead of UTC at `instant`, in milliseconds. */
export function zoneOffsetMs(instant: Date, zone: string): number {
  const wall = wallPartsAt(instant, zone);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/** Parses `2026-12-05T10:00`; null for anything else (including 2026-02-30). */
export function parseWallTime(wall: WallTime): WallParts | null {
  const match = WALL_TIME.exec(wall);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const check = new Date(Date.UTC(year, month - 1, day, hour, minute));
  if (
    check.getUTCFullYear() !== year ||
    check.getUTCMonth() !== month - 1 ||
    check.getUTCDate() !== day ||
    hour > 23 ||
    minute > 59
  ) {
    return null;
  }
  return { year, month, day, hour, minute, second: 0 };
}

/**
 * The instant at which clocks in `zone` show `wall`. In the hour skipped when clocks go forward
 * the answer is the same wall time read with the offset before the change (02:30 becomes 03:30);
 * in the hour repeated when they go back, the first of the two.
 */
export function wallTimeToInstant(wall: WallTime, zone: string): Date | null {
  const parts = parseWallTime(wall);
  if (!parts || !isValidTimeZone(zone)) return null;
  const asUtc = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute);
  const firstGuess = asUtc - zoneOffsetMs(new Date(asUtc), zone);
  const offset = zoneOffsetMs(new Date(firstGuess), zone);
  const candidate = asUtc - offset;
  // Of two readings (the repeated hour), the earlier instant.
  const earlier = candidate - 3_600_000;
  if (instantToWallTime(new Date(earlier), zone) === wall) return new Date(earlier);
  return new Date(candidate);
}

/** What clocks in `zone` show at `instant`, as a `datetime-local` value. */
export function instantToWallTime(instant: Date, zone: string): WallTime {
  const wall = wallPartsAt(instant, zone);
  const pad = (value: number, size = 2) => String(value).padStart(size, '0');
  return `${pad(wall.year, 4)}-${pad(wall.month)}-${pad(wall.day)}T${pad(wall.hour)}:${pad(wall.minute)}`;
}

const dateFormatOptions: Intl.DateTimeFormatOptions = {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
};
const timeFormatOptions: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit' };

function format(instant: Date, zone: string, options: Intl.DateTimeFormatOptions): string {
  return new Intl.DateTimeFormat(LOCALE, { ...options, timeZone: zone }).format(instant);
}

/** "Sat, 5 Dec 2026" in `zone`. */
export function formatDay(instant: Date, zone: string): string {
  return format(instant, zone, dateFormatOptions);
}

/** "10:00 am" in `zone`. */
export function formatClock(instant: Date, zone: string): string {
  return format(instant, zone, timeFormatOptions);
}

/** The zone's short name at `instant` ("AEDT", "GMT+1"). */
export function zoneAbbreviation(instant: Date, zone: string): string {
  const parts = new Intl.DateTimeFormat(LOCALE, {
    timeZone: zone,
    timeZoneName: 'short',
  }).formatToParts(instant);
  return parts.find((part) => part.type === 'timeZoneName')?.value ?? zone;
}

/**
 * "Sat, 5 Dec 2026, 10:00 am – 1:00 pm AEDT", or with both days when the end falls on another
 * day in `zone`.
 */
export function formatTimeRange(start: Date, end: Date | null, zone: string): string {
  const day = formatDay(start, zone);
  const from = formatClock(start, zone);
  const abbreviation = zoneAbbreviation(start, zone);
  if (!end || end.getTime() <= start.getTime()) return `${day}, ${from} ${abbreviation}`;
  const endDay = formatDay(end, zone);
  const to = formatClock(end, zone);
  if (endDay === day) return `${day}, ${from} – ${to} ${abbreviation}`;
  return `${day}, ${from} – ${endDay}, ${to} ${zoneAbbreviation(end, zone)}`;
}

/**
 * Whether a viewer in `viewerZone` reads other clocks than those of `eventZone` over the event
 * (zones with other names but the same offsets, as Paris and Berlin, read the same).
 */
export function zonesDiffer(
  start: Date,
  end: Date | null,
  eventZone: string,
  viewerZone: string,
): boolean {
  if (eventZone === viewerZone) return false;
  return [start, end ?? start].some(
    (instant) => zoneOffsetMs(instant, eventZone) !== zoneOffsetMs(instant, viewerZone),
  );
}

/**
 * "10:00 am – 1:00 pm AEDT": the hours of a date whose day is shown already, or with the end's
 * day when it ends on another day in `zone`.
 */
export function formatHours(start: Date, end: Date | null, zone: string): string {
  const from = formatClock(start, zone);
  const abbreviation = zoneAbbreviation(start, zone);
  if (!end || end.getTime() <= start.getTime()) return `${from} ${abbreviation}`;
  const to = formatClock(end, zone);
  if (formatDay(end, zone) === formatDay(start, zone)) return `${from} – ${to} ${abbreviation}`;
  return `${from} – ${formatDay(end, zone)}, ${to} ${zoneAbbreviation(end, zone)}`;
}
