import { Group, Stack, Text, UserAvatar } from '@plantfolk/ui';
import { Link } from 'react-router';
import { attendanceLabels, type AttendanceStatus } from '../events-list/attendance';

/** The longest note of what someone brings. */
export const MAX_BRING_NOTE = 140;

export interface BringEntry {
  /** Who brings it (their attendance for this date). */
  username: string;
  avatar?: string | null;
  status: AttendanceStatus;
  note: string;
}

export interface BringListProps {
  entries: readonly BringEntry[];
  /** The date the list is for, in its accessible name. */
  dateLabel: string;
}

/** What people bring to one date: who, whether they are going or maybe, and their note. */
export function BringList({ entries, dateLabel }: BringListProps) {
  const bringing = entries.filter((entry) => entry.note.trim() !== '');
  if (bringing.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        Nobody has said what they bring yet.
      </Text>
    );
  }
  return (
    <Stack
      gap={8}
      component="ul"
      className="pf-plain-list"
      aria-label={`What people bring on ${dateLabel}`}
    >
      {bringing.map((entry) => (
        <Group key={entry.username} component="li" gap="sm" wrap="nowrap" align="flex-start">
          <UserAvatar user={entry} size={28} />
          <div style={{ minWidth: 0 }}>
            <Text size="sm">
              <Link to={`/${encodeURIComponent(entry.username)}`}>{entry.username}</Link>
              <Text component="span" size="xs" c="dimmed">
                {' '}
                ({attendanceLabels[entry.status].toLowerCase()})
              </Text>
            </Text>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {entry.note}
            </Text>
          </div>
        </Group>
      ))}
    </Stack>
  );
}

/** A note is at most 140 characters (as the user sees them), trimmed. */
export function bringNoteProblem(note: string): string | null {
  if ([...note.trim()].length > MAX_BRING_NOTE) {
    return `Keep it to ${MAX_BRING_NOTE} characters.`;
  }
  return null;
}
