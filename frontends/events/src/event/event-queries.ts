import type { Responder } from '@plantfolk/api-client';
import type { SessionUser } from '@plantfolk/session';
import {
  useInfiniteQuery,
  useQuery,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import {
  eventsApi,
  type EventDate,
  type EventDatePage,
  type EventDetails,
} from '../api/events-api';
import { eventKeys } from '../api/query-keys';
import type { Viewer } from '../app/viewer';

export interface EventWithPeople {
  event: EventDetails;
  /** Summaries of everyone the event mentions (creator, attendees). */
  responders: Responder[];
}

/** An event by random id, as the viewer may see it, with the people it mentions. */
export function useEventDetails(viewer: Viewer, randomId: string) {
  return useQuery({
    queryKey: eventKeys.event(viewer.key, randomId),
    enabled: viewer.ready && randomId.length > 0,
    queryFn: async ({ signal }): Promise<EventWithPeople> => {
      const { data, responders } = await eventsApi.details(
        randomId,
        viewer.user?.uuid ?? null,
        signal,
      );
      return { event: data, responders };
    },
  });
}

/**
 * The event's dates after the first page the details brought, page by page, asked for only when
 * the member wants more (`loadMore`).
 */
export function useMoreDates(
  viewer: Viewer,
  randomId: string,
  firstCursor: string | null,
  wanted: boolean,
) {
  return useInfiniteQuery({
    queryKey: eventKeys.dates(viewer.key, randomId),
    enabled: wanted && firstCursor !== null,
    initialPageParam: firstCursor,
    queryFn: async ({
      pageParam,
      signal,
    }): Promise<EventDatePage & { responders: Responder[] }> => {
      if (!pageParam) return { items: [], next_cursor: null, responders: [] };
      const { data, responders } = await eventsApi.moreDates(randomId, pageParam, signal);
      return { ...data, responders };
    },
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}

/** The viewer as the API summarises people, so their own answer shows under their name. */
export function responderOf(user: SessionUser): Responder {
  return {
    uuid: user.uuid,
    username: user.username ?? user.email.split('@')[0] ?? 'me',
    display_name: user.display_name,
    avatar: user.avatar,
    suburb_city: user.suburb_city,
    state: user.state,
    country: user.country,
  };
}

/** Puts a date the API answered with in every cached copy of the event. */
export function placeUpdatedDate(
  queryClient: QueryClient,
  viewerKey: string,
  randomId: string,
  date: EventDate,
  me: Responder | null,
) {
  // The lists show the viewer's answer for each event's next date: fetch them again when next
  // shown (not now, and not this event, which takes the answer below).
  void queryClient.invalidateQueries({
    queryKey: ['events', viewerKey],
    refetchType: 'none',
    predicate: (query) => query.queryKey[2] !== 'event',
  });
  queryClient.setQueryData<EventWithPeople>(eventKeys.event(viewerKey, randomId), (current) => {
    if (!current) return current;
    const responders =
      me && !current.responders.some((person) => person.uuid === me.uuid)
        ? [...current.responders, me]
        : current.responders;
    return {
      event: {
        ...current.event,
        dates: current.event.dates.map((each) => (each.id === date.id ? date : each)),
      },
      responders,
    };
  });
  queryClient.setQueryData<InfiniteData<EventDatePage & { responders: Responder[] }>>(
    eventKeys.dates(viewerKey, randomId),
    (current) =>
      current && {
        ...current,
        pages: current.pages.map((page) => ({
          ...page,
          items: page.items.map((each) => (each.id === date.id ? date : each)),
          responders:
            me && !page.responders.some((person) => person.uuid === me.uuid)
              ? [...page.responders, me]
              : page.responders,
        })),
      },
  );
}
