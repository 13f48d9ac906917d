import { contentApi, isApiError } from '@plantfolk/api-client';
import {
  Button,
  ErrorView,
  IconUser,
  NotFoundView,
  PageLoader,
  Stack,
  useDocumentTitle,
} from '@plantfolk/ui';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { paths } from '../app/paths';
import { useViewer } from '../app/viewer';
import { useUserPlants, useUserPosts } from '../content/lists';
import { contentKeys } from '../content/query-keys';
import { MessageButton } from '../messages/message-button';
import { messagePaths } from '../messages/message-paths';
import { PageProfileView } from '../pages/page-profile';
import { ProfileHeader } from './profile-header';
import { ProfileTabs, useProfileTab } from './profile-tabs';

/**
 * `/{handle}`: a member's profile, their posts and plants, or a page (usernames and page handles
 * share one namespace); an unknown handle is a 404.
 */
export function HandlePage() {
  const { handle = '' } = useParams();
  const viewer = useViewer();
  const [tab, setTab] = useProfileTab();
  const basic = useQuery({
    queryKey: contentKeys.handle(viewer.key, handle),
    queryFn: ({ signal }) => contentApi.userOrPageBasic(handle, signal),
    enabled: viewer.ready,
  });
  const user = basic.data?.kind === 'user' ? (basic.data.user ?? null) : null;
  const page = basic.data?.kind === 'page' ? (basic.data.page ?? null) : null;
  useDocumentTitle(user?.username ?? page?.name ?? (basic.isError ? undefined : handle));
  const lists = {
    posts: useUserPosts(viewer, user),
    available: useUserPlants(viewer, user, 'plantsAvail', tab === 'available'),
    plants: useUserPlants(viewer, user, 'plantsAll', tab === 'plants'),
  };

  if (!viewer.ready || basic.isPending) return <PageLoader label="Loading the profile" />;
  if (basic.isError) {
    return isApiError(basic.error) && basic.error.status === 404 ? (
      <NotFoundView path={`/${handle}`} />
    ) : (
      <ErrorView status={500} message={basic.error.message} onRetry={() => void basic.refetch()} />
    );
  }
  if (page) return <PageProfileView page={page} viewer={viewer} />;
  if (!user) return <NotFoundView path={`/${handle}`} />;
  const isMe = viewer.user?.uuid === user.uuid;

  return (
    <Stack gap="md">
      <ProfileHeader
        person={user}
        actions={
          isMe ? (
            <Button
              component={Link}
              to={paths.myProfile}
              variant="default"
              leftSection={<IconUser size={16} aria-hidden />}
            >
              Go to your profile
            </Button>
          ) : (
            viewer.user && <MessageButton to={messagePaths.withUser(user.username)} />
          )
        }
      />
      <ProfileTabs
        viewer={viewer}
        counts={basic.data.counts ?? { posts: 0, plantsAll: 0, plantsAvail: 0 }}
        tab={tab}
        onTabChange={setTab}
        lists={lists}
        owner={user.username}
      />
    </Stack>
  );
}
