import {
  contentApi,
  plantsApi,
  type ContentItemPage,
  type Listed,
  type PlantFilter,
} from '@plantfolk/api-client';
import type { Viewer } from '../app/viewer';
import { withAuthors, type EntryPage, type FeedPage, type PostEntry } from './entries';
import { contentKeys } from './query-keys';
import { PAGE_SIZE, useCursorList } from './use-cursor-list';

const toPage = ({ data, responders }: Listed<ContentItemPage>): EntryPage<PostEntry> => ({
  items: withAuthors(data.items, responders),
  next_cursor: data.next_cursor,
});

/**
 * The news feed: members get everything they may see (init-recent, more-recent); guests the
 * public content items, with how much has been shared in all.
 */
export function useFeed(viewer: Viewer) {
  const member = viewer.user !== null;
  return useCursorList<FeedPage>({
    queryKey: contentKeys.feed(viewer.key),
    enabled: viewer.ready,
    first: async (signal) => {
      if (member) return toPage(await contentApi.feed(signal));
      const { data, responders } = await contentApi.recentContentItems(signal);
      return {
        items: withAuthors(data.contentItems, responders),
        next_cursor: data.next_cursor,
        counts: data.counts,
      };
    },
    more: async (cursor, signal) => {
      if (member) return toPage(await contentApi.moreFeed(cursor, signal));
      const { data, responders } = await contentApi.moreContentItems(cursor, signal);
      return { items: withAuthors(data.contentItems, responders), next_cursor: data.next_cursor };
    },
  });
}

/** Posts with a tag (members see members' posts too). */
export function useTagPosts(viewer: Viewer, tag: string) {
  const member = viewer.user !== null;
  return useCursorList({
    queryKey: contentKeys.tagPosts(viewer.key, tag),
    enabled: viewer.ready,
    first: async (signal) =>
      toPage(
        member
          ? await contentApi.tagPosts(tag, undefined, signal)
          : await contentApi.publicTagPosts(tag, undefined, signal),
      ),
    more: async (cursor, signal) =>
      toPage(
        member
          ? await contentApi.tagPosts(tag, cursor, signal)
          : await contentApi.publicTagPosts(tag, cursor, signal),
      ),
  });
}

/** The viewer's own posts (bymyuser, morepostsbyuser). */
export function useMyPosts(viewer: Viewer) {
  const userId = viewer.user?.uuid ?? '';
  return useCursorList({
    queryKey: contentKeys.userPosts(viewer.key, userId, 'mine'),
    enabled: Boolean(userId),
    first: async (signal) => toPage(await contentApi.myPosts(userId, signal)),
    more: async (cursor, signal) =>
      toPage(await contentApi.moreUserPosts(userId, PAGE_SIZE, cursor, signal)),
  });
}

/** The viewer's own plant listings (plantsbyuser, moreplantsbyuser). */
export function useMyPlants(viewer: Viewer, filter: PlantFilter, enabled = true) {
  const userId = viewer.user?.uuid ?? '';
  return useCursorList({
    queryKey: contentKeys.userPlants(viewer.key, userId, filter, 'mine'),
    enabled: enabled && Boolean(userId),
    first: async (signal) => toPage(await plantsApi.userPlants(userId, filter, PAGE_SIZE, signal)),
    more: async (cursor, signal) =>
      toPage(await plantsApi.moreUserPlants(userId, filter, PAGE_SIZE, cursor, signal)),
  });
}

/** Another member's posts, through the public routes (which also serve members). */
export function useUserPosts(viewer: Viewer, user: { uuid: string; username: string } | null) {
  return useCursorList({
    queryKey: contentKeys.userPosts(viewer.key, user?.uuid ?? '', 'public'),
    enabled: viewer.ready && user !== null,
    first: async (signal) => toPage(await contentApi.publicUserPosts(user!.username, signal)),
    more: async (cursor, signal) =>
      toPage(await contentApi.morePublicUserPosts(user!.username, cursor, signal)),
  });
}

/** Another member's plant listings (the public routes). */
export function useUserPlants(
  viewer: Viewer,
  user: { uuid: string; username: string } | null,
  filter: PlantFilter,
  enabled = true,
) {
  return useCursorList({
    queryKey: contentKeys.userPlants(viewer.key, user?.uuid ?? '', filter, 'public'),
    enabled: enabled && viewer.ready && user !== null,
    first: async (signal) =>
      toPage(await plantsApi.publicUserPlants(user!.username, filter, signal)),
    more: async (cursor, signal) =>
      toPage(await plantsApi.morePublicUserPlants(user!.username, filter, cursor, signal)),
  });
}
