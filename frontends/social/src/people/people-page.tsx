import type { DirectoryOrder } from '@plantfolk/api-client';
import { Button, Group, InfiniteList, PageTitle, Stack, Text } from '@plantfolk/ui';
import { SegmentedControl } from '@plantfolk/ui/controls';
import { Link, useSearchParams } from 'react-router';
import { useViewer } from '../app/viewer';
import { useDirectory } from './people-data';
import { PersonCard } from './person-card';

const ORDERS: Array<{ value: DirectoryOrder; label: string }> = [
  { value: 'newest', label: 'Newest' },
  { value: 'name', label: 'By name' },
];

/** `/users`: the people directory, newest members first or by name, loading more as it scrolls. */
export function PeoplePage() {
  const viewer = useViewer();
  const [params, setParams] = useSearchParams();
  const order: DirectoryOrder = params.get('order') === 'name' ? 'name' : 'newest';
  const list = useDirectory(viewer, order);
  const people = list.items;

  return (
    <Stack gap="md">
      <PageTitle title="People" description="Plant lovers who have joined Plantfolk." />
      <Group gap="sm" justify="space-between">
        <SegmentedControl
          aria-label="Order"
          value={order}
          onChange={(value) =>
            setParams(value === 'name' ? { order: 'name' } : {}, { replace: true })
          }
          data={ORDERS}
        />
        {viewer.user && (
          <Button component={Link} to="/users/nearby" variant="default">
            People near you
          </Button>
        )}
      </Group>
      {list.query.isPending ? (
        <Text c="dimmed" role="status">
          Loading people…
        </Text>
      ) : list.query.isError ? (
        <Stack gap="xs" role="alert">
          <Text>The people could not be loaded.</Text>
          <Button variant="default" onClick={() => void list.query.refetch()}>
            Try again
          </Button>
        </Stack>
      ) : people.length === 0 ? (
        <Text c="dimmed">Nobody has joined yet.</Text>
      ) : (
        <InfiniteList
          aria-label={order === 'name' ? 'People by name' : 'Newest people'}
          itemCount={people.length}
          hasMore={list.hasMore}
          loading={list.loadingMore}
          onLoadMore={list.loadMore}
          loadMoreLabel="Show more people"
        >
          {people.map((person) => (
            <PersonCard key={person.uuid} person={person} />
          ))}
        </InfiniteList>
      )}
    </Stack>
  );
}
