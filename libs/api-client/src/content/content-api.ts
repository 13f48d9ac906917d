import { apiFetch as defaultApiFetch, type ApiFetch } from '../api-fetch';
import type { ApiResult } from '../envelope';
import type { UploadProgress } from '../upload-transport';
import type {
  Comment,
  ContentItem,
  ContentItemsPage,
  Counts,
  Listed,
  NewCommentInput,
  NewPostInput,
  Page,
  PostPrivacy,
  ReactionCreated,
  ReactionTarget,
  UploadedPhoto,
  UserOrPageBasic,
} from './content-types';

const POSTS = '/api/iam/posts';
const seg = (value: string | number) => encodeURIComponent(String(value));

export interface UploadOptions {
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

/**
 * The content calls of the contract (posts, photos, comments, reactions, feeds and their public
 * counterparts for guests) as typed functions. Lists resolve to `{data, responders}`.
 */
export function createContentApi(apiFetch: ApiFetch = defaultApiFetch) {
  const data = async <T>(promise: Promise<ApiResult<T>>) => (await promise).data;
  const listed = async <T>(promise: Promise<ApiResult<T>>): Promise<Listed<T>> => {
    const result = await promise;
    return { data: result.data, responders: result.responders ?? [] };
  };
  const get = <T>(path: string, signal?: AbortSignal, query?: Record<string, string | undefined>) =>
    listed(apiFetch<T>(path, { signal, query }));

  return {
    /** Uploads photos for a post that is not saved yet (multipart field `photos`). */
    uploadPhotos: (files: readonly Blob[], options: UploadOptions = {}) => {
      const form = new FormData();
      for (const file of files) form.append('photos', file);
      return data(
        apiFetch<UploadedPhoto[]>(`${POSTS}/photos`, {
          method: 'POST',
          body: form,
          signal: options.signal,
          onUploadProgress: options.onProgress,
        }),
      );
    },

    createPost: (body: NewPostInput) =>
      data(apiFetch<ContentItem>(`${POSTS}/new`, { method: 'POST', body })),

    /** A post by its random id, with the caller's reaction. */
    post: (randomId: string, signal?: AbortSignal) =>
      get<ContentItem>(`${POSTS}/${seg(randomId)}`, signal),

    userOrPageBasic: (handle: string, signal?: AbortSignal) =>
      data(apiFetch<UserOrPageBasic>(`${POSTS}/user-or-page-basic/${seg(handle)}`, { signal })),

    /** The caller's own posts, first page (`uuid` must be the caller's). */
    myPosts: (uuid: string, signal?: AbortSignal) =>
      get<Page<ContentItem>>(`${POSTS}/bymyuser/${seg(uuid)}`, signal),

    moreUserPosts: (userId: string, take: number, cursor: string, signal?: AbortSignal) =>
      get<Page<ContentItem>>(
        `${POSTS}/morepostsbyuser/${seg(userId)}/${take}/${seg(cursor)}`,
        signal,
      ),

    userCounts: (userId: string, signal?: AbortSignal) =>
      data(apiFetch<Counts>(`${POSTS}/usercounts/byuser/${seg(userId)}`, { signal })),

    /** The member's news feed, first page. */
    feed: (signal?: AbortSignal) => get<Page<ContentItem>>(`${POSTS}/init-recent`, signal),

    moreFeed: (cursor: string, signal?: AbortSignal) =>
      get<Page<ContentItem>>(`${POSTS}/more-recent/${seg(cursor)}`, signal),

    tagPosts: (tag: string, cursor?: string, signal?: AbortSignal) =>
      get<Page<ContentItem>>(`${POSTS}/tag/${seg(tag)}`, signal, { cursorId: cursor }),

    comments: (postRandomId: string, cursor?: string, signal?: AbortSignal) =>
      get<Page<Comment>>(`${POSTS}/comments/${seg(postRandomId)}`, signal, { cursorId: cursor }),

    createComment: (body: NewCommentInput) =>
      data(apiFetch<Comment>(`${POSTS}/comment/new`, { method: 'POST', body })),

    /** Deletes a comment and every reply under it; answers the ids that went. */
    deleteComment: (id: string, uuid: string) =>
      data(
        apiFetch<{ deleted: string[] }>(`${POSTS}/comment`, {
          method: 'DELETE',
          body: { id, uuid },
        }),
      ),

    react: (target: ReactionTarget) =>
      data(apiFetch<ReactionCreated>(`${POSTS}/reaction/new`, { method: 'POST', body: target })),

    unreact: (id: string) =>
      data(
        apiFetch<{ reaction_count: number }>(`${POSTS}/reaction`, {
          method: 'DELETE',
          body: { id },
        }),
      ),

    deletePost: (postId: string, userId: string) =>
      data(apiFetch<{ deleted: true }>(POSTS, { method: 'DELETE', body: { postId, userId } })),

    /** Edits the text and tags; the post moves to the top of the lists. */
    updateTextAndTags: (body: { postId: string; text: string; tags: string[] }) =>
      data(apiFetch<ContentItem>(`${POSTS}/update/textandtags`, { method: 'PUT', body })),

    /** Changes who may see the post; it moves to the top of the lists. */
    updatePrivacy: (body: { id: string; uuid: string; privacy: PostPrivacy }) =>
      data(apiFetch<ContentItem>(`${POSTS}/privacy`, { method: 'PUT', body })),

    // Public calls: guests use these; a logged-in caller also gets 'members' posts and their own.

    publicPost: (randomId: string, signal?: AbortSignal) =>
      get<{ post: ContentItem }>(`/api/post/${seg(randomId)}`, signal),

    publicUserPosts: (username: string, signal?: AbortSignal) =>
      get<Page<ContentItem>>(`/api/posts/${seg(username)}`, signal),

    morePublicUserPosts: (username: string, cursor: string, signal?: AbortSignal) =>
      get<Page<ContentItem>>(`/api/posts/more/by-user/${seg(username)}`, signal, {
        cursorId: cursor,
      }),

    publicTagPosts: (tag: string, cursor?: string, signal?: AbortSignal) =>
      get<Page<ContentItem>>(`/api/posts/tag/${seg(tag)}`, signal, { cursorId: cursor }),

    recentContentItems: (signal?: AbortSignal) =>
      get<ContentItemsPage>('/api/content-items/recent', signal),

    moreContentItems: (cursor: string, signal?: AbortSignal) =>
      get<ContentItemsPage>(`/api/content-items/more/${seg(cursor)}`, signal),
  };
}

export type ContentApi = ReturnType<typeof createContentApi>;

/** The content calls over the page's one fetch wrapper. */
export const contentApi: ContentApi = createContentApi();
