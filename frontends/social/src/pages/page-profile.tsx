import type { PageProfile } from '@plantfolk/api-client';
import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  ShareButton,
  Stack,
  Text,
  Title,
  UserAvatar,
} from '@plantfolk/ui';
import { Link } from 'react-router';
import { paths } from '../app/paths';
import type { Viewer } from '../app/viewer';
import { MessageButton } from '../messages/message-button';
import { messagePaths } from '../messages/message-paths';
import { PostList } from '../posts/post-list';
import { pagePlace, usePagePosts } from './page-data';

/**
 * `/{handle}` of a page: avatar, about, tags, upcoming events and its posts (the route sets the
 * document title).
 */
export function PageProfileView({ page, viewer }: { page: PageProfile; viewer: Viewer }) {
  const posts = usePagePosts(viewer, page);
  const place = pagePlace(page);
  const upcoming = posts.firstPage?.upcomingEvents ?? 0;

  return (
    <Stack gap="md">
      <Card padding="lg">
        <Group align="flex-start" wrap="nowrap" gap="md">
          <UserAvatar user={{ username: page.handle, avatar: page.avatarUrl }} size="xl" />
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Title order={1} size="h2">
              {page.name}
            </Title>
            <Text c="dimmed">@{page.handle}</Text>
            {place && <Text size="sm">{place}</Text>}
          </Stack>
        </Group>
        {page.about && (
          <Text mt="md" style={{ whiteSpace: 'pre-line' }}>
            {page.about}
          </Text>
        )}
        {page.tags.length > 0 && (
          <Group gap="xs" mt="md" aria-label="Tags">
            {page.tags.map((tag) => (
              <Badge key={tag.id} component={Link} to={paths.tag(tag.name)} variant="light">
                #{tag.name}
              </Badge>
            ))}
          </Group>
        )}
        <Group mt="md" gap="sm" wrap="wrap" data-testid="page-actions">
          {viewer.user?.username && (
            <MessageButton to={messagePaths.withPage(viewer.user.username, page.handle)} />
          )}
          <ShareButton url={`/${page.handle}`} title={page.name} subject={`page ${page.name}`} />
          {page.can_manage && (
            <Button component={Link} to={`/${page.handle}/edit`} variant="default">
              Edit page
            </Button>
          )}
        </Group>
      </Card>

      <section aria-labelledby="page-events-heading">
        <Card padding="lg">
          <Title order={2} size="h4" id="page-events-heading">
            Upcoming events
          </Title>
          <Text c="dimmed" mt="xs">
            {upcoming > 0
              ? `${upcoming} upcoming ${upcoming === 1 ? 'date' : 'dates'}`
              : 'No upcoming events yet.'}
          </Text>
          <Group gap="md" mt="sm" wrap="wrap">
            <Anchor component={Link} to={`/${page.handle}/events`}>
              See the page’s events
            </Anchor>
            {page.can_manage && (
              <Anchor component={Link} to={`/${page.handle}/events/new`}>
                Create an event
              </Anchor>
            )}
          </Group>
        </Card>
      </section>

      <section aria-labelledby="page-posts-heading">
        <Title order={2} size="h4" id="page-posts-heading" mb="sm">
          Posts
        </Title>
        <PostList
          list={posts}
          viewer={viewer}
          label={`Posts of ${page.name}`}
          empty={<Text c="dimmed">No posts yet.</Text>}
        />
      </section>
    </Stack>
  );
}
