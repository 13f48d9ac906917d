import { Anchor, Button, PageTitle, Stack, Text } from '@plantfolk/ui';
import { Link } from 'react-router';
import { useViewer } from '../app/viewer';
import { distanceText, useNearbyPeople } from './people-data';
import { PersonCard } from './person-card';

/**
 * `/users/nearby` (members): the members nearest the viewer's home, nearest first, each placed
 * only as finely as their ~1 km grid cell.
 */
export function NearbyPeoplePage() {
  const viewer = useViewer();
  const home = viewer.user?.location ?? null;
  const nearby = useNearbyPeople(viewer, home);
  const people = nearby.data ?? [];

  return (
    <Stack gap="md">
      <PageTitle
        title="People near you"
        description="Members nearest the town in your profile. Distances are rounded to the kilometre."
      />
      {!home ? (
        <Text>
          Choose your town to see who lives near you:{' '}
          <Anchor component={Link} to="/auth/register">
            finish registering
          </Anchor>
          .
        </Text>
      ) : nearby.isPending ? (
        <Text c="dimmed" role="status">
          Looking for people near you…
        </Text>
      ) : nearby.isError ? (
        <Stack gap="xs" role="alert">
          <Text>People near you could not be loaded.</Text>
          <Button variant="default" onClick={() => void nearby.refetch()}>
            Try again
          </Button>
        </Stack>
      ) : people.length === 0 ? (
        <Text c="dimmed">
          Nobody else lives near you yet.{' '}
          <Anchor component={Link} to="/users">
            See everyone
          </Anchor>
          .
        </Text>
      ) : (
        <Stack gap="sm" component="section" aria-label="Nearest members">
          {people.map((person) => (
            <PersonCard
              key={person.uuid}
              person={person}
              extra={distanceText(person.distance_km)}
            />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
