const fullFormat = new Intl.DateTimeFormat('en-AU', { dateStyle: 'medium', timeStyle: 'short' });
const dayMonth = new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'short' });
const dayMonthYear = new Intl.DateTimeFormat('en-AU', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * How long ago, the way social apps say it: "just now", "5 min", "3 h", "2 d", then the date
 * ("12 Mar", with the year when it is not this year's).
 */
export function formatRelativeTime(iso: string, now: Date = new Date()): string {
  const time = new Date(iso);
  if (Number.isNaN(time.getTime())) return '';
  const elapsed = now.getTime() - time.getTime();
  if (elapsed < MINUTE) return 'just now';
  if (elapsed < HOUR) return `${Math.floor(elapsed / MINUTE)} min`;
  if (elapsed < DAY) return `${Math.floor(elapsed / HOUR)} h`;
  if (elapsed < 7 * DAY) return `${Math.floor(elapsed / DAY)} d`;
  return time.getFullYear() === now.getFullYear()
    ? dayMonth.format(time)
    : dayMonthYear.format(time);
}

/** The full date and time, for tooltips and screen readers. */
export function formatFullDate(iso: string): string {
  const time = new Date(iso);
  return Number.isNaN(time.getTime()) ? '' : fullFormat.format(time);
}
