import { Card, Skeleton, Stack } from '@plantfolk/ui';
import { CursorListView, type useCursorList } from '@plantfolk/ui/cursor-list';
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
  return (
    <CursorListView
      list={list}
      label={label}
      loadingLabel={`Loading ${label}`}
      skeleton={<PostSkeletons />}
      errorTitle="This list did not load"
      errorMessage={(error) => (error instanceof Error ? error.message : null)}
      empty={empty}
      loadMoreLabel="Show more posts"
      endMessage={endMessage ?? 'You have seen everything here.'}
    >
      {(items) => items.map((post) => <PostItem key={post.id} post={post} viewer={viewer} />)}
    </CursorListView>
  );
}
