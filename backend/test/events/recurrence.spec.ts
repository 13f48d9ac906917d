import {
  isLocalDate,
  isTimeZone,
  occurrences,
  rfc5545,
  type Rule,
  type Schedule,
} from '../../src/modules/events/recurrence';

const WINDOW = { from: new Date('2026-01-01T00:00:00Z'), to: new Date('2028-01-01T00:00:00Z') };

function localClock(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(instant);
}

function rule(overrides: Partial<Rule>): Rule {
  return {
    frequency: 'weekly',
    interval: 1,
    monthlyBy: 'date',
    until: null,
    count: null,
    ...overrides,
  };
}

describe('event recurrence', () => {
  it.each([
    // Sydney leaves daylight saving on 5 April 2026 (UTC+11 → UTC+10).
    [
      'Australia/Sydney',
      '2026-03-21',
      [
        '2026-03-20T23:00:00.000Z',
        '2026-03-27T23:00:00.000Z',
        '2026-04-03T23:00:00.000Z',
        '2026-04-11T00:00:00.000Z',
        '2026-04-18T00:00:00.000Z',
      ],
    ],
    // New York enters daylight saving on 8 March 2026 (UTC−5 → UTC−4).
    [
      'America/New_York',
      '2026-02-21',
      [
        '2026-02-21T15:00:00.000Z',
        '2026-02-28T15:00:00.000Z',
        '2026-03-07T15:00:00.000Z',
        '2026-03-14T14:00:00.000Z',
        '2026-03-21T14:00:00.000Z',
      ],
    ],
  ])(
    'keeps a weekly 10:00 start at 10:00 local across the DST change in %s',
    (zone, start, expected) => {
      const schedule: Schedule = {
        timeZone: zone,
        startDate: start,
        startTime: '10:00',
        endTime: '12:00',
      };
      const dates = occurrences(rule({ count: 5 }), schedule, WINDOW);
      expect(dates.map((date) => date.startsAt.toISOString())).toEqual(expected);
      for (const date of dates) {
        expect(localClock(date.startsAt, zone)).toBe('10:00');
        expect(localClock(date.endsAt, zone)).toBe('12:00');
      }
    },
  );

  it('repeats monthly on the nth weekday and on the last weekday', () => {
    const schedule: Schedule = {
      timeZone: 'Europe/Berlin',
      startDate: '2026-01-10',
      startTime: '09:30',
      endTime: '11:00',
    };
    // 10 January 2026 is the 2nd Saturday.
    const second = occurrences(
      rule({ frequency: 'monthly', monthlyBy: 'weekday', count: 4 }),
      schedule,
      WINDOW,
    );
    expect(second.map((date) => date.localDate)).toEqual([
      '2026-01-10',
      '2026-02-14',
      '2026-03-14',
      '2026-04-11',
    ]);
    const last = occurrences(
      rule({ frequency: 'monthly', monthlyBy: 'last_weekday', count: 3 }),
      { ...schedule, startDate: '2026-01-31' },
      WINDOW,
    );
    expect(last.map((date) => date.localDate)).toEqual(['2026-01-31', '2026-02-28', '2026-03-28']);
    const byDate = occurrences(
      rule({ frequency: 'monthly', count: 3 }),
      { ...schedule, startDate: '2026-01-15' },
      WINDOW,
    );
    expect(byDate.map((date) => date.localDate)).toEqual([
      '2026-01-15',
      '2026-02-15',
      '2026-03-15',
    ]);
  });

  it('ends on until or after count, whichever comes first', () => {
    const schedule: Schedule = {
      timeZone: 'UTC',
      startDate: '2026-06-01',
      startTime: '18:00',
      endTime: '20:00',
    };
    const until = occurrences(rule({ until: '2026-06-22' }), schedule, WINDOW);
    expect(until.map((date) => date.localDate)).toEqual([
      '2026-06-01',
      '2026-06-08',
      '2026-06-15',
      '2026-06-22',
    ]);
    const count = occurrences(rule({ count: 2 }), schedule, WINDOW);
    expect(count.map((date) => date.localDate)).toEqual(['2026-06-01', '2026-06-08']);
    const both = occurrences(rule({ count: 10, until: '2026-06-10' }), schedule, WINDOW);
    expect(both).toHaveLength(2);
    const everyTwo = occurrences(rule({ interval: 2, count: 3 }), schedule, WINDOW);
    expect(everyTwo.map((date) => date.localDate)).toEqual([
      '2026-06-01',
      '2026-06-15',
      '2026-06-29',
    ]);
  });

  it('ends the next day when the end is not after the start, and caps the dates made', () => {
    const schedule: Schedule = {
      timeZone: 'UTC',
      startDate: '2026-06-01',
      startTime: '22:00',
      endTime: '01:00',
    };
    const [date] = occurrences(rule({ frequency: 'once' }), schedule, WINDOW);
    expect(date.endsAt.toISOString()).toBe('2026-06-02T01:00:00.000Z');
    const decade = { from: WINDOW.from, to: new Date('2030-01-01T00:00:00Z') };
    expect(occurrences(rule({}), schedule, decade, 100)).toHaveLength(100);
  });

  it('writes the rule as RFC 5545 text and checks its inputs', () => {
    const schedule: Schedule = {
      timeZone: 'Australia/Sydney',
      startDate: '2026-03-14',
      startTime: '10:00',
      endTime: '12:00',
    };
    expect(
      rfc5545(rule({ frequency: 'monthly', monthlyBy: 'weekday', until: '2026-12-31' }), schedule),
    ).toBe(
      'DTSTART;TZID=Australia/Sydney:20260314T100000\nRRULE:FREQ=MONTHLY;INTERVAL=1;UNTIL=20261231T235900;BYDAY=+2SA',
    );
    expect(isTimeZone('Australia/Sydney')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isLocalDate('2026-02-29')).toBe(false);
    expect(isLocalDate('2028-02-29')).toBe(true);
  });
});
