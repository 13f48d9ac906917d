import {
  Badge,
  BlurhashImage,
  Group,
  IconCalendarRepeat,
  IconMapPin,
  Paper,
  Stack,
  Text,
  Title,
  formatCount,
} from '@plantfolk/ui';
import { Link } from 'react-router';
import type { EventSummary } from '../api/events-api';
import { paths } from '../app/paths';
import { attendanceColors, attendanceLabels } from '../events-list/attendance';
import { EventTime } from '../time/event-time';
import { placeText, variantsSrcSet } from './event-place';

/** An event in a list: its picture, title, next date, place, how it repeats and who goes. */
export function EventSummaryCard({ event }: { event: EventSummary }) {
  const next = event.next_date;
  const place = placeText(event.location);
  return (
    <Paper component="article" withBorder radius="md" p="md" aria-labelledby={`event-${event.id}`}>
      <Group align="flex-start" wrap="nowrap" gap="md">
        {event.image && (
          <div style={{ width: 88, flex: 'none' }}>
            <BlurhashImage
              src={event.image.ref}
              srcSet={variantsSrcSet(event.image.variants)}
              sizes="88px"
              alt=""
              blurhash={event.image.blurhash}
              aspectRatio="1 / 1"
              radius="var(--mantine-radius-sm)"
            />
          </div>
        )}
        <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
          <Title order={3} size="h5" id={`event-${event.id}`} style={{ overflowWrap: 'anywhere' }}>
            <Link to={paths.event(event.random_id)}>{event.title}</Link>
          </Title>
          {next ? (
            <>
              <EventTime
                startsAt={next.starts_at}
                endsAt={next.ends_at}
                timeZone={event.time_zone}
              />
              {next.cancelled && (
                <Badge color="red" variant="light" w="fit-content">
                  Next date cancelled
                </Badge>
              )}
            </>
          ) : (
            <Text size="sm" c="dimmed">
              No dates to come
            </Text>
          )}
          {place && (
            <Group gap={4} wrap="nowrap">
              <IconMapPin size={14} aria-hidden style={{ flex: 'none' }} />
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {place}
                {event.distance_km !== null && ` · ${formatCount(event.distance_km)} km away`}
              </Text>
            </Group>
          )}
          <Group gap={6} wrap="wrap">
            {event.recurrence_text !== 'Once' && (
              <Badge
                variant="light"
                color="gray"
                leftSection={<IconCalendarRepeat size={12} aria-hidden />}
              >
                {event.recurrence_text}
              </Badge>
            )}
            {event.page && (
              <Badge variant="light" color="gray">
                {event.page.name}
              </Badge>
            )}
            {event.privacy === 'members' && (
              <Badge variant="light" color="gray">
                Members only
              </Badge>
            )}
            {next && next.counts.going > 0 && (
              <Badge variant="light" color="green" autoContrast>
                {formatCount(next.counts.going)} going
              </Badge>
            )}
            {next?.my_status && (
              <Badge variant="filled" color={attendanceColors[next.my_status]} autoContrast>
                You: {attendanceLabels[next.my_status]}
              </Badge>
            )}
          </Group>
        </Stack>
      </Group>
    </Paper>
  );
}
