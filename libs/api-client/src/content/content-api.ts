import { apiFetch as defaultApiFetch, type ApiFetch } from '../api-fetch';
import { GUEST_FEED_PATH, PUBLIC_POST_PATH } from '../early-requests';
import { dataOf, listedOf } from '../envelope';
import type { Schemas } from '../schemas';
import { createApiClient } from '../typed-client';
import type { UploadProgress } from '../upload-transport';

/** A post (text/image) or a plant listing (plant/image), as the viewer may see it. */
export type ContentItem = Schemas['ContentItemDto'];
export type PostType = ContentItem['type'];
/** 'public': everyone; 'members': logged-in members; 'private': only the author. */
export type PostPrivacy = ContentItem['privacy'];
export type Photo = Schemas['PhotoDto'];
/** One stored size of an image. */
export type ImageVariant = Schemas['ImageVariantDto'];
export type Comment = Schemas['CommentDto'];
/** A page of a cursor list; `next_cursor` null means there is no more. */
export type ContentItemPage = Schemas['ContentItemPageDto'];
export type CommentPage = Schemas['CommentPageDto'];
/** What a user has shared, as the viewer may see it. */
export type Counts = Schemas['CountsDto'];
/** A photo uploaded before its post is saved (`POST /api/iam/posts/photos`). */
export type UploadedPhoto = Schemas['UploadedPhotoDto'];
export type NewPostInput = Schemas['NewPostDto'];
/** `GET /api/iam/posts/user-or-page-basic/{handle}` (pages come later). */
export type UserOrPageBasic = Schemas['UserOrPageBasicDto'];
/** The guests' news feed (`/api/content-items/recent` and `/more/{cursor}`). */
export type ContentItemsPage = Schemas['ContentItemsDto'];
export type NewCommentInput = Schemas['NewCommentDto'];
export type ReactionCreated = Schemas['ReactionCreatedDto'];
/** One reaction in the list of who reacted (the member is in `responders`). */
export type Reactor = Schemas['ReactorDto'];
export type ReactorPage = Schemas['ReactorPageDto'];
export type UpdateCommentInput = Schemas['UpdateCommentDto'];

type NewReaction = Schemas['NewReactionDto'];
/**
 * What a reaction is for: exactly one of a post and a comment. The document can only say "both
 * optional" (the API refuses both or neither), so the wrapper narrows its field types to that.
 */
export type ReactionTarget =
  | { postId: NonNullable<NewReaction['postId']>; commentId?: never }
  | { commentId: NonNullable<NewReaction['commentId']>; postId?: never };

