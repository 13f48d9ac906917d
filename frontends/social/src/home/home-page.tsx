import { Center, Loader, Skeleton, Stack, Text } from '@plantfolk/ui';
import { lazy, Suspense } from 'react';
import { useViewer } from '../app/viewer';
import { useFeed } from '../content/lists';
import { contentKeys } from '../content/query-keys';
import { JoinConversationPrompt } from '../posts/guest-prompt';
import { PostList } from '../posts/post-list';
import { EmptyFeed } from './empty-feed';
import { GuestWelcome } from './guest-welcome';
import { MemberHome } from './member-home';
import { useFeedReloadRequests } from './use-feed-reload-requests';

/**
 * Members only, so guests (the first view of `/`) never download it or the form controls it
 * brings (`@plantfolk/ui/controls`).
 */
const PostComposer = lazy(async () => ({
  default: (await import('../composer/post-composer')).PostComposer,
}));

/**
 * "Near you" (plants, people, pages near the viewer) is its own chunk, asked for only once the
 * feed's first page is in, so it never competes with the first view.
 */
const NearYou = lazy(async () => ({ default: (await import('./near-you')).NearYou }));

/**
 * The news feed: members see what they may see, newest first, with the composer on top; guests
 * a welcome and the public posts. More loads as the end of the list comes into view.
 */
export function HomePage() {
  const viewer = useViewer();
  const feed = useFeed(viewer);
  const { reloading } = useFeedReloadRequests(contentKeys.feed(viewer.key));
  const user = viewer.user;

  return (
    <section aria-label="News feed">
      <Stack gap="md">
        {user ? (
          <MemberHome username={user.username ?? user.email.split('@')[0] ?? ''} />
        ) : (
          <GuestWelcome counts={feed.firstPage?.counts} />
        )}
        {viewer.canWrite ? (
          <Suspense fallback={<ComposerPlaceholder />}>
            <PostComposer />
          </Suspense>
        ) : (
          user && <JoinConversationPrompt viewer={viewer} />
        )}
        {feed.firstPage ? (
          <Suspense fallback={<NearYouPlaceholder />}>
            <NearYou viewer={viewer} />
          </Suspense>
        ) : (
          <NearYouPlaceholder />
        )}
        {reloading && (
          <Center role="status" aria-live="polite" py="xs">
            <Loader size="xs" aria-hidden />
            <Text size="sm" c="dimmed" ml="xs">
              Refreshing your feed…
            </Text>
          </Center>
        )}
        <PostList
          list={feed}
          viewer={viewer}
          label={user ? 'Your news feed' : 'Recent posts'}
          empty={<EmptyFeed member={user !== null} />}
          endMessage="You are all caught up."
        />
      </Stack>
    </section>
  );
}

/** Holds the "Near you" section's place until the feed is in and its code has loaded. */
function NearYouPlaceholder() {
  return <Skeleton height={120} radius="md" aria-hidden />;
}

/** Holds the composer's place while its code loads, so the feed below does not jump. */
function ComposerPlaceholder() {
  return <Skeleton height={132} radius="md" aria-hidden />;
}
