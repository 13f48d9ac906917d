import type { DirectoryOrder } from '@plantfolk/api-client';
import { Button, Group, PageTitle, Stack } from '@plantfolk/ui';
import { SegmentedControl } from '@plantfolk/ui/controls';
import { CursorListView } from '@plantfolk/ui/cursor-list';
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
      <CursorListView
        list={list}
        label={order === 'name' ? 'People by name' : 'Newest people'}
        loadingText="Loading people…"
        errorTitle="The people could not be loaded."
        emptyMessage="Nobody has joined yet."
        loadMoreLabel="Show more people"
      >
        {(people) => people.map((person) => <PersonCard key={person.uuid} person={person} />)}
      </CursorListView>
    </Stack>
  );
}
