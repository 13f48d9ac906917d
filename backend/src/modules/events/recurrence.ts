import { TZDate } from '@date-fns/tz';
import { Frequency as RRuleFrequency, RRule, type Weekday } from 'rrule';
import type { Frequency, MonthlyBy } from './entities/event-template.entity';

export { isTimeZone } from '../../platform/time-zone/time-zone';

/**
 * An event's dates from its rule, with no date arithmetic of our own: `rrule` walks the rule in
 * "floating" local time (UTC fields standing for the wall clock), and `@date-fns/tz` turns each
 * local date and time into an instant in the event's IANA zone. So a 10:00 event stays at 10:00
 * local across daylight-saving changes, and a monthly "2nd Saturday" is the calendar's.
 */

/** How far ahead dates are made, and how many an event may have made at once. */
export const HORIZON_MONTHS = 12;
export const MAX_DATES = 100;

export interface Rule {
  frequency: Frequency;
  interval: number;
  monthlyBy: MonthlyBy;
  /** The last local date (YYYY-MM-DD) a repetition may fall on. */
  until: string | null;
  /** How many dates in all, counted from the start date. */
  count: number | null;
}

export interface Schedule {
  timeZone: string;
  /** YYYY-MM-DD, local. */
  startDate: string;
  /** HH:MM, local; an end at or before the start is on the next day. */
  startTime: string;
  endTime: string;
}

export interface Occurrence {
  localDate: string;
  startsAt: Date;
  endsAt: Date;
}

const WEEKDAYS: Weekday[] = [RRule.SU, RRule.MO, RRule.TU, RRule.WE, RRule.TH, RRule.FR, RRule.SA];
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** A real calendar date (no 31 February), as YYYY-MM-DD. */
export function isLocalDate(value: unknown): value is string {
  const match = typeof value === 'string' ? DATE.exec(value) : null;
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    year >= 1970 &&
    year <= 9999 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day
  );
}

export function isLocalTime(value: unknown): value is string {
  return typeof value === 'string' && TIME.test(value);
}

function parts(date: string): [number, number, number] {
  const [year, month, day] = date.split('-').map(Number);
  return [year, month - 1, day];
}

function floating(date: string, time = '00:00'): Date {
  const [year, month, day] = parts(date);
  const [hours, minutes] = time.split(':').map(Number);
  return new Date(Date.UTC(year, month, day, hours, minutes));
}

function dateOf(floatingDate: Date): string {
  return floatingDate.toISOString().slice(0, 10);
}

/** The instant of a local date and time in a zone. */
export function instantOf(date: string, time: string, timeZone: string): Date {
  const [year, month, day] = parts(date);
  const [hours, minutes] = time.split(':').map(Number);
  return new Date(new TZDate(year, month, day, hours, minutes, timeZone).getTime());
}

