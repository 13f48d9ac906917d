import { apiFetch as defaultApiFetch, type ApiFetch } from '../api-fetch';
import { dataOf } from '../envelope';
import type { Schemas } from '../schemas';
import { createApiClient } from '../typed-client';

/**
 * A tag. Names are normalised by the API: trimmed, lower-case, inner whitespace collapsed to one
 * hyphen, 2–40 letters, digits or hyphens.
 */
export type Tag = Schemas['TagDto'];
/** A tag as it appears on a post: just enough to show and link it. */
export type TagRef = Schemas['TagRefDto'];
export type TagPage = Schemas['TagPageDto'];
export type TagWithChildren = Schemas['TagWithChildrenDto'];
export type UserInterest = Schemas['UserInterestDto'];
export type InterestType = UserInterest['interest_type'];
export type InterestsInput = Schemas['InterestsBodyDto'];
export type DeletedInterests = Schemas['DeletedInterestsDto'];
export type NewTagInput = Schemas['NewTagDto'];
export type TagUpdateInput = Schemas['UpdateTagDto'];
/** The catalogue as admins curate it: groups, categories with their tags, the other tags. */
export type TagTree = Schemas['TagTreeDto'];
export type TagGroup = Schemas['TagGroupDto'];
export type TagMerged = Schemas['TagMergedDto'];
/**
 * How a tag is looked up in `get-single` and `get-tag-n-children`. The document types that path
 * segment as any string (the API refuses others with a 400), so this one union is the wrapper's.
 */
export type TagLookup = 'id' | 'name';

/** Every `/api/iam/tags/*` call of the contract as a named function over the typed client. */
export function createTagsApi(apiFetch: ApiFetch = defaultApiFetch) {
  const api = createApiClient(apiFetch);
  const createTagCall = (body: NewTagInput) => api.post('/api/iam/tags/new', { body });

  return {
    tag: (lookup: TagLookup, value: string | number, signal?: AbortSignal) =>
      dataOf(
        api.get('/api/iam/tags/get-single/{type}/{data}', {
          path: { type: lookup, data: String(value) },
          signal,
        }),
      ),

    /** All tags by name; `cursor` `0` is the first page. */
    allTags: (cursor: string = '0', signal?: AbortSignal) =>
      dataOf(api.get('/api/iam/tags/all/{x}', { path: { x: cursor }, signal })),

    tagWithChildren: (lookup: TagLookup, value: string | number, signal?: AbortSignal) =>
      dataOf(
        api.get('/api/iam/tags/get-tag-n-children/{type}/{data}', {
          path: { type: lookup, data: String(value) },
          signal,
        }),
      ),

    /** Up to 20 tags by name, each with its children. */
    tagsWithChildren: (names: readonly string[], signal?: AbortSignal) =>
      dataOf(
        api.get('/api/iam/tags/get-tags-n-children/{list}', {
          path: { list: names.join(',') },
          signal,
        }),
      ),

    /** The parent tags (categories) with their children, for the interests picker. */
    interestCategories: (signal?: AbortSignal) =>
      dataOf(api.get('/api/iam/tags/interest-cat-tags', { signal })),

    /** A user's interests: one's own (or anyone's, for admins). */
    userInterests: (userId: string, signal?: AbortSignal) =>
      dataOf(api.get('/api/iam/tags/user-interests/{id}', { path: { id: userId }, signal })),

    /** Up to 10 tags whose name starts with `prefix`, most followed first. */
    tagsByPrefix: (prefix: string, parentsOnly = false, signal?: AbortSignal) =>
      dataOf(
        api.get('/api/iam/tags/prefix/{prefix}/{parentsOnly}', {
          path: { prefix, parentsOnly: String(parentsOnly) },
          signal,
        }),
      ),

    deleteTag: (name: string) => dataOf(api.delete('/api/iam/tags/{name}', { path: { name } })),

    addInterests: (body: InterestsInput) =>
      dataOf(api.post('/api/iam/tags/new-interests', { body })),

    deleteInterests: (body: InterestsInput) =>
      dataOf(api.delete('/api/iam/tags/delete-interests', { body })),

    /** Whether removing these would leave the caller with no interests at all. */
    checkIfLast: (tagIdArr: number[]) =>
      dataOf(api.put('/api/iam/tags/check-if-last', { body: { tagIdArr } })),

    /** Creates a tag, or answers the existing one of that (normalised) name. */
    createTag: async (input: NewTagInput): Promise<Tag> =>
      // The document answers "a tag or its id" (oneOf); `returnAnId: false` picks the tag.
      (await dataOf(createTagCall({ isParent: false, returnAnId: false, ...input }))) as Tag,

    /** Like createTag, answering only the id. */
    createTagId: async (tagName: string): Promise<Schemas['TagIdDto']> =>
      dataOf(createTagCall({ tagName, isParent: false, returnAnId: true })),

    updateTag: (body: TagUpdateInput) => dataOf(api.put('/api/iam/tags/update', { body })),

    /** Admins: the whole catalogue; `prefix` narrows the tags that are under no category. */
    tagTree: (prefix = '', signal?: AbortSignal) =>
      dataOf(api.get('/api/iam/tags/admin/tree', { query: prefix ? { q: prefix } : {}, signal })),

    /** Admins: merges `fromId` into `intoId` (its posts, pages, interests and children move). */
    mergeTags: (fromId: number, intoId: number) =>
      dataOf(api.post('/api/iam/tags/admin/merge', { body: { fromId, intoId } })),
  };
}

export type TagsApi = ReturnType<typeof createTagsApi>;

/** The tags calls over the page's one fetch wrapper. */
export const tagsApi: TagsApi = createTagsApi();
