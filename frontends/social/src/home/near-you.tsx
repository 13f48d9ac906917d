import {
  nearbyEventsApi,
  pagesApi,
  plantsApi,
  type NearbyEvent,
  type NearbyPlant,
} from '@plantfolk/api-client';
import { Anchor, Card, Group, SimpleGrid, Stack, Text, Title } from '@plantfolk/ui';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { Viewer } from '../app/viewer';
import { distanceText, useGuestLocation, useNearbyPeople } from '../people/people-data';

/** How many of each kind the home page shows; the full lists are a link away. */
const SHOWN = 4;

/** Links at least 24 px tall (WCAG 2.2 target size, 2.5.8). */
const TARGET = { display: 'inline-block', minHeight: 24, lineHeight: '24px' } as const;

/**
 * The plants on offer, one line per name: the nearest listing of each (several members, or one
 * member several times, offering "Monstera" read as one "Monstera", with how many offers there are).
 */
export function plantLines(items: readonly NearbyPlant[]): NearItem[] {
  const byName = new Map<string, NearItem & { count: number }>();
  for (const item of items) {
    const name = item.plant?.name.trim() || 'A plant';
    const key = name.toLocaleLowerCase();
    const line = byName.get(key);
    if (line) {
      line.count += 1;
      continue;
    }
    byName.set(key, {
      key: item.plant?.id ?? item.id,
      to: item.plant ? `/plant/${item.plant.id}` : `/post/${item.random_id}`,
      label: name,
      detail: distanceText(item.distance_km),
      count: 1,
    });
  }
  return [...byName.values()].map(({ count, ...line }) => ({
    ...line,
    detail: count > 1 ? `${line.detail} · ${count} offers` : line.detail,
  }));
}

/** "Sat, 5 Dec" of an event's next date, on the event's own calendar. */
function eventDay(event: NearbyEvent): string {
  if (!event.next_date) return '';
  return new Intl.DateTimeFormat('en-AU', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: event.time_zone,
  }).format(new Date(event.next_date.starts_at));
}

/**
 * "Near you" on the home page: available plants, events, people (members only) and pages near the
 * viewer. A member is placed at the town in their profile; a guest where their IP address
 * says (or the site's default point when it says nothing). Loaded after the feed, in its own chunk.
 */
export function NearYou({ viewer }: { viewer: Viewer }) {
  const home = viewer.user?.location ?? null;
  const guest = useGuestLocation(!viewer.user);
  const point = viewer.user
    ? home
    : guest.data
      ? { latitude: guest.data.latitude, longitude: guest.data.longitude }
      : null;

  const plants = useQuery({
    queryKey: ['plants', viewer.key, 'near-you', point?.latitude, point?.longitude],
    enabled: point !== null,
    queryFn: () =>
      plantsApi.nearby({
        latitude: point?.latitude ?? 0,
        longitude: point?.longitude ?? 0,
        ...(viewer.user ? { uuid: viewer.user.uuid } : {}),
      }),
    staleTime: 5 * 60_000,
  });
  const events = useQuery({
    queryKey: ['events', viewer.key, 'near-you', point?.latitude, point?.longitude],
    enabled: point !== null,
    queryFn: ({ signal }) =>
      nearbyEventsApi.nearest(
        { latitude: point?.latitude ?? 0, longitude: point?.longitude ?? 0 },
        { take: SHOWN, userId: viewer.user?.uuid ?? null },
        signal,
      ),
    staleTime: 5 * 60_000,
  });
  const people = useNearbyPeople(viewer, viewer.user ? home : null);
  const pages = useQuery({
    queryKey: ['pages', viewer.key, 'near-you', point?.latitude, point?.longitude],
    enabled: point !== null,
    queryFn: ({ signal }) =>
      pagesApi.nearby(
        { latitude: point?.latitude ?? 0, longitude: point?.longitude ?? 0 },
        SHOWN,
        signal,
      ),
    staleTime: 5 * 60_000,
  });

  if (!point) return null;
  const where = viewer.user
    ? viewer.user.suburb_city
    : guest.data && !guest.data.fallback
      ? guest.data.city
      : null;
  const plantItems = plantLines(plants.data?.data ?? []).slice(0, SHOWN);
  const eventItems = (events.data ?? []).slice(0, SHOWN);
  const peopleItems = (people.data ?? []).slice(0, SHOWN);
  const pageItems = (pages.data ?? []).slice(0, SHOWN);

  return (
    <Card padding="md">
      <Stack gap="sm" component="section" aria-labelledby="near-you-title">
        <div>
          <Title order={2} size="h4" id="near-you-title">
            Near you
          </Title>
          <Text size="sm" c="dimmed">
            {where ? `Around ${where}` : 'Around the area'}
            {guest.data?.attribution && (
              <>
                {' · '}
                <Anchor
                  href={guest.data.attribution.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  style={TARGET}
                >
                  {guest.data.attribution.text}
                </Anchor>
              </>
            )}
          </Text>
        </div>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <NearList
            title="Plants to share"
            empty="No plants on offer nearby yet."
            loading={plants.isPending}
            items={plantItems}
          />
          <NearList
            title="Events"
            empty="No events nearby yet."
            loading={events.isPending}
            items={eventItems.map((event) => ({
              key: event.id,
              to: `/event/${event.random_id}`,
              label: event.title,
              detail: [eventDay(event), event.distance_km ? distanceText(event.distance_km) : '']
                .filter(Boolean)
                .join(' · '),
            }))}
            more={{ to: '/events', label: 'All events near you' }}
          />
          {viewer.user && (
            <NearList
              title="People"
              empty="Nobody else lives near you yet."
              loading={people.isPending}
              items={peopleItems.map((person) => ({
                key: person.uuid,
                to: `/${person.username}`,
                label: person.display_name ?? `@${person.username}`,
                detail: distanceText(person.distance_km),
              }))}
              more={{ to: '/users/nearby', label: 'All people near you' }}
            />
          )}
          <NearList
            title="Pages"
            empty="No pages nearby yet."
            loading={pages.isPending}
            items={pageItems.map((page) => ({
              key: page.id,
              to: `/${page.handle}`,
              label: page.name,
              detail: distanceText(page.distance_km),
            }))}
          />
        </SimpleGrid>
      </Stack>
    </Card>
  );
}

export interface NearItem {
  key: string;
  to: string;
  label: string;
  detail: string;
}

function NearList({
  title,
  items,
  empty,
  loading,
  more,
}: {
  title: string;
  items: NearItem[];
  empty: string;
  loading: boolean;
  more?: { to: string; label: string };
}) {
  return (
    <Stack gap={4}>
      <Title order={3} size="h6">
        {title}
      </Title>
      {loading ? (
        <Text size="sm" c="dimmed">
          Loading…
        </Text>
      ) : items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        <Stack gap={2} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {items.map((item) => (
            <li key={item.key}>
              <Group gap={6} wrap="nowrap">
                <Anchor component={Link} to={item.to} size="sm" truncate style={TARGET}>
                  {item.label}
                </Anchor>
                <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
                  {item.detail}
                </Text>
              </Group>
            </li>
          ))}
        </Stack>
      )}
      {more && (
        <Anchor component={Link} to={more.to} size="sm" style={TARGET}>
          {more.label}
        </Anchor>
      )}
    </Stack>
  );
}
