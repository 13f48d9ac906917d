import { isApiError } from '@plantfolk/api-client';
import {
  Alert,
  Anchor,
  Badge,
  BlurhashImage,
  Button,
  Card,
  ErrorView,
  Group,
  IconCalendarEvent,
  IconCalendarRepeat,
  IconLogin,
  IconMapPin,
  IconPencil,
  PageLoader,
  Paper,
  ShareButton,
  Stack,
  Text,
  Title,
  UserAvatar,
  useDocumentTitle,
} from '@plantfolk/ui';
import { useMemo, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { paths } from '../app/paths';
import { useViewer } from '../app/viewer';
import { webcalUrl } from '../calendar/webcal';
import { EventMap } from '../map/event-map';
import { useMapTiles } from '../map/map-config';
import { noticeOf } from '../shared/arrival-notice';
import { placeText, variantsSrcSet } from '../shared/event-place';
import { EventDateCard } from './event-date-card';
import { useEventDetails, useMoreDates } from './event-queries';
import { usePeople } from './use-people';

/**
 * `/event/{randomId}`: an event, its organiser and place, and each date to come with its answers,
 * who is going and what they bring. Guests read everything and are asked to log in to answer.
 */
export function EventPage() {
  const { randomId = '' } = useParams();
  const viewer = useViewer();
  const details = useEventDetails(viewer, randomId);
  const [wantMore, setWantMore] = useState(false);
  const more = useMoreDates(
    viewer,
    randomId,
    details.data?.event.dates_next_cursor ?? null,
    wantMore,
  );
  const tiles = useMapTiles();
  const notice = noticeOf(useLocation().state);
  const template = details.data?.event.templates[0];
  useDocumentTitle(template?.title ?? 'Event');

  const moreDates = useMemo(
    () => more.data?.pages.flatMap((page) => page.items) ?? [],
    [more.data],
  );
  const known = useMemo(
    () => [
      ...(details.data?.responders ?? []),
      ...(more.data?.pages.flatMap((page) => page.responders) ?? []),
    ],
    [details.data, more.data],
  );
  const needed = useMemo(() => {
    const event = details.data?.event;
    if (!event) return [];
    return [
      event.creator_id,
      ...[...event.dates, ...moreDates].flatMap((date) =>
        date.event_attendees
          .filter((attendee) => attendee.status !== 'NOT_GOING')
          .map((attendee) => attendee.user_id),
      ),
    ];
  }, [details.data, moreDates]);
  const people = usePeople(known, needed);

  if (!viewer.ready || details.isPending) return <PageLoader label="Loading the event" />;
  if (details.isError) {
    return isApiError(details.error) && details.error.status === 404 ? (
      <ErrorView status={404} message="This event does not exist, or it is not shared with you." />
    ) : (
      <ErrorView
        status={500}
        message={details.error.message}
        onRetry={() => void details.refetch()}
      />
    );
  }

  const { event } = details.data;
  if (!template) {
    return <ErrorView status={404} message="This event has no details to show." />;
  }
  const organiser = people.get(event.creator_id);
  const place = placeText(template.location);
  const dates = [...event.dates, ...moreDates];
  const hasMoreDates = wantMore ? more.hasNextPage : event.dates_next_cursor !== null;

  return (
    <Stack gap="lg">
      {notice && (
        <Alert color="yellow" variant="light" role="status">
          {notice}
        </Alert>
      )}
      <Stack gap="sm">
        {template.image && (
          <BlurhashImage
            src={template.image.ref}
            srcSet={variantsSrcSet(template.image.variants)}
            sizes="(max-width: 700px) 100vw, 700px"
            alt=""
            blurhash={template.image.blurhash}
            aspectRatio="16 / 9"
            radius="var(--mantine-radius-lg)"
            loading="eager"
          />
        )}
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
          <Title order={1} size="h2" style={{ overflowWrap: 'anywhere', flex: '1 1 240px' }}>
            {template.title}
          </Title>
          <Group gap="xs" wrap="wrap">
            <ShareButton
              url={paths.event(event.random_id)}
              title={template.title}
              subject={`event ${template.title}`}
            />
            {event.can_edit && (
              <Button
                component={Link}
                to={paths.editEvent(event.random_id)}
                variant="light"
                leftSection={<IconPencil size={16} aria-hidden />}
              >
                Edit event
              </Button>
            )}
          </Group>
        </Group>
        <Group gap="xs" wrap="wrap">
          {template.recurrence.frequency !== 'once' && (
            <Badge
              variant="light"
              color="gray"
              leftSection={<IconCalendarRepeat size={12} aria-hidden />}
            >
              {template.recurrence.text}
            </Badge>
          )}
          {event.privacy === 'members' && (
            <Badge variant="light" color="gray">
              Members only
            </Badge>
          )}
        </Group>
        <Group gap="sm" wrap="wrap">
          {organiser && (
            <Group gap={6} wrap="nowrap">
              <UserAvatar user={organiser} size={28} />
              <Text size="sm">
                Organised by{' '}
                <Anchor component={Link} to={paths.profile(organiser.username)}>
                  {organiser.username}
                </Anchor>
              </Text>
            </Group>
          )}
          {event.page && (
            <Text size="sm">
              for{' '}
              <Anchor component={Link} to={paths.profile(event.page.handle)}>
                {event.page.name}
              </Anchor>{' '}
              ·{' '}
              <Anchor component={Link} to={paths.handleEvents(event.page.handle)}>
                more of its events
              </Anchor>
            </Text>
          )}
        </Group>
      </Stack>

      {template.description && (
        <Text style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
          {template.description}
        </Text>
      )}

      <Card title="Where" titleOrder={2} padding="md">
        {place ? (
          <Stack gap="sm">
            <Group gap={6} wrap="nowrap" align="flex-start">
              <IconMapPin size={18} aria-hidden style={{ flex: 'none', marginTop: 2 }} />
              <Text component="address" style={{ fontStyle: 'normal', overflowWrap: 'anywhere' }}>
                {place}
              </Text>
            </Group>
            {tiles.data && template.location && (
              <EventMap
                latitude={template.location.latitude}
                longitude={template.location.longitude}
                place={place}
                tiles={tiles.data}
              />
            )}
          </Stack>
        ) : (
          <Text c="dimmed">The organiser has not said where yet.</Text>
        )}
      </Card>

      <section aria-labelledby="event-dates">
        <Group justify="space-between" align="center" mb="sm" wrap="wrap" gap="xs">
          <Title order={2} size="h4" id="event-dates">
            Dates
          </Title>
          <Button
            component="a"
            href={webcalUrl(event.calendar_url)}
            variant="subtle"
            size="compact-sm"
            leftSection={<IconCalendarEvent size={16} aria-hidden />}
          >
            Subscribe to every date
          </Button>
        </Group>
        {!viewer.user && (
          <Paper withBorder radius="md" p="sm" mb="sm">
            <Group gap="xs" wrap="nowrap" align="flex-start">
              <IconLogin size={18} aria-hidden style={{ flex: 'none', marginTop: 2 }} />
              <Text size="sm">
                <Anchor component={Link} to={paths.login(paths.event(event.random_id))}>
                  Log in
                </Anchor>{' '}
                or{' '}
                <Anchor component={Link} to={paths.join}>
                  join Plantfolk
                </Anchor>{' '}
                to say whether you are going and what you bring.
              </Text>
            </Group>
          </Paper>
        )}
        {dates.length === 0 ? (
          <Text c="dimmed" data-testid="no-dates">
            This event has no dates to come.
            {event.can_edit && ' Edit it to plan new dates.'}
          </Text>
        ) : (
          <Stack gap="sm">
            {dates.map((date) => (
              <EventDateCard
                key={date.id}
                date={date}
                randomId={event.random_id}
                eventTitle={template.title}
                feedUrl={event.calendar_url}
                viewer={viewer}
                people={people}
                canEdit={event.can_edit}
              />
            ))}
          </Stack>
        )}
        {more.isError && (
          <Alert color="red" variant="light" role="alert" mt="sm">
            More dates could not be loaded.{' '}
            <Anchor component="button" type="button" onClick={() => void more.refetch()}>
              Try again
            </Anchor>
          </Alert>
        )}
        {hasMoreDates && (
          <Group justify="center" mt="sm">
            <Button
              variant="default"
              loading={more.isFetching}
              onClick={() => {
                if (!wantMore) setWantMore(true);
                else void more.fetchNextPage();
              }}
            >
              Show later dates
            </Button>
          </Group>
        )}
      </section>
    </Stack>
  );
}
