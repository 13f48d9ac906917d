import { Button, IconLeaf, PageTitle, Stack, formatCount } from '@plantfolk/ui';
import { SegmentedControl } from '@plantfolk/ui/controls';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../app/paths';
import { useViewer } from '../app/viewer';
import { useMyPlants } from '../content/lists';
import { JoinConversationPrompt } from '../posts/guest-prompt';
import { PostList } from '../posts/post-list';
import { useMyCounts } from './my-profile-page';

/** `/profile/plants`: the viewer's plant listings, available or all, and a way to list another. */
export function MyPlantsPage() {
  const viewer = useViewer();
  const [filter, setFilter] = useState<'plantsAvail' | 'plantsAll'>('plantsAvail');
  const counts = useMyCounts(viewer.user?.uuid ?? '', viewer.key);
  const available = useMyPlants(viewer, 'plantsAvail', filter === 'plantsAvail');
  const all = useMyPlants(viewer, 'plantsAll', filter === 'plantsAll');
  const label = (text: string, count: number | undefined) =>
    count === undefined ? text : `${text} (${formatCount(count)})`;

  return (
    <>
      <PageTitle
        title="Your plants"
        description="Plants you can give away or swap. Mark them not available once they have a new home."
        actions={
          viewer.canWrite && (
            <Button
              component={Link}
              to={paths.createPlant}
              leftSection={<IconLeaf size={16} aria-hidden />}
            >
              List a plant
            </Button>
          )
        }
      />
      <Stack gap="md">
        {!viewer.canWrite && <JoinConversationPrompt viewer={viewer} />}
        <SegmentedControl
          aria-label="Which plants"
          value={filter}
          onChange={(value) => setFilter(value as typeof filter)}
          data={[
            { value: 'plantsAvail', label: label('Available', counts.data?.plantsAvail) },
            { value: 'plantsAll', label: label('All', counts.data?.plantsAll) },
          ]}
        />
        <PostList
          list={filter === 'plantsAvail' ? available : all}
          viewer={viewer}
          label={filter === 'plantsAvail' ? 'Your available plants' : 'All your plants'}
          empty={
            <Stack align="center" py="lg">
              <Button component={Link} to={paths.createPlant} variant="light">
                List your first plant
              </Button>
            </Stack>
          }
        />
      </Stack>
    </>
  );
}
