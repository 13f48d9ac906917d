import { localClock, localTime } from '../time-zone';

describe('localTime', () => {
  afterEach(() => jest.restoreAllMocks());

  it('gives HH:MM on a 24-hour clock in the zone, across a DST change', () => {
    // Melbourne: UTC+11 in January (daylight time), UTC+10 in July.
    expect(localTime(new Date('2026-01-15T13:00:00Z'), 'Australia/Melbourne')).toBe('00:00');
    expect(localTime(new Date('2026-07-15T13:05:00Z'), 'Australia/Melbourne')).toBe('23:05');
    expect(localTime(new Date('2026-07-15T13:05:00Z'), 'America/New_York')).toBe('09:05');
  });

  it('reads zone names in any case, as Intl does', () => {
    const instant = new Date('2026-03-02T08:30:00Z');
    expect(localTime(instant, 'europe/berlin')).toBe('09:30');
    expect(localTime(instant, 'EUROPE/BERLIN')).toBe(localTime(instant, 'Europe/Berlin'));
  });

  it('makes one formatter per zone, not one per call (each holds ICU memory V8 does not count)', () => {
    const made = jest.spyOn(Intl, 'DateTimeFormat');
    for (let minute = 0; minute < 50; minute++) {
      localTime(new Date(Date.UTC(2026, 4, 1, 12, minute)), 'Pacific/Auckland');
      localTime(new Date(Date.UTC(2026, 4, 1, 12, minute)), 'PACIFIC/AUCKLAND');
    }
    expect(made.mock.calls.length).toBeLessThanOrEqual(1);
    expect(localTime(new Date(Date.UTC(2026, 4, 1, 12, 7)), 'Pacific/Auckland')).toBe('00:07');
  });

  it('keeps one formatter per zone and format for localTime and localClock, whatever the case', () => {
    const made = jest.spyOn(Intl, 'DateTimeFormat');
    const instant = new Date(Date.UTC(2026, 4, 1, 12, 7));
    for (const zone of ['Asia/Kathmandu', 'asia/kathmandu', 'ASIA/KATHMANDU']) {
      expect(localTime(instant, zone)).toBe('17:52');
      expect(localClock(instant, zone)).toEqual({ date: '2026-05-01', hour: 17 });
    }
    expect(made.mock.calls.length).toBeLessThanOrEqual(2);
  });

  it('throws for a zone Intl does not know, and does not keep it', () => {
    expect(() => localTime(new Date(), 'Mars/Olympus_Mons')).toThrow(RangeError);
    expect(() => localTime(new Date(), 'Mars/Olympus_Mons')).toThrow(RangeError);
  });
});
