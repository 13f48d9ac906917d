import { apiFetch as defaultApiFetch, type ApiFetch } from '../api-fetch';
import type { ContentItem, Listed, Page } from '../content/content-types';
import type { ApiResult } from '../envelope';
import type {
  NearbyPlantsInput,
  NewPlantListingInput,
  PlantDetailsUpdateInput,
  PlantFilter,
  PlantPhotoDescriptionsInput,
  RecentPlantsType,
} from './plants-types';

const POSTS = '/api/iam/posts';
const seg = (value: string | number) => encodeURIComponent(String(value));

/**
 * The plant listing calls of the contract. A listing is a post of type plant/image, so every
 * call answers content items; lists resolve to `{data, responders}`.
 */
export function createPlantsApi(apiFetch: ApiFetch = defaultApiFetch) {
  const data = async <T>(promise: Promise<ApiResult<T>>) => (await promise).data;
  const get = async <T>(
    path: string,
    signal?: AbortSignal,
    query?: Record<string, string | undefined>,
  ): Promise<Listed<T>> => {
    const result = await apiFetch<T>(path, { signal, query });
    return { data: result.data, responders: result.responders ?? [] };
  };

  return {
    createListing: (body: NewPlantListingInput) =>
      data(apiFetch<ContentItem>(`${POSTS}/plant/new`, { method: 'POST', body })),

    /** A plant listing by plant id. */
    listing: (plantId: string, signal?: AbortSignal) =>
      get<ContentItem>(`${POSTS}/plant/${seg(plantId)}`, signal),

    recent: (take: number, signal?: AbortSignal) =>
      get<Page<ContentItem>>(`${POSTS}/plants/init-recent/${take}`, signal),

    moreRecent: (take: number, cursor: string, signal?: AbortSignal) =>
      get<Page<ContentItem>>(`${POSTS}/plants/more-recent/${take}/${seg(cursor)}`, signal),

    userPlants: (userId: string, filter: PlantFilter, take: number, signal?: AbortSignal) =>
      get<Page<ContentItem>>(`${POSTS}/plantsbyuser/${seg(userId)}/${filter}/${take}`, signal),

    moreUserPlants: (
      userId: string,
      filter: PlantFilter,
      take: number,
      cursor: string,
      signal?: AbortSignal,
    ) =>
      get<Page<ContentItem>>(
        `${POSTS}/moreplantsbyuser/${seg(userId)}/${filter}/${take}/${seg(cursor)}`,
        signal,
      ),

    /** Name, species, availability, quantity, swap terms and privacy; the listing is bumped. */
    updateDetails: (body: PlantDetailsUpdateInput) =>
      data(apiFetch<ContentItem>(`${POSTS}/plant/update/details`, { method: 'PUT', body })),

    updatePhotoDescriptions: (body: PlantPhotoDescriptionsInput) =>
      data(
        apiFetch<ContentItem>(`${POSTS}/plant/update/photo-descriptions`, { method: 'PUT', body }),
      ),

    // Public calls (guests; a logged-in caller sees what they may see).

    publicListing: (plantId: string, signal?: AbortSignal) =>
      get<ContentItem>(`/api/plant/${seg(plantId)}`, signal),

    publicListingsByUser: (uuid: string, signal?: AbortSignal) =>
      get<Page<ContentItem>>(`/api/plant/listings/user/${seg(uuid)}`, signal),

    latest: (signal?: AbortSignal) =>
      get<ContentItem[]>('/api/plants/get-latest/plants-users', signal),

    publicUserPlants: (username: string, filter: PlantFilter, signal?: AbortSignal) =>
      get<Page<ContentItem>>(`/api/plants/by-user/${seg(username)}`, signal, { filter }),

    morePublicUserPlants: (
      username: string,
      filter: PlantFilter,
      cursor: string,
      signal?: AbortSignal,
    ) =>
      get<Page<ContentItem>>(`/api/plants/by-user/more/${seg(username)}`, signal, {
        cursorId: cursor,
        filter,
      }),

    publicRecent: (type: RecentPlantsType, signal?: AbortSignal) =>
      get<Page<ContentItem>>(`/api/plants/recent/${type}`, signal),

    morePublicRecent: (type: RecentPlantsType, cursor: string, signal?: AbortSignal) =>
      get<Page<ContentItem>>(`/api/plants/recent/more/${type}`, signal, { cursorId: cursor }),

    /** Available plants whose owners are within the radius, nearest first. */
    nearby: (body: NearbyPlantsInput) =>
      apiFetch<ContentItem[]>('/api/plants/avail-nearby', { method: 'PUT', body }).then(
        (result): Listed<ContentItem[]> => ({
          data: result.data,
          responders: result.responders ?? [],
        }),
      ),
  };
}

export type PlantsApi = ReturnType<typeof createPlantsApi>;

/** The plant calls over the page's one fetch wrapper. */
export const plantsApi: PlantsApi = createPlantsApi();
