import { isApiError, normaliseTagName, tagsApi, type Tag } from '@plantfolk/api-client';
import {
  Button,
  Card,
  Group,
  IconCheck,
  IconHash,
  IconPlus,
  Stack,
  Text,
  Title,
  formatCount,
  splitServerError,
  useDocumentTitle,
} from '@plantfolk/ui';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Navigate, useParams } from 'react-router';
import { paths } from '../app/paths';
import { useViewer, type Viewer } from '../app/viewer';
import { useTagPosts } from '../content/lists';
import { tagKeys } from '../content/query-keys';
import { PostList } from '../posts/post-list';
import { LastInterestModal } from './last-interest-modal';
import { useInterestChanges, useMyInterests } from './use-interests';

/** `/tag/{name}`: the tag's detail and the posts that carry it, newest first. */
export function TagPage() {
  const { name: raw = '' } = useParams();
  const name = normaliseTagName(raw);
  const viewer = useViewer();
  useDocumentTitle(`#${name}`);
  const tag = useQuery({
    queryKey: tagKeys.tag(name),
    queryFn: ({ signal }) => tagsApi.tag('name', name, signal),
    enabled: name.length > 0,
  });
  const posts = useTagPosts(viewer, name);
  // The API stores names normalised; `/tag/House Plants` is `/tag/house-plants`.
  if (raw !== name) return <Navigate to={paths.tag(name)} replace />;
  const unknown = tag.isError && isApiError(tag.error) && tag.error.status === 404;

  return (
    <Stack gap="md">
      <Card padding="lg">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
            <Title order={1} size="h2">
              <Group gap={4} component="span" wrap="nowrap">
                <IconHash size={26} aria-hidden />
                <span style={{ overflowWrap: 'anywhere' }}>{name}</span>
              </Group>
            </Title>
            {tag.data?.description && <Text c="dimmed">{tag.data.description}</Text>}
            {tag.data && (
              <Text size="sm" c="dimmed">
                {formatCount(tag.data.post_count)} {tag.data.post_count === 1 ? 'post' : 'posts'} ·{' '}
                {formatCount(tag.data.follower_count)}{' '}
                {tag.data.follower_count === 1 ? 'follower' : 'followers'}
              </Text>
            )}
            {unknown && (
              <Text size="sm" c="dimmed">
                Nobody has used this tag yet.
              </Text>
            )}
          </Stack>
          {tag.data && viewer.canWrite && <FollowButton tag={tag.data} viewer={viewer} />}
        </Group>
      </Card>
      <PostList
        list={posts}
        viewer={viewer}
        label={`Posts tagged ${name}`}
        empty={
          <Card padding="lg">
            <Text c="dimmed" ta="center">
              No posts tagged #{name} that you can see.
            </Text>
          </Card>
        }
      />
    </Stack>
  );
}

function FollowButton({ tag, viewer }: { tag: Tag; viewer: Viewer }) {
  const interests = useMyInterests(viewer);
  const changes = useInterestChanges(viewer);
  const [problem, setProblem] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const following = Boolean(
    interests.data?.some((i) => i.tag.id === tag.id && i.interest_type === 'follow'),
  );
  const busy = changes.add.isPending || changes.remove.isPending;
  const input = { tagIdArr: [tag.id], interestType: 'follow' as const };

  const unfollow = async () => {
    try {
      await changes.remove.mutateAsync(input);
      setConfirming(false);
    } catch (failure) {
      setProblem(splitServerError(failure, []).formError);
    }
  };

  const toggle = async () => {
    setProblem(null);
    try {
      if (!following) {
        await changes.add.mutateAsync(input);
      } else if (await changes.wouldBeLast([tag.id])) {
        setConfirming(true);
      } else {
        await unfollow();
      }
    } catch (failure) {
      setProblem(splitServerError(failure, []).formError);
    }
  };

  return (
    <Stack gap={4} align="flex-end">
      <Button
        variant={following ? 'default' : 'filled'}
        leftSection={
          following ? <IconCheck size={16} aria-hidden /> : <IconPlus size={16} aria-hidden />
        }
        onClick={() => void toggle()}
        loading={busy || interests.isPending}
        aria-pressed={following}
      >
        {following ? 'Following' : 'Follow'}
      </Button>
      {problem && (
        <Text size="xs" c="red" role="alert">
          {problem}
        </Text>
      )}
      <LastInterestModal
        opened={confirming}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void unfollow()}
        busy={changes.remove.isPending}
      />
    </Stack>
  );
}
