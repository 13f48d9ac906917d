import { apiFetch as defaultApiFetch, type ApiFetch } from '../api-fetch';
import { dataOf } from '../envelope';
import type { Schemas } from '../schemas';
import { createApiClient } from '../typed-client';

export type NearbyEvent = Schemas['EventSummaryDto'];
export type NearbyEventPage = Schemas['EventSummaryPageDto'];

export interface NearbyEventsQuery {
  /** The caller, when logged in. */
  userId?: string | null;
  /** Page size (1–50, default 20). */
  take?: number;
  /** `next_cursor` of the page before. */
  cursor?: string | null;
  /** First and last day (`YYYY-MM-DD`, on each event's own calendar) of the dates listed. */
  from?: string | null;
  to?: string | null;
}

function queryOf(point: { latitude: number; longitude: number }, options: NearbyEventsQuery) {
  return {
    lat: point.latitude,
    long: point.longitude,
    ...(options.userId ? { userId: options.userId } : {}),
    ...(options.take ? { take: options.take } : {}),
    ...(options.cursor ? { cursorId: options.cursor } : {}),
    ...(options.from ? { from: options.from } : {}),
    ...(options.to ? { to: options.to } : {}),
  };
}

/**
 * The public nearby events calls (guests and members): events with a date to come near a point,
 * nearest place first, then by date; from/to keep to dates on those days, on the server.
 */
export function createNearbyEventsApi(apiFetch: ApiFetch = defaultApiFetch) {
  const api = createApiClient(apiFetch);
  return {
    /** A page of the list (`GET /api/events/all/nearby`), with the cursor of the next. */
    page: (
      point: { latitude: number; longitude: number },
      options: NearbyEventsQuery = {},
      signal?: AbortSignal,
    ) => dataOf(api.get('/api/events/all/nearby', { query: queryOf(point, options), signal })),
    /** The nearest few (`GET /api/events/nearby`), for a short list such as the home page's. */
    nearest: (
      point: { latitude: number; longitude: number },
      options: NearbyEventsQuery = {},
      signal?: AbortSignal,
    ) => dataOf(api.get('/api/events/nearby', { query: queryOf(point, options), signal })),
  };
}

export type NearbyEventsApi = ReturnType<typeof createNearbyEventsApi>;

export const nearbyEventsApi: NearbyEventsApi = createNearbyEventsApi();
