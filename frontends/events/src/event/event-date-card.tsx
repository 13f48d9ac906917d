import { isApiError, type Responder } from '@plantfolk/api-client';
import {
  Alert,
  Anchor,
  Badge,
  Group,
  Paper,
  Stack,
  Text,
  Title,
  UserAvatar,
  formatCount,
} from '@plantfolk/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { eventsApi, type EventDate } from '../api/events-api';
import { paths } from '../app/paths';
import type { Viewer } from '../app/viewer';
import { AttendanceControl } from '../attendance/attendance-control';
import { BringList, type BringEntry } from '../bring/bring-list';
import type { AttendanceStatus } from '../events-list/attendance';
import { placeText } from '../shared/event-place';
import { EventTime } from '../time/event-time';
import { formatDay } from '../time/zoned-time';
import { placeUpdatedDate, responderOf } from './event-queries';

// Member-only controls (a text field, a menu) come with the controls singleton: load them only
// for whoever uses them, never for a guest's first view.
const BringNoteEditor = lazy(() =>
  import('../bring/bring-note-editor').then((m) => ({ default: m.BringNoteEditor })),
);
const CalendarMenu = lazy(() =>
  import('../calendar/calendar-menu').then((m) => ({ default: m.CalendarMenu })),
);

export interface EventDateCardProps {
  date: EventDate;
  randomId: string;
  /** The event's own title: a date's title shows only when it differs. */
  eventTitle: string;
  /** Where the event is: a date's place shows only when it is its own. */
  feedUrl: string;
  viewer: Viewer;
  people: ReadonlyMap<string, Responder>;
  /** The viewer may change the event: a link to change this date only. */
  canEdit?: boolean;
}

const WHO_SHOWN = 12;

function messageOf(error: unknown): string {
  if (isApiError(error)) return error.message;
  return 'Your answer could not be saved. Check your connection and try again.';
}

