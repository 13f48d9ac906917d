import { Stack, Text } from '@plantfolk/ui';
import { browserTimeZone, formatHours, formatTimeRange, zonesDiffer } from './zoned-time';

export interface EventTimeProps {
  /** ISO instants. */
  startsAt: string;
  endsAt?: string | null;
  /** The event's IANA zone: its times are read there first. */
  timeZone: string;
  /** The viewer's zone; the browser's by default. */
  viewerTimeZone?: string;
  size?: 'xs' | 'sm' | 'md';
  /** The day is shown already (a date's heading): the event's line gives the hours only. */
  hoursOnly?: boolean;
}

/**
 * When a date of an event happens, in the event's own zone and, when the viewer's clocks read
 * otherwise, in the viewer's zone too ("your time").
 */
export function EventTime({
  startsAt,
  endsAt = null,
  timeZone,
  viewerTimeZone = browserTimeZone(),
  size = 'sm',
  hoursOnly = false,
}: EventTimeProps) {
  const start = new Date(startsAt);
  const end = endsAt ? new Date(endsAt) : null;
  if (Number.isNaN(start.getTime())) return null;
  const validEnd = end && !Number.isNaN(end.getTime()) ? end : null;
  const differs = zonesDiffer(start, validEnd, timeZone, viewerTimeZone);
  return (
    <Stack gap={0}>
      <Text size={size} fw={600} component="p">
        <time dateTime={start.toISOString()}>
          {hoursOnly
            ? formatHours(start, validEnd, timeZone)
            : formatTimeRange(start, validEnd, timeZone)}
        </time>
      </Text>
      {differs && (
        <Text size="xs" c="dimmed" component="p" data-testid="viewer-time">
          Your time: {formatTimeRange(start, validEnd, viewerTimeZone)}
        </Text>
      )}
    </Stack>
  );
}