export interface UploadOptions {
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

/**
 * The content calls of the contract (posts, photos, comments, reactions, feeds and their public
 * counterparts for guests) as named functions over the typed client. Lists resolve to
 * `{data, responders}`.
 */
export function createContentApi(apiFetch: ApiFetch = defaultApiFetch) {
  const api = createApiClient(apiFetch);

  return {
    /** Uploads photos for a post that is not saved yet (multipart field `photos`). */
    uploadPhotos: (files: readonly Blob[], options: UploadOptions = {}) =>
      dataOf(
        api.post('/api/iam/posts/photos', {
          form: { photos: files },
          signal: options.signal,
          onUploadProgress: options.onProgress,
        }),
      ),

    createPost: (body: NewPostInput) => dataOf(api.post('/api/iam/posts/new', { body })),

    /** A post by its random id, with the caller's reaction. */
    post: (randomId: string, signal?: AbortSignal) =>
      listedOf(api.get('/api/iam/posts/{id}', { path: { id: randomId }, signal })),

    userOrPageBasic: (handle: string, signal?: AbortSignal) =>
      dataOf(api.get('/api/iam/posts/user-or-page-basic/{handle}', { path: { handle }, signal })),

    /** The caller's own posts, first page (`uuid` must be the caller's). */
    myPosts: (uuid: string, signal?: AbortSignal) =>
      listedOf(api.get('/api/iam/posts/bymyuser/{uuid}', { path: { uuid }, signal })),

    moreUserPosts: (userId: string, take: number, cursor: string, signal?: AbortSignal) =>
      listedOf(
        api.get('/api/iam/posts/morepostsbyuser/{a}/{b}/{c}', {
          path: { a: userId, b: String(take), c: cursor },
          signal,
        }),
      ),

    userCounts: (userId: string, signal?: AbortSignal) =>
      dataOf(api.get('/api/iam/posts/usercounts/byuser/{id}', { path: { id: userId }, signal })),

    /** The member's news feed, first page. */
    feed: (signal?: AbortSignal) => listedOf(api.get('/api/iam/posts/init-recent', { signal })),

    moreFeed: (cursor: string, signal?: AbortSignal) =>
      listedOf(api.get('/api/iam/posts/more-recent/{x}', { path: { x: cursor }, signal })),

    tagPosts: (tag: string, cursor?: string, signal?: AbortSignal) =>
      listedOf(
        api.get('/api/iam/posts/tag/{tag}', {
          path: { tag },
          query: { cursorId: cursor },
          signal,
        }),
      ),

    comments: (postRandomId: string, cursor?: string, signal?: AbortSignal) =>
      listedOf(
        api.get('/api/iam/posts/comments/{postId}', {
          path: { postId: postRandomId },
          query: { cursorId: cursor },
          signal,
        }),
      ),

    createComment: (body: NewCommentInput) =>
      dataOf(api.post('/api/iam/posts/comment/new', { body })),

    /** Changes one's own comment; `edited_at` says when it last really changed. */
    updateComment: (body: UpdateCommentInput) =>
      dataOf(api.put('/api/iam/posts/comment/update', { body })),

    /** Who reacted to a post (by random id), newest first; a guest sees a public post's. */
    postReactors: (postRandomId: string, cursor?: string, signal?: AbortSignal) =>
      listedOf(
        api.get('/api/iam/posts/reactions/post/{postId}', {
          path: { postId: postRandomId },
          query: { cursorId: cursor },
          signal,
        }),
      ),

    /** Who reacted to a comment, newest first (as visible as the comment's post). */
    commentReactors: (commentId: string, cursor?: string, signal?: AbortSignal) =>
      listedOf(
        api.get('/api/iam/posts/reactions/comment/{commentId}', {
          path: { commentId },
          query: { cursorId: cursor },
          signal,
        }),
      ),

    /** Deletes a comment and every reply under it; answers the ids that went. */
    deleteComment: (id: string, uuid: string) =>
      dataOf(api.delete('/api/iam/posts/comment', { body: { id, uuid } })),

    react: (target: ReactionTarget) =>
      dataOf(api.post('/api/iam/posts/reaction/new', { body: target })),

    unreact: (id: string) => dataOf(api.delete('/api/iam/posts/reaction', { body: { id } })),

    deletePost: (postId: string, userId: string) =>
      dataOf(api.delete('/api/iam/posts', { body: { postId, userId } })),

    /** Edits the text and tags; the post moves to the top of the lists. */
    updateTextAndTags: (body: Schemas['UpdateTextAndTagsDto']) =>
      dataOf(api.put('/api/iam/posts/update/textandtags', { body })),

    /** Changes who may see the post; it moves to the top of the lists. */
    updatePrivacy: (body: Schemas['UpdatePrivacyDto']) =>
      dataOf(api.put('/api/iam/posts/privacy', { body })),

    // Public calls: guests use these; a logged-in caller also gets 'members' posts and their own.

    /** A guest's post page may have asked for it from the shell's first script already. */
    publicPost: (randomId: string, signal?: AbortSignal) =>
      listedOf(api.get(PUBLIC_POST_PATH, { path: { id: randomId }, signal, early: true })),

    publicUserPosts: (username: string, signal?: AbortSignal) =>
      listedOf(api.get('/api/posts/{username}', { path: { username }, signal })),

    morePublicUserPosts: (username: string, cursor: string, signal?: AbortSignal) =>
      listedOf(
        api.get('/api/posts/more/by-user/{username}', {
          path: { username },
          query: { cursorId: cursor },
          signal,
        }),
      ),

    publicTagPosts: (tag: string, cursor?: string, signal?: AbortSignal) =>
      listedOf(
        api.get('/api/posts/tag/{tag}', { path: { tag }, query: { cursorId: cursor }, signal }),
      ),

    /** A guest's first page may have been asked for by the shell's first script already. */
    recentContentItems: (signal?: AbortSignal) =>
      listedOf(api.get(GUEST_FEED_PATH, { signal, early: true })),

    moreContentItems: (cursor: string, signal?: AbortSignal) =>
      listedOf(api.get('/api/content-items/more/{cursor}', { path: { cursor }, signal })),
  };
}

export type ContentApi = ReturnType<typeof createContentApi>;

/** The content calls over the page's one fetch wrapper. */
export const contentApi: ContentApi = createContentApi();
