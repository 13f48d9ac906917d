import { locationApi, pagesApi, type Place } from '@plantfolk/api-client';
import { Button, PageTitle, Stack, Text } from '@plantfolk/ui';
import { PlacePicker } from '@plantfolk/ui/controls';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useViewer } from '../app/viewer';
import { NEARBY_PAGES_TAKE, pageKeys } from './page-data';
import { PageCard } from './pages-list-page';

const placeSource = locationApi.placeSource();

interface Point {
  latitude: number;
  longitude: number;
  label: string;
}

/**
 * `/pages/nearby`: pages nearest a point. A member starts from their own area, a guest from where
 * their internet address says they are (`/api/location/from-ip`); anyone may pick another place.
 */
export function NearbyPagesPage() {
  const viewer = useViewer();
  const home = viewer.user?.location
    ? {
        latitude: viewer.user.location.latitude,
        longitude: viewer.user.location.longitude,
        label:
          [viewer.user.suburb_city, viewer.user.state].filter(Boolean).join(', ') || 'Your area',
      }
    : null;
  const [picked, setPicked] = useState<Point | null>(null);
  // Guests (and members without an area): where their address says they are, unless it says
  // nothing (the site's default point), then they choose a place.
  const guessed = useQuery({
    queryKey: ['location', viewer.key, 'from-ip'],
    queryFn: ({ signal }) => locationApi.fromIp(signal),
    enabled: viewer.ready && home === null,
    staleTime: 10 * 60_000,
  });
  const fromIp: Point | null =
    guessed.data && !guessed.data.fallback
      ? {
          latitude: guessed.data.latitude,
          longitude: guessed.data.longitude,
          label: [guessed.data.city, guessed.data.state].filter(Boolean).join(', ') || 'your area',
        }
      : null;
  const point = picked ?? home ?? fromIp;
  const attribution = !picked && !home ? guessed.data?.attribution : null;
  const pages = useQuery({
    queryKey: pageKeys.nearby(viewer.key, point?.latitude ?? 0, point?.longitude ?? 0),
    queryFn: ({ signal }) => pagesApi.nearby(point!, NEARBY_PAGES_TAKE, signal),
    enabled: viewer.ready && point !== null,
  });

  return (
    <Stack gap="md">
      <PageTitle title="Pages near you" description={point ? `Near ${point.label}` : undefined} />
      <PlacePicker
        source={placeSource}
        value={picked}
        onChange={(place: Place | null) =>
          setPicked(
            place
              ? {
                  latitude: place.latitude,
                  longitude: place.longitude,
                  label: [place.name, place.state].filter(Boolean).join(', '),
                }
              : null,
          )
        }
        label={home ? 'Somewhere else?' : 'Where are you?'}
        description="Choose a suburb or town to see the pages nearest it."
        noun="the place"
      />
      {attribution && (
        <Text size="xs" c="dimmed">
          Your area is guessed from your internet address:{' '}
          <a href={attribution.url} target="_blank" rel="noopener noreferrer">
            {attribution.text}
          </a>
        </Text>
      )}
      {!point ? (
        <Text c="dimmed">Choose a place to see the pages near it.</Text>
      ) : pages.isPending ? (
        <Text c="dimmed">Looking for pages…</Text>
      ) : pages.isError ? (
        <Stack gap="xs" role="alert">
          <Text>The pages could not be loaded.</Text>
          <Button variant="default" onClick={() => void pages.refetch()}>
            Try again
          </Button>
        </Stack>
      ) : pages.data.length === 0 ? (
        <Text c="dimmed">No pages within 100 km yet.</Text>
      ) : (
        <Stack
          gap="sm"
          component="ul"
          aria-label="Pages nearby"
          style={{ listStyle: 'none', padding: 0 }}
        >
          {pages.data.map((page) => (
            <li key={page.id}>
              <PageCard page={page} extra={`${page.distance_km} km`} />
            </li>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
