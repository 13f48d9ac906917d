import { contentApi } from '@plantfolk/api-client';
import { Button, IconLeaf, IconSettings, Stack } from '@plantfolk/ui';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { paths } from '../app/paths';
import { responderOf, useViewer } from '../app/viewer';
import { PostComposer } from '../composer/post-composer';
import { useMyPlants, useMyPosts } from '../content/lists';
import { contentKeys } from '../content/query-keys';
import { JoinConversationPrompt } from '../posts/guest-prompt';
import { ProfileHeader } from './profile-header';
import { ProfileTabs, useProfileTab } from './profile-tabs';

/** The viewer's counts of posts and plants. */
export function useMyCounts(userId: string, viewerKey: string) {
  return useQuery({
    queryKey: contentKeys.counts(viewerKey, userId),
    queryFn: ({ signal }) => contentApi.userCounts(userId, signal),
    enabled: Boolean(userId),
  });
}

/** `/profile`: the viewer's own posts, available plants and all plants, and the composer. */
export function MyProfilePage() {
  const viewer = useViewer();
  const [tab, setTab] = useProfileTab();
  const userId = viewer.user?.uuid ?? '';
  const counts = useMyCounts(userId, viewer.key);
  const lists = {
    posts: useMyPosts(viewer),
    available: useMyPlants(viewer, 'plantsAvail', tab === 'available'),
    plants: useMyPlants(viewer, 'plantsAll', tab === 'plants'),
  };
  if (!viewer.user) return null;

  return (
    <Stack gap="md">
      <ProfileHeader
        person={{ ...responderOf(viewer.user), bio: viewer.user.bio }}
        actions={
          <>
            {viewer.canWrite && (
              <Button
                component={Link}
                to={paths.createPlant}
                leftSection={<IconLeaf size={16} aria-hidden />}
              >
                List a plant
              </Button>
            )}
            <Button
              component={Link}
              to={paths.settings}
              variant="default"
              leftSection={<IconSettings size={16} aria-hidden />}
            >
              Edit profile
            </Button>
          </>
        }
      />
      <ProfileTabs
        viewer={viewer}
        counts={counts.data}
        tab={tab}
        onTabChange={setTab}
        lists={lists}
        owner={null}
        beforePosts={
          <div style={{ marginBottom: 'var(--mantine-spacing-md)' }}>
            {viewer.canWrite ? <PostComposer /> : <JoinConversationPrompt viewer={viewer} />}
          </div>
        }
      />
    </Stack>
  );
}