/** The local date (YYYY-MM-DD) of an instant in a zone. */
export function localDateOf(instant: Date, timeZone: string): string {
  const local = new TZDate(instant.getTime(), timeZone);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${local.getFullYear()}-${pad(local.getMonth() + 1)}-${pad(local.getDate())}`;
}

/** The next calendar date after a local date. */
export function nextDate(date: string): string {
  const next = floating(date);
  next.setUTCDate(next.getUTCDate() + 1);
  return dateOf(next);
}

/** A date's start and end instants: the end on the next day when it is not after the start. */
export function occurrenceOn(date: string, schedule: Omit<Schedule, 'startDate'>): Occurrence {
  const startsAt = instantOf(date, schedule.startTime, schedule.timeZone);
  const endDate = schedule.endTime > schedule.startTime ? date : nextDate(date);
  let endsAt = instantOf(endDate, schedule.endTime, schedule.timeZone);
  // A start inside a daylight-saving gap moves forward; never let the end fall before it.
  if (endsAt.getTime() <= startsAt.getTime()) endsAt = new Date(startsAt.getTime() + 60_000);
  return { localDate: date, startsAt, endsAt };
}

function rruleOf(rule: Rule, schedule: Schedule): RRule {
  const dtstart = floating(schedule.startDate, schedule.startTime);
  const weekday = WEEKDAYS[dtstart.getUTCDay()];
  const nth = Math.ceil(dtstart.getUTCDate() / 7);
  return new RRule({
    freq:
      rule.frequency === 'monthly'
        ? RRuleFrequency.MONTHLY
        : rule.frequency === 'weekly'
          ? RRuleFrequency.WEEKLY
          : RRuleFrequency.DAILY,
    interval: rule.frequency === 'once' ? 1 : rule.interval,
    dtstart,
    count: rule.frequency === 'once' ? 1 : (rule.count ?? undefined),
    until: rule.frequency !== 'once' && rule.until ? floating(rule.until, '23:59') : undefined,
    ...(rule.frequency === 'weekly' ? { byweekday: [weekday] } : {}),
    ...(rule.frequency === 'monthly' && rule.monthlyBy === 'date'
      ? { bymonthday: [dtstart.getUTCDate()] }
      : {}),
    ...(rule.frequency === 'monthly' && rule.monthlyBy === 'weekday'
      ? { byweekday: [weekday.nth(nth)] }
      : {}),
    ...(rule.frequency === 'monthly' && rule.monthlyBy === 'last_weekday'
      ? { byweekday: [weekday.nth(-1)] }
      : {}),
  });
}

/**
 * The rule as RFC 5545 text: DTSTART with the zone's TZID (local time) and the RRULE (none for a
 * single date), e.g. `DTSTART;TZID=Australia/Sydney:20260314T100000` + `RRULE:FREQ=MONTHLY;…`.
 */
export function rfc5545(rule: Rule, schedule: Schedule): string {
  const start = `DTSTART;TZID=${schedule.timeZone}:${schedule.startDate.replace(/-/g, '')}T${schedule.startTime.replace(':', '')}00`;
  if (rule.frequency === 'once') return start;
  const text = rruleOf(rule, schedule).toString();
  const line = text.split('\n').find((row) => row.startsWith('RRULE:')) as string;
  // rrule writes UNTIL in floating time as UTC ("Z"); as local wall time it has no zone letter.
  return `${start}\n${line.replace(/(UNTIL=\d{8}T\d{6})Z/, '$1')}`;
}

/**
 * The rule's dates whose start falls in [from, to), in order, at most `max`. Dates before
 * `from` still count towards the rule's COUNT (it counts from the start date).
 */
export function occurrences(
  rule: Rule,
  schedule: Schedule,
  window: { from: Date; to: Date },
  max = MAX_DATES,
): Occurrence[] {
  const result: Occurrence[] = [];
  // Floating bounds a day wider than the window, so no zone's offset cuts a date off.
  const last = new Date(window.to.getTime() + 86_400_000 * 2);
  rruleOf(rule, schedule).all((date, index) => {
    if (date.getTime() > last.getTime() || result.length >= max || index > 10_000) return false;
    const occurrence = occurrenceOn(dateOf(date), schedule);
    if (
      occurrence.startsAt.getTime() >= window.from.getTime() &&
      occurrence.startsAt.getTime() < window.to.getTime()
    )
      result.push(occurrence);
    return true;
  });
  return result;
}

/** The end of the horizon dates are made up to: HORIZON_MONTHS from now. */
export function horizonEnd(now: Date): Date {
  const end = new Date(now.getTime());
  end.setUTCMonth(end.getUTCMonth() + HORIZON_MONTHS);
  return end;
}

/** A short human text of the rule, e.g. "Every 2 weeks on Saturday, 6 times". */
export function describeRule(rule: Rule, schedule: Schedule): string {
  if (rule.frequency === 'once') return 'Once';
  const text = rruleOf(rule, schedule).toText();
  return text.charAt(0).toUpperCase() + text.slice(1);
}
