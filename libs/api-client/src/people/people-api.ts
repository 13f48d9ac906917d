import { apiFetch as defaultApiFetch, type ApiFetch } from '../api-fetch';
import { dataOf } from '../envelope';
import type { Schemas } from '../schemas';
import { createApiClient } from '../typed-client';

/** A listed member of the directory: their public summary and bio. */
export type DirectoryMember = Schemas['PublicProfileDto'];
export type DirectoryPage = Schemas['DirectoryPageDto'];
/** The directory's two orders: newest registrations first, or by username. */
export type DirectoryOrder = 'newest' | 'name';
/** A member near a point: summary, whole-km distance and their public (~1 km) point. */
export type NearbyPerson = Schemas['NearbyPersonDto'];
export type NearbyPeopleInput = Schemas['NearbyPeopleDto'];

/** Spec §9: the nearby people request asks for 20. */
export const NEARBY_PEOPLE_TAKE = 20;

/** `/api/users`: the people directory and the members nearby. */
export function createPeopleApi(apiFetch: ApiFetch = defaultApiFetch) {
  const api = createApiClient(apiFetch);
  return {
    /** A page of the directory; `cursor` is the previous page's next_cursor. */
    directory: (order: DirectoryOrder, cursor: string | null, signal?: AbortSignal) =>
      dataOf(
        api.get('/api/users', {
          query: { order, ...(cursor ? { cursorId: cursor } : {}) },
          signal,
        }),
      ),
    /** Members nearest the point, the caller left out (members only). */
    nearby: (body: NearbyPeopleInput, signal?: AbortSignal) =>
      dataOf(api.put('/api/users/nearby', { body, signal })),
  };
}

export type PeopleApi = ReturnType<typeof createPeopleApi>;

/** The people calls over the page's one fetch wrapper. */
export const peopleApi: PeopleApi = createPeopleApi();
