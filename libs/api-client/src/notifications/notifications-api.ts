import { apiFetch as defaultApiFetch, type ApiFetch } from '../api-fetch';
import { dataOf } from '../envelope';
import type { Schemas } from '../schemas';
import { createApiClient } from '../typed-client';

/** Unseen notifications, counted up to 100 (`capped`: show "99+"). */
export type UnreadTally = Schemas['UnreadTallyDto'];
/** One item of the list: a group of notifications ("Ana and 3 others liked your post"). */
export type NotificationItem = Schemas['NotificationItemDto'];
export type NotificationPage = Schemas['NotificationPageDto'];
export type MarkSeenResult = Schemas['MarkSeenResultDto'];

/** `/api/iam/notifications`: the caller's own notifications. */
export function createNotificationsApi(apiFetch: ApiFetch = defaultApiFetch) {
  const api = createApiClient(apiFetch);
  return {
    unreadTally: (signal?: AbortSignal) =>
      dataOf(api.get('/api/iam/notifications/unread-tally', { signal })),
    /** A page, newest first; `cursor` is the previous page's next_cursor. */
    page: (cursor: string | null, signal?: AbortSignal) =>
      dataOf(
        api.get('/api/iam/notifications/all', {
          query: cursor ? { cursorId: cursor } : {},
          signal,
        }),
      ),
    /** Marks the given notifications seen; none given: all of them. */
    markSeen: (notifIds: string[] = []) =>
      dataOf(api.put('/api/iam/notifications/mark-as-seen', { body: { notifIds } })),
  };
}

export type NotificationsApi = ReturnType<typeof createNotificationsApi>;

/** The notifications calls over the page's one fetch wrapper. */
export const notificationsApi: NotificationsApi = createNotificationsApi();
