import { pagesApi, type ContentItemPage, type Listed } from '@plantfolk/api-client';
import type { Viewer } from '../app/viewer';
import { withAuthors, type EntryPage, type PostEntry } from '../content/entries';
import { useCursorList } from '@plantfolk/ui/cursor-list';

/** The query keys of the page screens (under the viewer, as every cached answer). */
export const pageKeys = {
  all: (viewer: string) => ['pages', viewer, 'all'] as const,
  nearby: (viewer: string, lat: number, long: number) =>
    ['pages', viewer, 'nearby', lat, long] as const,
  single: (viewer: string, handle: string) => ['pages', viewer, 'single', handle] as const,
  posts: (viewer: string, pageId: string) => ['pages', viewer, 'posts', pageId] as const,
};

export const PAGES_PAGE_SIZE = 20;
export const NEARBY_PAGES_TAKE = 20;

const toPostPage = ({ data, responders }: Listed<ContentItemPage>): EntryPage<PostEntry> => ({
  items: withAuthors(data.items, responders),
  next_cursor: data.next_cursor,
});

/** Every page, newest first, by cursor. */
export function usePagesList(viewer: Viewer) {
  return useCursorList({
    queryKey: pageKeys.all(viewer.key),
    enabled: viewer.ready,
    first: (signal) => pagesApi.all(null, PAGES_PAGE_SIZE, signal),
    more: (cursor, signal) => pagesApi.all(cursor, PAGES_PAGE_SIZE, signal),
  });
}

/** The first page of a page's posts, with what its screen shows beside them. */
export interface PagePostsPage extends EntryPage<PostEntry> {
  upcomingEvents: number;
}

/**
 * A page's posts, newest first, by cursor. The first page comes with the page's details
 * (`/api/page/all-details`: its upcoming-event count too), one request for the whole screen.
 */
export function usePagePosts(viewer: Viewer, page: { id: string; handle: string } | null) {
  return useCursorList<PagePostsPage>({
    queryKey: pageKeys.posts(viewer.key, page?.id ?? ''),
    enabled: viewer.ready && page !== null,
    first: async (signal) => {
      const { data, responders } = await pagesApi.details(page?.handle ?? '', signal);
      return {
        items: withAuthors(data.posts.items, responders),
        next_cursor: data.posts.next_cursor,
        upcomingEvents: data.counts.upcomingEvents,
      };
    },
    more: async (cursor, signal) => ({
      ...toPostPage(await pagesApi.morePosts(page?.id ?? '', cursor, signal)),
      upcomingEvents: 0,
    }),
  });
}

/** "Fitzroy, Victoria" of a page's place, or null. */
export function pagePlace(page: {
  location: { suburb_city: string | null; state: string | null; country: string | null } | null;
}): string | null {
  const place = page.location;
  if (!place) return null;
  const parts = [place.suburb_city, place.state].filter(Boolean);
  if (!parts.length && place.country) parts.push(place.country);
  return parts.length ? parts.join(', ') : null;
}

/** Letters and spaces only, as the API takes place names ("Saint-Étienne" → "Saint Étienne"). */
export function toPlaceName(text: string): string {
  return text
    .replace(/[^\p{L} ]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
