import { formatFullDate, formatRelativeTime } from '../format-time';

/** A `<time>` showing how long ago, with the full date on hover and for assistive technology. */
export function TimeAgo({ iso }: { iso: string }) {
  const full = formatFullDate(iso);
  return (
    <time dateTime={iso} title={full} aria-label={full}>
      {formatRelativeTime(iso)}
    </time>
  );
}
