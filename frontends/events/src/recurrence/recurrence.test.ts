import { describe, expect, it } from 'vitest';
import {
  describeRecurrence,
  isLastWeekdayOfMonth,
  nthWeekdayLabel,
  onceOnly,
  recurrenceProblem,
  upcomingDates,
  type Recurrence,
} from './recurrence';

// Saturday 14 November 2026, 10:00: the second Saturday of its month.
const start = '2026-11-14T10:00';
const weekly: Recurrence = { ...onceOnly, frequency: 'weekly', count: 4 };
const monthly: Recurrence = { ...onceOnly, frequency: 'monthly', count: 3 };

describe('recurrence rules', () => {
  it('is one date when it does not repeat', () => {
    expect(upcomingDates(onceOnly, start)).toEqual({ dates: [start], total: 1 });
  });

  it('repeats weekly on the weekday of the first date', () => {
    expect(upcomingDates(weekly, start)).toEqual({
      dates: ['2026-11-14T10:00', '2026-11-21T10:00', '2026-11-28T10:00', '2026-12-05T10:00'],
      total: 4,
    });
  });

  it('repeats every n weeks until a last day, that day included', () => {
    const fortnightly: Recurrence = { ...weekly, interval: 2, end: 'until', until: '2026-12-26' };
    expect(upcomingDates(fortnightly, start).dates).toEqual([
      '2026-11-14T10:00',
      '2026-11-28T10:00',
      '2026-12-12T10:00',
      '2026-12-26T10:00',
    ]);
  });

  it('repeats monthly by date, by the nth weekday or by the last weekday', () => {
    expect(upcomingDates(monthly, start).dates).toEqual([
      '2026-11-14T10:00',
      '2026-12-14T10:00',
      '2027-01-14T10:00',
    ]);
    expect(nthWeekdayLabel(start)).toBe('the second Saturday');
    expect(upcomingDates({ ...monthly, monthlyBy: 'weekday' }, start).dates).toEqual([
      '2026-11-14T10:00',
      '2026-12-12T10:00',
      '2027-01-09T10:00',
    ]);
    const lastSunday = '2026-11-29T09:30';
    expect(isLastWeekdayOfMonth(lastSunday)).toBe(true);
    expect(isLastWeekdayOfMonth(start)).toBe(false);
    expect(nthWeekdayLabel(lastSunday, true)).toBe('the last Sunday');
    expect(
      upcomingDates({ ...monthly, monthlyBy: 'last_weekday', count: 2 }, lastSunday).dates,
    ).toEqual(['2026-11-29T09:30', '2026-12-27T09:30']);
  });

  it('repeats every n months', () => {
    expect(upcomingDates({ ...monthly, interval: 3 }, start).dates).toEqual([
      '2026-11-14T10:00',
      '2027-02-14T10:00',
      '2027-05-14T10:00',
    ]);
  });

  it('keeps the wall time across a daylight-saving change', () => {
    expect(upcomingDates({ ...weekly, count: 3 }, '2026-10-24T19:00').dates).toEqual([
      '2026-10-24T19:00',
      '2026-10-31T19:00',
      '2026-11-07T19:00',
    ]);
  });

  it('previews the first dates of a long series and counts them all', () => {
    const preview = upcomingDates({ ...weekly, count: 20 }, start, 3);
    expect(preview.dates).toHaveLength(3);
    expect(preview.total).toBe(20);
  });

  it('says what is wrong with a rule it cannot publish', () => {
    expect(recurrenceProblem({ ...weekly, interval: 0 }, start)).toBe(
      'Repeat every 1 to 12 weeks.',
    );
    expect(recurrenceProblem({ ...monthly, interval: 13 }, start)).toBe(
      'Repeat every 1 to 12 months.',
    );
    expect(recurrenceProblem({ ...weekly, count: 1 }, start)).toBe(
      'A repeating event has 2 to 100 dates.',
    );
    expect(recurrenceProblem({ ...weekly, end: 'until', until: '2026-11-01' }, start)).toBe(
      'The last date comes after the first one.',
    );
    expect(recurrenceProblem({ ...weekly, end: 'until', until: '' }, start)).toBe(
      'Choose the last date the event repeats on.',
    );
    expect(recurrenceProblem({ ...monthly, monthlyBy: 'last_weekday' }, start)).toBe(
      'The first date is not the last Saturday of its month.',
    );
    expect(recurrenceProblem(weekly, '')).toMatch(/first date/);
    expect(upcomingDates({ ...weekly, count: 1 }, start)).toEqual({ dates: [], total: 0 });
  });

  it('says the rule in words', () => {
    expect(describeRecurrence({ ...weekly, interval: 2, count: 6 }, start)).toBe(
      'Every 2 weeks on Saturday, 6 times',
    );
    expect(
      describeRecurrence(
        { ...monthly, monthlyBy: 'weekday', end: 'until', until: '2027-06-30' },
        start,
      ),
    ).toBe('Monthly on the second Saturday, until 30 June 2027');
    expect(describeRecurrence({ ...monthly, interval: 2 }, start)).toBe(
      'Every 2 months on day 14, 3 times',
    );
    expect(describeRecurrence(onceOnly, start)).toBe('Once');
  });
});
