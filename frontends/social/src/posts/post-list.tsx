import { Alert, Button, Card, InfiniteList, Skeleton, Stack, Text } from '@plantfolk/ui';
import type { useCursorList } from '@plantfolk/ui/cursor-list';
import type { ReactNode } from 'react';
import type { Viewer } from '../app/viewer';
import type { PostEntry } from '../content/entries';
import { PostItem } from './post-item';

type CursorList = ReturnType<
  typeof useCursorList<{ items: PostEntry[]; next_cursor: string | null }>
>;

export interface PostListProps {
  list: CursorList;
  viewer: Viewer;
  /** Accessible name of the feed. */
  label: string;
  empty: ReactNode;
  endMessage?: ReactNode;
}

/** Skeleton cards while the first page loads. */
export function PostSkeletons({ count = 3 }: { count?: number }) {
  return (
    <Stack gap="md" aria-hidden>
      {Array.from({ length: count }, (_, index) => (
        <Card key={index} padding="md">
          <Stack gap="sm">
            <Skeleton height={40} circle />
            <Skeleton height={12} width="80%" />
            <Skeleton height={12} width="60%" />
            <Skeleton height={180} />
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}

/** A cursor list of posts that loads more as it is scrolled, with loading, error and empty states. */
export function PostList({ list, viewer, label, empty, endMessage }: PostListProps) {
  const { query, items } = list;
  if (query.isPending) {
    return (
      <div role="status" aria-label={`Loading ${label}`}>
        <PostSkeletons />
      </div>
    );
  }
  if (query.isError && items.length === 0) {
    return (
      <Alert color="red" variant="light" title="This list did not load" role="alert">
        <Text size="sm" mb="sm">
          {query.error.message}
        </Text>
        <Button size="xs" variant="light" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  if (items.length === 0) return <>{empty}</>;
  return (
    <InfiniteList
      aria-label={label}
      itemCount={items.length}
      hasMore={list.hasMore}
      loading={list.loadingMore}
      onLoadMore={list.loadMore}
      loadMoreLabel="Show more posts"
      endMessage={endMessage ?? 'You have seen everything here.'}
    >
      {items.map((post) => (
        <PostItem key={post.id} post={post} viewer={viewer} />
      ))}
    </InfiniteList>
  );
}
