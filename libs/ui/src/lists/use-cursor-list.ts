import { useInfiniteQuery, type QueryKey } from '@tanstack/react-query';
import { useCallback, useMemo, useRef } from 'react';

/** A page of a cursor list, as the API sends it. */
export interface CursorPage<T> {
  items: T[];
  next_cursor: string | null;
}

/** Spec §9: an extra page (posts, feeds) is applied 250 ms after it has loaded. */
export const EXTRA_PAGE_DELAY_MS = 250;

function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}

export interface CursorListOptions<TPage extends CursorPage<unknown>> {
  queryKey: QueryKey;
  /** The first page. */
  first: (signal: AbortSignal) => Promise<TPage>;
  /** The page after `cursor`. */
  more: (cursor: string, signal: AbortSignal) => Promise<TPage>;
  enabled?: boolean;
}

/**
 * (Imported as `@plantfolk/ui/cursor-list`, not from the kit's index: each remote bundles it with
 * the lists that use it, so the shared kit every first view downloads does not grow.)
 *
 * A list loaded by cursor (spec §4: feeds, my posts, nearby events, my events): an infinite query whose extra pages
 * are asked for by
 * `loadMore` and applied 250 ms after they arrive. Loaded-flags keep a page from being asked
 * for twice: a cursor already in the list, or on its way, is not requested again however often
 * the end of the list scrolls into view.
 */
export function useCursorList<TPage extends CursorPage<{ id: string }>>({
  queryKey,
  first,
  more,
  enabled = true,
}: CursorListOptions<TPage>) {
  // Pages asked for by loadMore wait before they apply; a refetch of pages already shown does not.
  const delayed = useRef(new Set<string>());
  const inFlight = useRef<string | null>(null);

  const query = useInfiniteQuery({
    queryKey,
    enabled,
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam, signal }): Promise<TPage> => {
      if (pageParam === null) return first(signal);
      const page = await more(pageParam, signal);
      if (delayed.current.delete(pageParam)) await wait(EXTRA_PAGE_DELAY_MS, signal);
      return page;
    },
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });

  const { data, fetchNextPage, isFetching, isFetchingNextPage } = query;
  const nextCursor = data?.pages.at(-1)?.next_cursor ?? null;

  const loadMore = useCallback(() => {
    if (!nextCursor || isFetching || isFetchingNextPage) return;
    // The loaded-flags: on its way, or already in the list.
    if (inFlight.current === nextCursor || data?.pageParams.includes(nextCursor)) return;
    inFlight.current = nextCursor;
    delayed.current.add(nextCursor);
    void fetchNextPage({ cancelRefetch: false }).finally(() => {
      if (inFlight.current === nextCursor) inFlight.current = null;
    });
  }, [data, fetchNextPage, isFetching, isFetchingNextPage, nextCursor]);

  // Pages never overlap on the server; an item that moved between two pages (a post bumped to the
  // top, an event whose next date changed) could meet its old copy on a page loaded later, and
  // the first one wins.
  const items = useMemo(() => {
    const seen = new Set<string>();
    const all: TPage['items'] = [];
    for (const page of data?.pages ?? []) {
      for (const item of page.items) {
        if (seen.has(item.id)) continue;
        seen.add(item.id);
        all.push(item);
      }
    }
    return all;
  }, [data]);

  return {
    query,
    items: items as TPage['items'],
    firstPage: data?.pages[0],
    hasMore: nextCursor !== null,
    loadingMore: isFetchingNextPage,
    loadMore,
  };
}
