import { isApiError } from '@plantfolk/api-client';
import {
  Alert,
  Anchor,
  Button,
  Card,
  type Feature,
  FeatureGrid,
  Group,
  IconCalendarEvent,
  IconCalendarRepeat,
  IconListDetails,
  IconMapPin,
  IconPlus,
  PageTitle,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@plantfolk/ui';
import { CursorListEmpty, CursorListView, useCursorList } from '@plantfolk/ui/cursor-list';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { eventsApi, type EventSummary } from '../api/events-api';
import { eventKeys } from '../api/query-keys';
import { paths, placeOf } from '../app/paths';
import { useViewer, type Viewer } from '../app/viewer';
import { MemberFeedCard } from '../calendar/member-feed';
import { noticeOf } from '../shared/arrival-notice';
import { EventSummaryCard } from '../shared/event-summary-card';
import { anyDate, nextDateInRange, rangeFromSearch, type DateRange } from './event-filters';
import type { ChosenPlace } from './list-controls';

// The place picker and the date fields need the form controls, which a guest's first view of
// this page does without: they load when the filters are first shown.
const NearPlacePicker = lazy(() =>
  import('./list-controls').then((m) => ({ default: m.NearPlacePicker })),
);
const DateRangeFields = lazy(() =>
  import('./list-controls').then((m) => ({ default: m.DateRangeFields })),
);

const howEventsWork: Feature[] = [
  {
    icon: IconCalendarRepeat,
    title: 'One-off or recurring',
    text: 'An event can happen once or repeat — a monthly swap, a weekly workday. Each date has its own details.',
  },
  {
    icon: IconListDetails,
    title: 'Attendance per date',
    text: 'You answer for each date separately, so organisers know who to expect every time.',
  },
  {
    icon: IconMapPin,
    title: 'Near you',
    text: 'Events are listed by where they happen, so you find the ones you can walk or cycle to.',
  },
];

type ListName = 'near' | 'yours';

/**
 * `/events`: events near the member's area (a guest's: near where their address says they are,
 * or a place they pick) and, for members, their own (created or answered), by date range.
 */
export function EventsPage() {
  const viewer = useViewer();
  const [search, setSearch] = useSearchParams();
  const list: ListName = viewer.user && search.get('list') === 'yours' ? 'yours' : 'near';
  const range = rangeFromSearch(search);
  const [showDates, setShowDates] = useState(Boolean(range.from || range.to));

  const setRange = (next: DateRange) =>
    setSearch(
      (current) => {
        const params = new URLSearchParams(current);
        for (const key of ['from', 'to'] as const) {
          if (next[key]) params.set(key, next[key]);
          else params.delete(key);
        }
        return params;
      },
      { replace: true },
    );

  const notice = noticeOf(useLocation().state);
  const createHref =
    viewer.trusted && viewer.user?.username ? paths.newEvent(viewer.user.username) : null;

  return (
    <Stack gap="lg">
      {notice && (
        <Alert color="green" variant="light" role="status">
          {notice}
        </Alert>
      )}
      <PageTitle
        title="Events"
        description="Plant swaps, garden workdays and workshops organised by members and local groups."
        actions={
          createHref && (
            <Button
              component={Link}
              to={createHref}
              leftSection={<IconPlus size={16} aria-hidden />}
            >
              Create an event
            </Button>
          )
        }
      />

      <Group gap="xs" wrap="wrap" justify="space-between">
        {viewer.user ? (
          <Group gap="xs" component="nav" aria-label="Event lists">
            <ListLink to={listHref('near', search)} current={list === 'near'}>
              Near you
            </ListLink>
            <ListLink to={listHref('yours', search)} current={list === 'yours'}>
              Yours
            </ListLink>
          </Group>
        ) : (
          <span />
        )}
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconCalendarEvent size={16} aria-hidden />}
          aria-expanded={showDates}
          onClick={() => setShowDates((shown) => !shown)}
        >
          {range.from || range.to ? `Dates: ${rangeLabel(range)}` : 'Filter by date'}
        </Button>
      </Group>

      {showDates && (
        <Suspense fallback={<Skeleton height={60} />}>
          <DateRangeFields value={range} onChange={setRange} />
        </Suspense>
      )}

      {list === 'near' ? (
        <NearbyEvents
          viewer={viewer}
          range={range}
          createHref={createHref}
          onAnyDate={() => setRange(anyDate)}
        />
      ) : (
        <YourEvents viewer={viewer} range={range} onAnyDate={() => setRange(anyDate)} />
      )}

      {viewer.canAnswer && <MemberFeedCard viewer={viewer} />}

      <section aria-labelledby="how-events-work">
        <Title order={2} size="h4" id="how-events-work" mb="sm">
          How events work
        </Title>
        <FeatureGrid features={howEventsWork} columns={3} iconPlacement="above" />
      </section>
    </Stack>
  );
}

