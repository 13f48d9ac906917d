import { describe, expect, it } from 'vitest';
import {
  formatHours,
  formatTimeRange,
  instantToWallTime,
  isValidTimeZone,
  parseWallTime,
  wallTimeToInstant,
  zonesDiffer,
} from './zoned-time';

describe('wall times in a zone', () => {
  it('reads a wall time in the zone it is given, not the browser’s', () => {
    expect(wallTimeToInstant('2026-12-05T10:00', 'Australia/Melbourne')?.toISOString()).toBe(
      '2026-12-04T23:00:00.000Z',
    );
    expect(wallTimeToInstant('2026-07-04T10:00', 'Australia/Melbourne')?.toISOString()).toBe(
      '2026-07-04T00:00:00.000Z',
    );
    expect(wallTimeToInstant('2026-07-04T10:00', 'Europe/Berlin')?.toISOString()).toBe(
      '2026-07-04T08:00:00.000Z',
    );
  });

  it('moves a time in the skipped hour forward, and takes the first of a repeated hour', () => {
    // Melbourne: clocks go from 02:00 to 03:00 on 4 Oct 2026, and from 03:00 to 02:00 on 5 Apr.
    expect(
      instantToWallTime(
        wallTimeToInstant('2026-10-04T02:30', 'Australia/Melbourne')!,
        'Australia/Melbourne',
      ),
    ).toBe('2026-10-04T03:30');
    expect(wallTimeToInstant('2026-04-05T02:30', 'Australia/Melbourne')?.toISOString()).toBe(
      '2026-04-04T15:30:00.000Z',
    );
  });

  it('goes back and forth between instants and wall times', () => {
    const instant = new Date('2027-01-31T21:15:00Z');
    expect(instantToWallTime(instant, 'America/New_York')).toBe('2027-01-31T16:15');
    expect(wallTimeToInstant('2027-01-31T16:15', 'America/New_York')).toEqual(instant);
  });

  it('refuses impossible dates and unknown zones', () => {
    expect(parseWallTime('2026-02-30T10:00')).toBeNull();
    expect(parseWallTime('2026-02-03 10:00')).toBeNull();
    expect(wallTimeToInstant('2026-02-03T10:00', 'Mars/Olympus')).toBeNull();
    expect(isValidTimeZone('Europe/Berlin')).toBe(true);
    expect(isValidTimeZone('')).toBe(false);
  });
});

describe('formatting a date of an event', () => {
  const start = new Date('2026-12-04T23:00:00Z');
  const end = new Date('2026-12-05T02:00:00Z');

  it('names the day, the hours and the zone', () => {
    expect(formatTimeRange(start, end, 'Australia/Melbourne')).toBe(
      'Sat, 5 Dec 2026, 10:00 am – 1:00 pm AEDT',
    );
  });

  it('names both days when the end is on another day there', () => {
    expect(formatTimeRange(start, end, 'Europe/London')).toBe(
      'Fri, 4 Dec 2026, 11:00 pm – Sat, 5 Dec 2026, 2:00 am GMT',
    );
  });

  it('gives the hours alone when the day is shown already', () => {
    expect(formatHours(start, end, 'Australia/Melbourne')).toBe('10:00 am – 1:00 pm AEDT');
    expect(formatHours(start, end, 'Europe/London')).toBe(
      '11:00 pm – Sat, 5 Dec 2026, 2:00 am GMT',
    );
  });

  it('tells zones apart by their clocks, not their names', () => {
    expect(zonesDiffer(start, end, 'Europe/Paris', 'Europe/Berlin')).toBe(false);
    expect(zonesDiffer(start, end, 'Australia/Melbourne', 'Australia/Sydney')).toBe(false);
    expect(zonesDiffer(start, end, 'Australia/Melbourne', 'Australia/Brisbane')).toBe(true);
  });
});
