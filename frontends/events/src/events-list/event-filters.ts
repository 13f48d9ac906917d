import type { EventSummary } from '../api/events-api';
import { instantToWallTime } from '../time/zoned-time';

/** A date range of the lists: local days `YYYY-MM-DD`, either end open. */
export interface DateRange {
  from: string;
  to: string;
}

export const anyDate: DateRange = { from: '', to: '' };

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The range in the URL (`?from=2026-12-01&to=2026-12-31`); malformed ends are left open. */
export function rangeFromSearch(search: URLSearchParams): DateRange {
  const from = search.get('from') ?? '';
  const to = search.get('to') ?? '';
  return { from: DAY.test(from) ? from : '', to: DAY.test(to) ? to : '' };
}

export function rangeProblem(range: DateRange): string | null {
  if (range.from && range.to && range.to < range.from) return 'The end comes after the start.';
  return null;
}

/**
 * Whether an event's next date falls in the range, read on the calendar of the event's own zone
 * (an event on Saturday 5 December is on the 5th wherever the reader is).
 */
export function nextDateInRange(event: EventSummary, range: DateRange): boolean {
  if (!range.from && !range.to) return true;
  const next = event.next_date;
  if (!next) return false;
  const day = instantToWallTime(new Date(next.starts_at), event.time_zone).slice(0, 10);
  if (range.from && day < range.from) return false;
  if (range.to && day > range.to) return false;
  return true;
}
