import { Badge, Button, Group, Text, VisuallyHidden, formatCount } from '@plantfolk/ui';
import { useId } from 'react';
import { Link } from 'react-router';
import {
  attendanceColors,
  attendanceLabels,
  attendanceStatuses,
  type AttendanceStatus,
} from '../events-list/attendance';

export type AttendanceCounts = Record<AttendanceStatus, number>;

export interface AttendanceControlProps {
  /** The date the answer is for, as the page shows it ("Sat, 5 Dec 2026"). */
  dateLabel: string;
  counts: AttendanceCounts;
  /** The viewer's answer for this date; null: none yet. */
  value: AttendanceStatus | null;
  /** Answers for the viewer; without it the control only shows the counts. */
  onChange?: (status: AttendanceStatus) => void;
  /** The answer on its way to the API. */
  pending?: AttendanceStatus | null;
  /** Shown instead of the buttons when the viewer may not answer (a guest: how to sign in). */
  signInHref?: string;
  /** The date has passed: counts only. */
  past?: boolean;
}

/**
 * Going, Maybe, Not going for one date of an event: three toggle buttons with the number of
 * people who gave each answer. Guests and past dates see the counts only.
 */
export function AttendanceControl({
  dateLabel,
  counts,
  value,
  onChange,
  pending = null,
  signInHref,
  past = false,
}: AttendanceControlProps) {
  const labelId = useId();
  const label = `Your answer for ${dateLabel}`;
  if (!onChange || past) {
    return (
      <Group gap="xs" wrap="wrap" align="center">
        <Group
          gap={6}
          component="ul"
          className="pf-plain-list"
          aria-label={`Answers for ${dateLabel}`}
          wrap="wrap"
        >
          {attendanceStatuses.map((status) => (
            <li key={status}>
              <Badge variant="filled" color={attendanceColors[status]} autoContrast size="lg">
                {attendanceLabels[status]}: {formatCount(counts[status])}
              </Badge>
            </li>
          ))}
        </Group>
        {signInHref && !past && (
          <Text size="sm">
            <Link to={signInHref}>Log in to answer</Link>
          </Text>
        )}
      </Group>
    );
  }
  return (
    <div role="group" aria-labelledby={labelId}>
      <VisuallyHidden id={labelId}>{label}</VisuallyHidden>
      <Group gap={6} wrap="wrap">
        {attendanceStatuses.map((status) => {
          const chosen = value === status;
          return (
            <Button
              key={status}
              size="sm"
              variant={chosen ? 'filled' : 'default'}
              color={attendanceColors[status]}
              autoContrast
              aria-pressed={chosen}
              loading={pending === status}
              disabled={pending !== null && pending !== status}
              onClick={() => {
                if (!chosen) onChange(status);
              }}
            >
              {attendanceLabels[status]}
              <Text component="span" size="sm" fw={700} ml={8} aria-hidden>
                {formatCount(counts[status])}
              </Text>
              <VisuallyHidden>
                {`, ${formatCount(counts[status])} ${counts[status] === 1 ? 'person' : 'people'}`}
              </VisuallyHidden>
            </Button>
          );
        })}
      </Group>
    </div>
  );
}
