import { apiFetch as defaultApiFetch, type ApiFetch } from '../api-fetch';
import { dataOf, listedOf } from '../envelope';
import type { Schemas } from '../schemas';
import { createApiClient } from '../typed-client';

/** A page: a group's or organisation's profile with a handle (it lives at `/{handle}`). */
export type PageProfile = Schemas['PageDto'];
/** A page with its first posts, counts, event places and settings (`/api/page/all-details`). */
export type PageDetails = Schemas['PageDetailsDto'];
export type PageWithSettings = Schemas['PageWithSettingsDto'];
export type PageSettings = Schemas['PageSettingsDto'];
export type PageList = Schemas['PageListDto'];
export type NearbyPage = Schemas['NearbyPageDto'];
export type NewPageInput = Schemas['NewPageDto'];
export type UpdatePageInput = Schemas['UpdatePageDto'];
export type UpdatePageSettingsInput = Schemas['UpdatePageSettingsDto'];

/** The page calls of the contract over the typed client; post lists resolve to `{data, responders}`. */
export function createPagesApi(apiFetch: ApiFetch = defaultApiFetch) {
  const api = createApiClient(apiFetch);

  return {
    /** Trusted members only. */
    create: (body: NewPageInput) => dataOf(api.post('/api/iam/pages/new', { body })),
    update: (body: UpdatePageInput) => dataOf(api.put('/api/iam/pages/update', { body })),
    updateSettings: (body: UpdatePageSettingsInput) =>
      dataOf(api.put('/api/iam/pages/update-page-settings', { body })),
    uploadAvatar: (pageId: string, file: Blob, signal?: AbortSignal) =>
      dataOf(
        api.post('/api/iam/pages/avatar/{pageId}', {
          path: { pageId },
          form: { file },
          signal,
        }),
      ),
    deletePage: (pageId: string) => dataOf(api.delete('/api/iam/pages/page', { body: { pageId } })),
    connectTags: (pageId: string, tagIdArr: number[]) =>
      dataOf(api.post('/api/iam/pages/connect-tags', { body: { pageId, tagIdArr } })),
    disconnectTags: (pageId: string, tagIdArr: number[]) =>
      dataOf(api.post('/api/iam/pages/disconnect-tags', { body: { pageId, tagIdArr } })),
    /** Tells the admins about a new page (once; creating a page already does). */
    notifyAdmins: (pageId: string) =>
      dataOf(api.post('/api/iam/emails/new-page', { body: { pageId } })),

    singlePage: (handle: string, signal?: AbortSignal) =>
      dataOf(api.get('/api/iam/pages/single-page/{handle}', { path: { handle }, signal })),
    byUser: (uuid: string, signal?: AbortSignal) =>
      dataOf(api.get('/api/iam/pages/get-all-by-user/{uuid}', { path: { uuid }, signal })),
    /** Pages newest first; `cursor` null for the first page. */
    all: (cursor: string | null, take: number, signal?: AbortSignal) =>
      dataOf(
        api.get('/api/page/get-all/{x}', {
          path: { x: cursor ?? '0' },
          query: { take: String(take) },
          signal,
        }),
      ),
    details: (handle: string, signal?: AbortSignal) =>
      listedOf(api.get('/api/page/all-details/{handle}', { path: { handle }, signal })),
    /** A page's posts, first page. */
    posts: (pageId: string, take: number, signal?: AbortSignal) =>
      listedOf(
        api.get('/api/iam/pages/morepostsbypage/{a}/{b}/{c}', {
          path: { a: pageId, b: String(take), c: '0' },
          signal,
        }),
      ),
    morePosts: (pageId: string, cursor: string, signal?: AbortSignal) =>
      listedOf(
        api.get('/api/posts/more/by-page/{id}', {
          path: { id: pageId },
          query: { cursorId: cursor },
          signal,
        }),
      ),
    nearby: (point: { latitude: number; longitude: number }, take: number, signal?: AbortSignal) =>
      dataOf(
        api.get('/api/page/location/nearby-pages', {
          query: { lat: String(point.latitude), long: String(point.longitude), take: String(take) },
          signal,
        }),
      ),
    events: (pageId: string, signal?: AbortSignal) =>
      dataOf(api.get('/api/page/events/{id}', { path: { id: pageId }, signal })),
  };
}

export type PagesApi = ReturnType<typeof createPagesApi>;

/** The page calls over the page's one fetch wrapper. */
export const pagesApi: PagesApi = createPagesApi();