function listHref(list: ListName, search: URLSearchParams): string {
  const params = new URLSearchParams(search);
  if (list === 'yours') params.set('list', 'yours');
  else params.delete('list');
  const query = params.toString();
  return query ? `${paths.events}?${query}` : paths.events;
}

function rangeLabel(range: DateRange): string {
  if (range.from && range.to) return `${range.from} to ${range.to}`;
  if (range.from) return `from ${range.from}`;
  return `until ${range.to}`;
}

function ListLink({
  to,
  current,
  children,
}: {
  to: string;
  current: boolean;
  children: ReactNode;
}) {
  return (
    <Button
      component={Link}
      to={to}
      replace
      variant={current ? 'filled' : 'default'}
      aria-current={current ? 'page' : undefined}
      size="sm"
    >
      {children}
    </Button>
  );
}

function EmptyState({
  title,
  children,
  action,
}: {
  title: string;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <CursorListEmpty
      title={title}
      icon={<IconCalendarEvent size={30} stroke={1.5} aria-hidden />}
      action={action}
      data-testid="events-empty-state"
    >
      {children}
    </CursorListEmpty>
  );
}

function ListLoading({ label }: { label: string }) {
  return (
    <Stack gap="sm" role="status" aria-label={label}>
      <Skeleton height={96} radius="md" />
      <Skeleton height={96} radius="md" />
      <Skeleton height={96} radius="md" />
    </Stack>
  );
}

/** What went wrong when a list of events did not load. */
function listFailure(error: unknown): string {
  return isApiError(error) ? error.message : 'Check your connection.';
}

/** Where the list looks, and how that place was found (a guest's may be the site's default). */
interface ListPlace extends ChosenPlace {
  source: 'chosen' | 'home' | 'ip' | 'default';
}

