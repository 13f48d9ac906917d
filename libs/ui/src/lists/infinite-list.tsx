import { Button, Center, Loader, Text } from '@mantine/core';
import { useLayoutEffect, useRef, type ReactNode } from 'react';

export interface InfiniteListProps {
  children: ReactNode;
  /** How many items are shown; a change re-arms the observer (a short page leaves it in view). */
  itemCount: number;
  hasMore: boolean;
  /** A next page is on its way. */
  loading: boolean;
  /** Asks for the next page. Called again while the end stays in view; callers ignore repeats. */
  onLoadMore: () => void;
  /** The button for keyboards and browsers without IntersectionObserver. */
  loadMoreLabel?: string;
  /** Shown after the last item when there is nothing more. */
  endMessage?: ReactNode;
  /** Start loading this far before the end comes into view. */
  rootMargin?: string;
  /** Accessible name of the list. */
  'aria-label'?: string;
}

/**
 * A list that loads its next page as its end scrolls into view (an IntersectionObserver on a
 * sentinel after the last item), with a "Show more" button as the fallback.
 */
export function InfiniteList({
  children,
  itemCount,
  hasMore,
  loading,
  onLoadMore,
  loadMoreLabel = 'Show more',
  endMessage,
  rootMargin = '600px 0px',
  'aria-label': ariaLabel,
}: InfiniteListProps) {
  const sentinel = useRef<HTMLDivElement>(null);
  const loadMore = useRef(onLoadMore);
  // Layout effects, not passive ones: the sentinel is watched, with the current onLoadMore, as
  // soon as it is in the document. Passive effects may run a frame later (Preact runs them after
  // paint), and an intersection reported in between would reach the previous onLoadMore.
  useLayoutEffect(() => {
    loadMore.current = onLoadMore;
  }, [onLoadMore]);

  useLayoutEffect(() => {
    const target = sentinel.current;
    if (!target || !hasMore || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) loadMore.current();
      },
      { rootMargin },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasMore, itemCount, rootMargin]);

  return (
    <div className="pf-infinite-list" aria-busy={loading || undefined}>
      <div role="feed" aria-label={ariaLabel} className="pf-infinite-list__items">
        {children}
      </div>
      <div ref={sentinel} className="pf-infinite-list__sentinel" aria-hidden />
      {loading && (
        <Center py="md" role="status" aria-live="polite">
          <Loader size="sm" aria-hidden />
          <Text size="sm" c="dimmed" ml="sm">
            Loading more…
          </Text>
        </Center>
      )}
      {hasMore && !loading && (
        <Center py="sm">
          <Button variant="subtle" onClick={onLoadMore}>
            {loadMoreLabel}
          </Button>
        </Center>
      )}
      {!hasMore && itemCount > 0 && endMessage && (
        <Text ta="center" c="dimmed" size="sm" py="md">
          {endMessage}
        </Text>
      )}
    </div>
  );
}
