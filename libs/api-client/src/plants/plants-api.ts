import { apiFetch as defaultApiFetch, type ApiFetch } from '../api-fetch';
import { dataOf, listedOf } from '../envelope';
import type { paths } from '../generated/schema';
import type { Schemas } from '../schemas';
import { createApiClient } from '../typed-client';

/** A plant listing's details; the listing itself is a post of type plant/image. */
export type Plant = Schemas['PlantDto'];
/** The availability text the API sends; exactly 'Not available' when a plant is not available. */
export type Availability = Plant['availability'];
export type NewPlantListingInput = Schemas['NewPlantDto'];
export type PlantDetailsInput = Schemas['PlantDetailsInputDto'];
export type PlantPhotoInput = Schemas['PlantPhotoInputDto'];
export type PlantDetailsUpdateInput = Schemas['UpdatePlantDetailsDto'];
export type PlantPhotoDescriptionsInput = Schemas['UpdatePlantPhotoDescriptionsDto'];
export type NearbyPlantsInput = Schemas['NearbyPlantsDto'];
/** A listing near a point, with its whole-kilometre distance. */
export type NearbyPlant = Schemas['NearbyPlantDto'];
/** Which of a user's plant listings: the available ones, or all of them. */
export type PlantFilter = NonNullable<
  NonNullable<paths['/api/plants/by-user/{username}']['get']['parameters']['query']>['filter']
>;
/**
 * `/api/plants/recent/{type}`. The document types that path segment as any string (the API
 * refuses others with a 400), so this one union is the wrapper's.
 */
export type RecentPlantsType = 'available' | 'all';

/**
 * The plant listing calls of the contract. A listing is a post of type plant/image, so every
 * call answers content items; lists resolve to `{data, responders}`.
 */
export function createPlantsApi(apiFetch: ApiFetch = defaultApiFetch) {
  const api = createApiClient(apiFetch);

  return {
    createListing: (body: NewPlantListingInput) =>
      dataOf(api.post('/api/iam/posts/plant/new', { body })),

    /** A plant listing by plant id. */
    listing: (plantId: string, signal?: AbortSignal) =>
      listedOf(api.get('/api/iam/posts/plant/{id}', { path: { id: plantId }, signal })),

    recent: (take: number, signal?: AbortSignal) =>
      listedOf(
        api.get('/api/iam/posts/plants/init-recent/{x}', { path: { x: String(take) }, signal }),
      ),

    moreRecent: (take: number, cursor: string, signal?: AbortSignal) =>
      listedOf(
        api.get('/api/iam/posts/plants/more-recent/{x}/{y}', {
          path: { x: String(take), y: cursor },
          signal,
        }),
      ),

    userPlants: (userId: string, filter: PlantFilter, take: number, signal?: AbortSignal) =>
      listedOf(
        api.get('/api/iam/posts/plantsbyuser/{a}/{b}/{c}', {
          path: { a: userId, b: filter, c: String(take) },
          signal,
        }),
      ),

    moreUserPlants: (
      userId: string,
      filter: PlantFilter,
      take: number,
      cursor: string,
      signal?: AbortSignal,
    ) =>
      listedOf(
        api.get('/api/iam/posts/moreplantsbyuser/{a}/{b}/{c}/{d}', {
          path: { a: userId, b: filter, c: String(take), d: cursor },
          signal,
        }),
      ),

    /** Name, species, availability, quantity, swap terms and privacy; the listing is bumped. */
    updateDetails: (body: PlantDetailsUpdateInput) =>
      dataOf(api.put('/api/iam/posts/plant/update/details', { body })),

    updatePhotoDescriptions: (body: PlantPhotoDescriptionsInput) =>
      dataOf(api.put('/api/iam/posts/plant/update/photo-descriptions', { body })),

    // Public calls (guests; a logged-in caller sees what they may see).

    publicListing: (plantId: string, signal?: AbortSignal) =>
      listedOf(api.get('/api/plant/{id}', { path: { id: plantId }, signal })),

    publicListingsByUser: (uuid: string, signal?: AbortSignal) =>
      listedOf(api.get('/api/plant/listings/user/{uuid}', { path: { uuid }, signal })),

    latest: (signal?: AbortSignal) =>
      listedOf(api.get('/api/plants/get-latest/plants-users', { signal })),

    publicUserPlants: (username: string, filter: PlantFilter, signal?: AbortSignal) =>
      listedOf(
        api.get('/api/plants/by-user/{username}', {
          path: { username },
          query: { filter },
          signal,
        }),
      ),

    morePublicUserPlants: (
      username: string,
      filter: PlantFilter,
      cursor: string,
      signal?: AbortSignal,
    ) =>
      listedOf(
        api.get('/api/plants/by-user/more/{username}', {
          path: { username },
          query: { cursorId: cursor, filter },
          signal,
        }),
      ),

    publicRecent: (type: RecentPlantsType, signal?: AbortSignal) =>
      listedOf(api.get('/api/plants/recent/{type}', { path: { type }, signal })),

    morePublicRecent: (type: RecentPlantsType, cursor: string, signal?: AbortSignal) =>
      listedOf(
        api.get('/api/plants/recent/more/{type}', {
          path: { type },
          query: { cursorId: cursor },
          signal,
        }),
      ),

    /** Available plants whose owners are within the radius, nearest first. */
    nearby: (body: NearbyPlantsInput) => listedOf(api.put('/api/plants/avail-nearby', { body })),
  };
}

export type PlantsApi = ReturnType<typeof createPlantsApi>;

/** The plant calls over the page's one fetch wrapper. */
export const plantsApi: PlantsApi = createPlantsApi();
