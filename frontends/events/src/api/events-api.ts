import {
  createApiClient,
  apiFetch as defaultApiFetch,
  type ApiFetch,
  type Listed,
  type Schemas,
  type UploadProgress,
} from '@plantfolk/api-client';

export type EventDetails = Schemas['EventDetailsDto'];
export type EventDate = Schemas['EventDateDto'];
export type EventDatePage = Schemas['EventDatePageDto'];
export type EventSummary = Schemas['EventSummaryDto'];
export type EventSummaryPage = Schemas['EventSummaryPageDto'];
export type EventLocation = Schemas['EventLocationDto'];
export type EventTemplate = Schemas['EventTemplateDto'];
export type EventAttendee = Schemas['EventAttendeeDto'];
export type AttendanceCounts = Schemas['AttendanceCountsDto'];
export type NewEventInput = Schemas['NewEventDto'];
export type UpdateEventInput = Schemas['UpdateEventDto'];
export type UpdateSpecificInput = Schemas['UpdateSpecificDto'];
export type UpdateFutureDatesInput = Schemas['UpdateFutureDatesDto'];
export type UpsertAttendanceInput = Schemas['UpsertAttendanceDto'];
export type EventLocationInput = Schemas['EventLocationInputDto'];
export type RecurrenceInput = Schemas['RecurrenceDto'];
export type GuestLocation = Schemas['GuestLocationDto'];
export type CalendarFeed = Schemas['CalendarFeedDto'];
export type CalendarFeedStatus = Schemas['CalendarFeedStatusDto'];

/** How many of a page's events a page of the list holds. */
export const EVENTS_PAGE_SIZE = 20;

async function listed<T>(call: Promise<{ data: T; responders?: Listed<T>['responders'] }>) {
  const result = await call;
  return { data: result.data, responders: result.responders ?? [] };
}

async function dataOf<T>(call: Promise<{ data: T }>): Promise<T> {
  return (await call).data;
}

/**
 * The events calls of the contract (spec §7 "Events" and the public `/api/events/*`), as named
 * functions over the typed client generated from the OpenAPI document.
 */
export function createEventsApi(apiFetch: ApiFetch = defaultApiFetch) {
  const api = createApiClient(apiFetch);
  return {
    /** An event by random id with its first dates; `responders` names the attendees. */
    details: (randomId: string, userId: string | null, signal?: AbortSignal) =>
      listed(
        api.get('/api/iam/events/details/{id}/{userId}', {
          path: { id: randomId, userId: userId ?? 'null' },
          signal,
        }),
      ),

    /** The next page of an event's dates. */
    moreDates: (randomId: string, cursor: string, signal?: AbortSignal) =>
      listed(
        api.get('/api/events/more/{id}', {
          path: { id: randomId },
          query: { cursorId: cursor },
          signal,
        }),
      ),

    /**
     * A page of the events with a date to come near a point, nearest first; `range` keeps to
     * dates on those days (the server filters and pages).
     */
    nearby: (
      point: { latitude: number; longitude: number },
      options: { userId: string | null; cursor: string | null; from: string; to: string },
      signal?: AbortSignal,
    ) =>
      dataOf(
        api.get('/api/events/all/nearby', {
          query: {
            lat: point.latitude,
            long: point.longitude,
            take: EVENTS_PAGE_SIZE,
            ...(options.userId ? { userId: options.userId } : {}),
            ...(options.cursor ? { cursorId: options.cursor } : {}),
            ...(options.from ? { from: options.from } : {}),
            ...(options.to ? { to: options.to } : {}),
          },
          signal,
        }),
      ),

    /** A member's events with a date to come (for the caller: also those they answered). */
    byUser: (userId: string, cursor: string | null, signal?: AbortSignal) =>
      dataOf(
        api.get('/api/iam/events/get-by-user/{id}', {
          path: { id: userId },
          query: cursor ? { cursorId: cursor } : {},
          signal,
        }),
      ),

    /** A page's events with a date to come. */
    byPage: (pageId: string, cursor: string | null, signal?: AbortSignal) =>
      dataOf(
        api.get('/api/iam/events/get-by-page/{a}/{b}', {
          path: { a: pageId, b: String(EVENTS_PAGE_SIZE) },
          query: cursor ? { cursorId: cursor } : {},
          signal,
        }),
      ),

    create: (body: NewEventInput) => dataOf(api.post('/api/iam/events/new', { body })),

    setImage: (
      eventId: string,
      file: Blob,
      options: { onProgress?: (progress: UploadProgress) => void; signal?: AbortSignal } = {},
    ) =>
      dataOf(
        api.post('/api/iam/events/image/{eventId}', {
          path: { eventId },
          form: { file },
          signal: options.signal,
          onUploadProgress: options.onProgress,
        }),
      ),

    removeImage: (eventId: string) =>
      dataOf(api.delete('/api/iam/events/image/{eventId}', { path: { eventId } })),

    /** Title, description, place, page: every date without its own override follows. */
    update: (body: UpdateEventInput) => dataOf(api.put('/api/iam/events/update', { body })),

    /** This date only. */
    updateSpecific: (body: UpdateSpecificInput) =>
      dataOf(api.put('/api/iam/events/update-specific', { body })),

    /** A new schedule for the dates to come. */
    updateFutureDates: (body: UpdateFutureDatesInput) =>
      dataOf(api.put('/api/iam/events/future-dates/update', { body })),

    /** Deletes the event with every date and answer (its picture first). */
    remove: (eventId: string, userId: string) =>
      dataOf(api.delete('/api/iam/events', { body: { eventId, userId } })),

    /** Going, Maybe or Not going for one date, with what the member brings. */
    answer: (body: UpsertAttendanceInput) =>
      dataOf(api.put('/api/iam/events/upsert-attend-specific', { body })),

    /** Whether the member has a private feed of their Going dates (its address is shown once). */
    memberFeedStatus: (signal?: AbortSignal) =>
      dataOf(api.get('/api/iam/events/calendar/member-feed', { signal })),

    /** A new private feed address; the one made before stops working. */
    newMemberFeed: () => dataOf(api.post('/api/iam/events/calendar/member-feed', {})),

    /** Turns the private feed off. */
    revokeMemberFeed: () => dataOf(api.delete('/api/iam/events/calendar/member-feed', {})),

    /** Where the visitor probably is, from their IP address. */
    locationFromIp: (signal?: AbortSignal) => dataOf(api.get('/api/location/from-ip', { signal })),
  };
}

export type EventsApi = ReturnType<typeof createEventsApi>;

/** The events calls over the page's one fetch wrapper. */
export const eventsApi: EventsApi = createEventsApi();