/** The events near the member's area, the visitor's probable place, or a place picked. */
function NearbyEvents({
  viewer,
  range,
  createHref,
  onAnyDate,
}: {
  viewer: Viewer;
  range: DateRange;
  createHref: string | null;
  onAnyDate: () => void;
}) {
  const [chosen, setChosen] = useState<ChosenPlace | null>(null);
  const [picking, setPicking] = useState(false);
  const home = viewer.user?.location
    ? {
        label: placeOf(viewer.user) ?? 'your area',
        latitude: viewer.user.location.latitude,
        longitude: viewer.user.location.longitude,
      }
    : null;
  const fromIp = useQuery({
    queryKey: eventKeys.guestLocation,
    queryFn: ({ signal }) => eventsApi.locationFromIp(signal),
    enabled: viewer.ready && !home && !chosen,
    staleTime: Infinity,
    retry: false,
  });
  // A guest whose address says nothing still sees events: near the site's default point, which
  // the list says is approximate (as the home page's "Near you" does).
  const guessed: ListPlace | null = fromIp.data
    ? fromIp.data.fallback
      ? {
          source: 'default',
          label: 'the site’s default area',
          latitude: fromIp.data.latitude,
          longitude: fromIp.data.longitude,
        }
      : {
          source: 'ip',
          label: [fromIp.data.city, fromIp.data.state].filter(Boolean).join(', ') || 'you',
          latitude: fromIp.data.latitude,
          longitude: fromIp.data.longitude,
        }
    : null;
  const place: ListPlace | null = chosen
    ? { ...chosen, source: 'chosen' }
    : home
      ? { ...home, source: 'home' }
      : guessed;
  const point = place && { latitude: place.latitude, longitude: place.longitude };
  const userId = viewer.user?.uuid ?? null;

  const nearby = useCursorList({
    queryKey: eventKeys.nearby(viewer.key, point, range),
    enabled: viewer.ready && point !== null,
    first: (signal) =>
      eventsApi.nearby(point!, { userId, cursor: null, from: range.from, to: range.to }, signal),
    more: (cursor, signal) =>
      eventsApi.nearby(point!, { userId, cursor, from: range.from, to: range.to }, signal),
  });

  const locating = !viewer.ready || (!place && fromIp.isPending && fromIp.fetchStatus !== 'idle');
  const picker = (
    <Suspense fallback={<Skeleton height={60} />}>
      <NearPlacePicker
        value={chosen}
        onChange={(next) => {
          setChosen(next);
          setPicking(false);
        }}
      />
    </Suspense>
  );
  const filtered = Boolean(range.from || range.to);

  let body: ReactNode;
  if (locating) body = <ListLoading label="Finding where you are" />;
  else if (!place) {
    body = (
      <Stack gap="sm">
        <EmptyState
          title="Where should we look?"
          action={
            !viewer.user && (
              <Button component={Link} to={paths.join} variant="light" mt="xs">
                Join to organise or attend events
              </Button>
            )
          }
        >
          We could not tell where you are. Choose a place to see the events near it.
        </EmptyState>
        {picker}
      </Stack>
    );
  } else {
    const empty = filtered ? (
      <EmptyState
        title="No events on these dates"
        action={
          <Button variant="light" mt="xs" onClick={onAnyDate}>
            Show any date
          </Button>
        }
      >
        {`No event within 50 km of ${place.label} has a date in this range.`}
      </EmptyState>
    ) : (
      <EmptyState
        title={`No events near ${place.label} yet`}
        action={
          createHref ? (
            <Button component={Link} to={createHref} variant="light" mt="xs">
              Organise the first one
            </Button>
          ) : !viewer.user ? (
            <Button component={Link} to={paths.join} variant="light" mt="xs">
              Join to organise or attend events
            </Button>
          ) : (
            <Button variant="light" mt="xs" onClick={() => setPicking(true)}>
              Look near another place
            </Button>
          )
        }
      >
        When members and local groups publish events within 50 km, they are listed here, nearest
        first.
      </EmptyState>
    );
    body = (
      <CursorListView
        list={nearby}
        label={`Events near ${place.label}`}
        loadingLabel="Loading events near you"
        errorTitle="The events could not be loaded"
        errorMessage={listFailure}
        empty={empty}
        endMessage={
          filtered
            ? 'That is every event within 50 km on these dates.'
            : 'That is every event within 50 km.'
        }
      >
        {(events) => events.map((event) => <EventSummaryCard key={event.id} event={event} />)}
      </CursorListView>
    );
  }

  return (
    <Card title={place ? `Near ${place.label}` : 'Upcoming events'} titleOrder={2}>
      <Stack gap="md">
        {place && (
          <Group gap="xs" wrap="wrap">
            {place.source === 'ip' && fromIp.data?.attribution && (
              <Text size="xs" c="dimmed">
                Approximate: place guessed from your internet address (
                <Anchor href={fromIp.data.attribution.url} target="_blank" rel="noreferrer">
                  {fromIp.data.attribution.text}
                </Anchor>
                ). Change the place to look elsewhere.
              </Text>
            )}
            {place.source === 'default' && (
              <Text size="xs" c="dimmed" data-testid="default-place-note">
                We could not tell where you are, so these are near the site’s default location.
                Change the place to see the events near you.
              </Text>
            )}
            <Button
              variant="subtle"
              size="compact-sm"
              leftSection={<IconMapPin size={14} aria-hidden />}
              aria-expanded={picking}
              onClick={() => setPicking((open) => !open)}
            >
              Change place
            </Button>
          </Group>
        )}
        {place && picking && picker}
        {body}
      </Stack>
    </Card>
  );
}

/** The member's events to come: those they created and those they answered Going or Maybe. */
function YourEvents({
  viewer,
  range,
  onAnyDate,
}: {
  viewer: Viewer;
  range: DateRange;
  onAnyDate: () => void;
}) {
  const userId = viewer.user?.uuid ?? '';
  const mine = useCursorList({
    queryKey: eventKeys.byUser(viewer.key, userId),
    enabled: userId !== '',
    first: (signal) => eventsApi.byUser(userId, null, signal),
    more: (cursor, signal) => eventsApi.byUser(userId, cursor, signal),
  });
  const events: EventSummary[] = mine.items.filter((event) => nextDateInRange(event, range));

  return (
    <Card title="Your events" titleOrder={2}>
      {events.length === 0 && mine.items.length > 0 && (
        <EmptyState
          title="None of your events is on these dates"
          action={
            <Button variant="light" mt="xs" onClick={onAnyDate}>
              Show any date
            </Button>
          }
        >
          {mine.hasMore
            ? 'Load more of your events, or show any date.'
            : 'Choose other dates, or show any date.'}
        </EmptyState>
      )}
      {/* The feed shows the events on the chosen dates; the list pages through all of them. */}
      <CursorListView
        list={mine}
        label="Your events"
        loadingLabel="Loading your events"
        errorTitle="The events could not be loaded"
        errorMessage={listFailure}
        empty={
          <EmptyState
            title="You have no events to come"
            action={
              <Button component={Link} to={paths.events} variant="light" mt="xs">
                See events near you
              </Button>
            }
          >
            Events you organise, and those you answer Going or Maybe for, are listed here.
          </EmptyState>
        }
        endMessage="That is all of your events to come."
      >
        {() => events.map((event) => <EventSummaryCard key={event.id} event={event} />)}
      </CursorListView>
    </Card>
  );
}
