import {
  type NotificationItem,
  notificationsApi,
  onLiveReconnect,
  subscribeLive,
  type UnreadTally,
} from '@plantfolk/api-client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useCursorList } from '../content/use-cursor-list';

/** Spec §9: the unread count is rechecked at most every 10 seconds unless forced. */
export const TALLY_RECHECK_MS = 10_000;

export const notificationKeys = {
  all: (viewer: string) => ['notifications', viewer] as const,
  tally: (viewer: string) => ['notifications', viewer, 'tally'] as const,
  list: (viewer: string) => ['notifications', viewer, 'list'] as const,
};

/**
 * The member's unread count: polled every 10 s while the page is visible, rechecked when the
 * window gets focus if the last answer is 10 s old; `refetch` forces a recheck. Live pushes
 * (useLiveNotifications) update it in between.
 */
export function useUnreadTally(viewer: string) {
  return useQuery({
    queryKey: notificationKeys.tally(viewer),
    queryFn: ({ signal }) => notificationsApi.unreadTally(signal),
    staleTime: TALLY_RECHECK_MS,
    refetchInterval: TALLY_RECHECK_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
  });
}

function isTally(value: unknown): value is UnreadTally {
  const tally = value as Partial<UnreadTally> | null;
  return (
    typeof tally === 'object' &&
    tally !== null &&
    typeof tally.count === 'number' &&
    typeof tally.capped === 'boolean'
  );
}

/**
 * Live updates while the bell is on the page: a pushed tally replaces the polled one, a new
 * notification refreshes the list (grouped on the server, so it is refetched rather than patched:
 * nothing doubles), an announcement (no single id) forces a tally recheck, and every
 * (re)connection of the live socket refetches both, so nothing sent meanwhile is missed. The
 * 10-second polling of `useUnreadTally` stays as the fallback.
 */
export function useLiveNotifications(viewer: string) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const stops = [
      subscribeLive('notifications-tally', (payload) => {
        if (isTally(payload)) queryClient.setQueryData(notificationKeys.tally(viewer), payload);
      }),
      subscribeLive('notification', (payload) => {
        void queryClient.invalidateQueries({ queryKey: notificationKeys.list(viewer) });
        const id = (payload as { id?: unknown } | null)?.id;
        if (typeof id !== 'string')
          void queryClient.invalidateQueries({ queryKey: notificationKeys.tally(viewer) });
      }),
      onLiveReconnect(() => {
        void queryClient.invalidateQueries({ queryKey: notificationKeys.all(viewer) });
      }),
    ];
    return () => stops.forEach((stop) => stop());
  }, [queryClient, viewer]);
}

/** The member's notifications, grouped, newest first, a page at a time. */
export function useNotificationList(viewer: string, enabled: boolean) {
  return useCursorList({
    queryKey: notificationKeys.list(viewer),
    enabled,
    first: (signal) => notificationsApi.page(null, signal),
    more: (cursor, signal) => notificationsApi.page(cursor, signal),
  });
}

type ListCache = { pages: Array<{ items: NotificationItem[]; next_cursor: string | null }> };

/**
 * Marks notifications seen (the given ids, or all when none are given); the server acts only
 * while something is unread. The tally takes the server's answer and the list shows the items
 * seen at once.
 */
export function useMarkSeen(viewer: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) => notificationsApi.markSeen(ids),
    onSuccess: (result, ids) => {
      const tally: UnreadTally = { count: result.count, capped: result.capped };
      queryClient.setQueryData(notificationKeys.tally(viewer), tally);
      const marked = new Set(ids);
      queryClient.setQueryData<ListCache>(notificationKeys.list(viewer), (cache) =>
        cache
          ? {
              ...cache,
              pages: cache.pages.map((page) => ({
                ...page,
                items: page.items.map((item) =>
                  ids.length === 0 || item.notif_ids.some((id) => marked.has(id))
                    ? { ...item, seen: true, notif_ids: [] }
                    : item,
                ),
              })),
            }
          : cache,
      );
    },
  });
}
