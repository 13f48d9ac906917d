import { Frequency, RRule, type Options, type Weekday } from 'rrule';
import { parseWallTime, type WallTime } from '../time/zoned-time';

/**
 * How an event repeats, as the recurrence picker edits it and the API stores it: once, every n
 * weeks, or every n months on the start's day of the month, its nth weekday ("the second
 * Saturday") or its last such weekday; until a last date or for a number of dates (the API takes
 * both and stops at whichever comes first; the picker sets one). Everything is read from the first
 * date, so the rule never contradicts it. The dates are walked with `rrule`, as the API does.
 */
export type RecurrenceFrequency = 'once' | 'weekly' | 'monthly';
export type MonthlyBy = 'date' | 'weekday' | 'last_weekday';
export type RecurrenceEnd = 'until' | 'count';

export interface Recurrence {
  frequency: RecurrenceFrequency;
  /** Every this many weeks or months (1 = every week or month). */
  interval: number;
  monthlyBy: MonthlyBy;
  end: RecurrenceEnd;
  /** The last local day a date may fall on (`2027-03-31`), with `end: 'until'`. */
  until: string;
  /** How many dates in all, the first included, with `end: 'count'`. */
  count: number;
}

export const recurrenceLimits = {
  maxInterval: 12,
  minCount: 2,
  maxCount: 100,
  /** How many coming dates the picker shows. */
  previewSize: 6,
} as const;

export const onceOnly: Recurrence = {
  frequency: 'once',
  interval: 1,
  monthlyBy: 'date',
  end: 'count',
  until: '',
  count: 4,
};

const weekdays: Weekday[] = [RRule.SU, RRule.MO, RRule.TU, RRule.WE, RRule.TH, RRule.FR, RRule.SA];
const weekdayNames = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const ordinals = ['first', 'second', 'third', 'fourth', 'fifth'];

/**
 * rrule reads and writes "floating" times as UTC fields: 10:00 on a Saturday is the Date whose
 * UTC clock shows 10:00 on that Saturday, whatever zone the event is in. The dates it makes are
 * wall times in the event's zone (the same 10:00 either side of a daylight-saving change).
 */
function floating(wall: WallTime): Date | null {
  const parts = parseWallTime(wall);
  if (!parts) return null;
  return new Date(Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute));
}

function wallOf(date: Date): WallTime {
  return date.toISOString().slice(0, 16);
}

/** Whether the first date is the last of its weekday in its month (then "last" is offered). */
export function isLastWeekdayOfMonth(start: WallTime): boolean {
  const date = floating(start);
  if (!date) return false;
  const nextWeek = new Date(date.getTime() + 7 * 86_400_000);
  return nextWeek.getUTCMonth() !== date.getUTCMonth();
}

/** "the second Saturday" (or with `last`, "the last Saturday") of the month `start` falls on. */
export function nthWeekdayLabel(start: WallTime, last = false): string {
  const date = floating(start);
  if (!date) return 'the same weekday';
  const which = last ? 'last' : ordinals[Math.ceil(date.getUTCDate() / 7) - 1];
  return `the ${which} ${weekdayNames[date.getUTCDay()]}`;
}

/** What is wrong with a recurrence for a first date `start`, or null. */
export function recurrenceProblem(recurrence: Recurrence, start: WallTime): string | null {
  if (recurrence.frequency === 'once') return null;
  const first = floating(start);
  if (!first) return 'Choose the first date and time before the repeats.';
  const n = recurrence.interval;
  if (!Number.isInteger(n) || n < 1 || n > recurrenceLimits.maxInterval) {
    const unit = recurrence.frequency === 'weekly' ? 'weeks' : 'months';
    return `Repeat every 1 to ${recurrenceLimits.maxInterval} ${unit}.`;
  }
  if (recurrence.frequency === 'monthly' && recurrence.monthlyBy === 'last_weekday') {
    if (!isLastWeekdayOfMonth(start)) {
      return `The first date is not ${nthWeekdayLabel(start, true)} of its month.`;
    }
  }
  if (recurrence.end === 'count') {
    const { minCount, maxCount } = recurrenceLimits;
    if (
      !Number.isInteger(recurrence.count) ||
      recurrence.count < minCount ||
      recurrence.count > maxCount
    ) {
      return `A repeating event has ${minCount} to ${maxCount} dates.`;
    }
    return null;
  }
  const until = floating(`${recurrence.until}T23:59`);
  if (!until) return 'Choose the last date the event repeats on.';
  if (until.getTime() <= first.getTime()) return 'The last date comes after the first one.';
  return null;
}

function rruleOf(recurrence: Recurrence, first: Date): RRule {
  const weekday = weekdays[first.getUTCDay()]!;
  const options: Partial<Options> = {
    dtstart: first,
    freq: recurrence.frequency === 'weekly' ? Frequency.WEEKLY : Frequency.MONTHLY,
    interval: recurrence.interval,
  };
  if (recurrence.frequency === 'weekly') options.byweekday = [weekday];
  else if (recurrence.monthlyBy === 'date') options.bymonthday = [first.getUTCDate()];
  else if (recurrence.monthlyBy === 'weekday') {
    options.byweekday = [weekday.nth(Math.ceil(first.getUTCDate() / 7))];
  } else options.byweekday = [weekday.nth(-1)];
  if (recurrence.end === 'count') options.count = recurrence.count;
  else options.until = floating(`${recurrence.until}T23:59`);
  return new RRule(options);
}

/**
 * The dates of the event as wall times in its zone, the first included: at most `limit`, and
 * `total`, how many there are in all (at most the API's 100).
 */
export function upcomingDates(
  recurrence: Recurrence,
  start: WallTime,
  limit: number = recurrenceLimits.previewSize,
): { dates: WallTime[]; total: number } {
  const first = floating(start);
  if (!first) return { dates: [], total: 0 };
  if (recurrence.frequency === 'once') return { dates: [start], total: 1 };
  if (recurrenceProblem(recurrence, start) !== null) return { dates: [], total: 0 };
  const all = rruleOf(recurrence, first).all((_date, index) => index <= recurrenceLimits.maxCount);
  return { dates: all.slice(0, limit).map(wallOf), total: all.length };
}

/** "Every 2 weeks on Saturday, 6 times": the rule in words. */
export function describeRecurrence(recurrence: Recurrence, start: WallTime): string {
  const first = floating(start);
  if (recurrence.frequency === 'once' || !first) return 'Once';
  const weekday = weekdayNames[first.getUTCDay()];
  const n = recurrence.interval;
  const every =
    recurrence.frequency === 'weekly'
      ? n === 1
        ? 'Every week'
        : `Every ${n} weeks`
      : n === 1
        ? 'Monthly'
        : `Every ${n} months`;
  const on =
    recurrence.frequency === 'weekly'
      ? `on ${weekday}`
      : recurrence.monthlyBy === 'date'
        ? `on day ${first.getUTCDate()}`
        : `on ${nthWeekdayLabel(start, recurrence.monthlyBy === 'last_weekday')}`;
  const repeat = `${every} ${on}`;
  if (recurrence.end === 'count') return `${repeat}, ${recurrence.count} times`;
  const until = floating(`${recurrence.until}T00:00`);
  if (!until) return repeat;
  const day = new Intl.DateTimeFormat('en-AU', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(until);
  return `${repeat}, until ${day}`;
}
