import { apiFetch as defaultApiFetch, type ApiFetch } from '../api-fetch';
import type { Page } from '../content/content-types';
import type {
  DeletedInterests,
  InterestsInput,
  NewTagInput,
  Tag,
  TagLookup,
  TagRef,
  TagUpdateInput,
  TagWithChildren,
  UserInterest,
} from './tags-types';

const TAGS = '/api/iam/tags';
const seg = (value: string | number) => encodeURIComponent(String(value));

/** Every `/api/iam/tags/*` call of the contract as a typed function. */
export function createTagsApi(apiFetch: ApiFetch = defaultApiFetch) {
  const data = async <T>(promise: Promise<{ data: T }>) => (await promise).data;

  return {
    tag: (lookup: TagLookup, value: string | number, signal?: AbortSignal) =>
      data(apiFetch<Tag>(`${TAGS}/get-single/${lookup}/${seg(value)}`, { signal })),

    /** All tags by name; `cursor` `0` is the first page. */
    allTags: (cursor: string = '0', signal?: AbortSignal) =>
      data(apiFetch<Page<Tag>>(`${TAGS}/all/${seg(cursor)}`, { signal })),

    tagWithChildren: (lookup: TagLookup, value: string | number, signal?: AbortSignal) =>
      data(
        apiFetch<TagWithChildren>(`${TAGS}/get-tag-n-children/${lookup}/${seg(value)}`, { signal }),
      ),

    /** Up to 20 tags by name, each with its children. */
    tagsWithChildren: (names: readonly string[], signal?: AbortSignal) =>
      data(
        apiFetch<TagWithChildren[]>(`${TAGS}/get-tags-n-children/${seg(names.join(','))}`, {
          signal,
        }),
      ),

    /** The parent tags (categories) with their children, for the interests picker. */
    interestCategories: (signal?: AbortSignal) =>
      data(apiFetch<TagWithChildren[]>(`${TAGS}/interest-cat-tags`, { signal })),

    /** A user's interests: one's own (or anyone's, for admins). */
    userInterests: (userId: string, signal?: AbortSignal) =>
      data(apiFetch<UserInterest[]>(`${TAGS}/user-interests/${seg(userId)}`, { signal })),

    /** Up to 10 tags whose name starts with `prefix`, most followed first. */
    tagsByPrefix: (prefix: string, parentsOnly = false, signal?: AbortSignal) =>
      data(apiFetch<Tag[]>(`${TAGS}/prefix/${seg(prefix)}/${parentsOnly}`, { signal })),

    deleteTag: (name: string) =>
      data(apiFetch<{ deleted: boolean }>(`${TAGS}/${seg(name)}`, { method: 'DELETE' })),

    addInterests: (body: InterestsInput) =>
      data(apiFetch<UserInterest[]>(`${TAGS}/new-interests`, { method: 'POST', body })),

    deleteInterests: (body: InterestsInput) =>
      data(apiFetch<DeletedInterests>(`${TAGS}/delete-interests`, { method: 'DELETE', body })),

    /** Whether removing these would leave the caller with no interests at all. */
    checkIfLast: (tagIdArr: number[]) =>
      data(
        apiFetch<{ last: boolean }>(`${TAGS}/check-if-last`, { method: 'PUT', body: { tagIdArr } }),
      ),

    /** Creates a tag, or answers the existing one of that (normalised) name. */
    createTag: (input: NewTagInput) =>
      data(
        apiFetch<Tag>(`${TAGS}/new`, {
          method: 'POST',
          body: { isParent: false, returnAnId: false, ...input },
        }),
      ),

    /** Like createTag, answering only the id. */
    createTagId: (tagName: string) =>
      data(
        apiFetch<Pick<TagRef, 'id'>>(`${TAGS}/new`, {
          method: 'POST',
          body: { tagName, isParent: false, returnAnId: true },
        }),
      ),

    updateTag: (body: TagUpdateInput) =>
      data(apiFetch<Tag>(`${TAGS}/update`, { method: 'PUT', body })),
  };
}

export type TagsApi = ReturnType<typeof createTagsApi>;

/** The tags calls over the page's one fetch wrapper. */
export const tagsApi: TagsApi = createTagsApi();