/** One date of an event: when, whether it is on, the answers and what people bring. */
export function EventDateCard({
  date,
  randomId,
  eventTitle,
  feedUrl,
  viewer,
  people,
  canEdit = false,
}: EventDateCardProps) {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<AttendanceStatus | null>(null);
  const dateLabel = formatDay(new Date(date.starts_at), date.time_zone);
  const headingId = `date-${date.id}`;
  const me = viewer.user ? responderOf(viewer.user) : null;

  const answer = useMutation({
    mutationFn: (input: { status: AttendanceStatus; bring?: string | null }) =>
      eventsApi.answer({ specificId: date.id, ...input }),
    onSuccess: (updated) => placeUpdatedDate(queryClient, viewer.key, randomId, updated, me),
    onSettled: () => setPending(null),
  });

  // Its own call: the editor shows its own errors, apart from the answer buttons'.
  const saveBring = async (status: AttendanceStatus, note: string) => {
    const updated = await eventsApi.answer({
      specificId: date.id,
      status,
      bring: note === '' ? null : note,
    });
    placeUpdatedDate(queryClient, viewer.key, randomId, updated, me);
  };

  const personOf = (userId: string) => people.get(userId);
  const going = date.event_attendees.filter((attendee) => attendee.status === 'GOING');
  const bringing: BringEntry[] = date.event_attendees.flatMap((attendee) => {
    const person = personOf(attendee.user_id);
    if (!person || !attendee.bring || attendee.status === 'NOT_GOING') return [];
    return [
      {
        username: person.username,
        avatar: person.avatar,
        status: attendee.status,
        note: attendee.bring,
      },
    ];
  });
  const counts = {
    GOING: date.counts.going,
    MAYBE: date.counts.maybe,
    NOT_GOING: date.counts.not_going,
  };
  const ownPlace = date.location_overridden ? placeText(date.location) : null;
  const answerable = !date.cancelled && !date.past;

  return (
    <Paper
      component="section"
      withBorder
      radius="md"
      p="md"
      aria-labelledby={headingId}
      data-testid="event-date"
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Title order={3} size="h5" id={headingId}>
              {dateLabel}
              {date.title !== eventTitle && (
                <Text component="span" inherit fw={400}>
                  {' '}
                  · {date.title}
                </Text>
              )}
            </Title>
            <EventTime
              startsAt={date.starts_at}
              endsAt={date.ends_at}
              timeZone={date.time_zone}
              hoursOnly
            />
            {ownPlace && (
              <Text size="sm" c="dimmed">
                At {ownPlace}
              </Text>
            )}
          </Stack>
          <Group gap={6}>
            {date.cancelled && (
              <Badge color="red" variant="filled">
                Cancelled
              </Badge>
            )}
            {date.past && !date.cancelled && (
              <Badge color="gray" variant="light">
                Over
              </Badge>
            )}
            {canEdit && !date.past && (
              <Anchor
                component={Link}
                to={`${paths.editEvent(randomId)}?scope=date&date=${encodeURIComponent(date.id)}`}
                size="sm"
                aria-label={`Change this date, ${dateLabel}`}
              >
                Change this date
              </Anchor>
            )}
            {!date.cancelled && (
              <Suspense fallback={null}>
                <CalendarMenu
                  dateIcsUrl={date.ics_url}
                  feedUrl={feedUrl}
                  dateLabel={dateLabel}
                  fileName={`event-${randomId}-${date.local_date}`}
                />
              </Suspense>
            )}
          </Group>
        </Group>

        {date.description !== '' && date.description_override !== null && (
          <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            {date.description}
          </Text>
        )}

        {!date.cancelled && (
          <AttendanceControl
            dateLabel={dateLabel}
            counts={counts}
            value={date.my_status}
            pending={pending}
            past={date.past}
            onChange={
              answerable && viewer.canAnswer
                ? (status) => {
                    setPending(status);
                    answer.mutate({ status });
                  }
                : undefined
            }
            signInHref={viewer.user ? undefined : paths.login(paths.event(randomId))}
          />
        )}
        {answerable && viewer.user && !viewer.canAnswer && (
          <Text size="sm">
            <Anchor component={Link} to={paths.register}>
              Finish your registration
            </Anchor>{' '}
            to answer for this date.
          </Text>
        )}
        {answer.isError && (
          <Alert color="red" variant="light" role="alert" title="Not saved">
            {messageOf(answer.error)}
          </Alert>
        )}

        {going.length > 0 && (
          <div>
            <Text size="sm" fw={600} id={`${headingId}-going`}>
              Going ({formatCount(date.counts.going)})
            </Text>
            <Group
              gap={8}
              mt={4}
              component="ul"
              className="pf-plain-list"
              aria-labelledby={`${headingId}-going`}
              wrap="wrap"
            >
              {going.slice(0, WHO_SHOWN).map((attendee) => {
                const person = personOf(attendee.user_id);
                if (!person) return null;
                return (
                  <Group key={attendee.user_id} component="li" gap={6} wrap="nowrap">
                    <UserAvatar user={person} size={24} />
                    <Text size="sm">
                      <Link to={paths.profile(person.username)}>{person.username}</Link>
                    </Text>
                  </Group>
                );
              })}
              {date.counts.going > WHO_SHOWN && (
                <Text component="li" size="sm" c="dimmed">
                  and {formatCount(date.counts.going - Math.min(going.length, WHO_SHOWN))} more
                </Text>
              )}
            </Group>
          </div>
        )}

        {!date.cancelled && (
          <div>
            <Text size="sm" fw={600} mb={4}>
              What people bring
            </Text>
            <BringList entries={bringing} dateLabel={dateLabel} />
          </div>
        )}

        {answerable &&
          viewer.canAnswer &&
          (date.my_status === 'GOING' || date.my_status === 'MAYBE') && (
            <Suspense fallback={null}>
              <BringNoteEditor
                value={date.my_bring ?? ''}
                dateLabel={dateLabel}
                onSave={(note) => saveBring(date.my_status!, note)}
              />
            </Suspense>
          )}
      </Stack>
    </Paper>
  );
}
