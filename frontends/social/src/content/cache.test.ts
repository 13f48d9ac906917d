import {
  fakeComment,
  fakePlantListing,
  fakePost,
  fakeResponder,
} from '@plantfolk/api-client/testing';
import { createTestQueryClient } from '@plantfolk/ui/testing';
import type { InfiniteData, QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { placePostOnTop, removeComments, removePost, trimToFirstPage } from './cache';
import { withAuthors, type CommentEntry, type EntryPage, type PostEntry } from './entries';
import { contentKeys } from './query-keys';

const fern = fakeResponder();
const viewer = fern.uuid;
type List<T> = InfiniteData<EntryPage<T>, string | null>;

function cacheWith(lists: [QueryKey, PostEntry[][]][]) {
  const queryClient = createTestQueryClient();
  for (const [key, pages] of lists) {
    queryClient.setQueryData<List<PostEntry>>(key, {
      pages: pages.map((items, index) => ({
        items,
        next_cursor: index < pages.length - 1 ? `cursor-${index + 1}` : null,
      })),
      pageParams: pages.map((_, index) => (index === 0 ? null : `cursor-${index}`)),
    });
  }
  const texts = (key: QueryKey) =>
    queryClient
      .getQueryData<List<PostEntry>>(key)!
      .pages.map((page) => page.items.map((item) => item.text));
  return { queryClient, texts };
}

const entries = (...items: ReturnType<typeof fakePost>[]) => withAuthors(items, [fern]);

describe('keeping cached copies of a post in step', () => {
  it('moves an edited post to the top of the feed and the owner’s posts, from any page', () => {
    const [a, b, c] = entries(
      fakePost({ text: 'a' }),
      fakePost({ text: 'b' }),
      fakePost({ text: 'c' }),
    );
    const feed = contentKeys.feed(viewer);
    const mine = contentKeys.userPosts(viewer, fern.uuid, 'mine');
    const { queryClient, texts } = cacheWith([
      [feed, [[a!, b!], [c!]]],
      [mine, [[a!], [c!]]],
    ]);

    placePostOnTop(queryClient, { ...c!, text: 'c edited' });

    expect(texts(feed)).toEqual([['c edited', 'a', 'b'], []]);
    expect(texts(mine)).toEqual([['c edited', 'a'], []]);
  });

  it('takes a listing out of the available plants once it is no longer available', () => {
    const [listing] = entries(fakePlantListing({ available: true }, { text: 'pothos' }));
    const available = contentKeys.userPlants(viewer, fern.uuid, 'plantsAvail', 'mine');
    const all = contentKeys.userPlants(viewer, fern.uuid, 'plantsAll', 'mine');
    const { queryClient, texts } = cacheWith([
      [available, [[listing!]]],
      [all, [[listing!]]],
    ]);

    placePostOnTop(queryClient, {
      ...listing!,
      plant: { ...listing!.plant!, available: false, availability: 'Not available' },
    });

    expect(texts(available)).toEqual([[]]);
    expect(texts(all)).toEqual([['pothos']]);
  });

  it('takes a post out of a tag’s list when the tag was removed', () => {
    const [post] = entries(fakePost({ text: 'fern', tags: [{ id: 1, name: 'ferns' }] }));
    const ferns = contentKeys.tagPosts(viewer, 'ferns');
    const { queryClient, texts } = cacheWith([[ferns, [[post!]]]]);

    placePostOnTop(queryClient, { ...post!, tags: [] });

    expect(texts(ferns)).toEqual([[]]);
  });

  it('replaces the single copy on the post page and removes it when the post is deleted', () => {
    const [post] = entries(fakePost({ text: 'before' }));
    const { queryClient } = cacheWith([]);
    const single = contentKeys.post(viewer, post!.random_id);
    queryClient.setQueryData(single, post);

    placePostOnTop(queryClient, { ...post!, text: 'after' });
    expect(queryClient.getQueryData<PostEntry>(single)?.text).toBe('after');

    removePost(queryClient, post!);
    expect(queryClient.getQueryData(single)).toBeUndefined();
  });

  it('keeps only the first page for a reload', () => {
    const [a, b] = entries(fakePost({ text: 'a' }), fakePost({ text: 'b' }));
    const feed = contentKeys.feed(viewer);
    const { queryClient, texts } = cacheWith([[feed, [[a!], [b!]]]]);

    trimToFirstPage(queryClient, feed);

    expect(texts(feed)).toEqual([['a']]);
    expect(queryClient.getQueryData<List<PostEntry>>(feed)!.pageParams).toEqual([null]);
  });
});

describe('removing deleted comments', () => {
  it('removes the named comments and every loaded reply beneath them', () => {
    const queryClient = createTestQueryClient();
    const key = contentKeys.comments(viewer, 'post1');
    const top = fakeComment();
    const reply = fakeComment({ parent_id: top.id, level: 1 });
    const deeper = fakeComment({ parent_id: reply.id, level: 2 });
    const other = fakeComment();
    const asEntry = (comment: ReturnType<typeof fakeComment>): CommentEntry => ({
      ...comment,
      author: null,
    });
    queryClient.setQueryData<List<CommentEntry>>(key, {
      pages: [
        { items: [top, reply].map(asEntry), next_cursor: 'c1' },
        { items: [other, deeper].map(asEntry), next_cursor: null },
      ],
      pageParams: [null, 'c1'],
    });

    const gone = removeComments(queryClient, key, [top.id]);

    expect([...gone].sort()).toEqual([top.id, reply.id, deeper.id].sort());
    const left = queryClient
      .getQueryData<List<CommentEntry>>(key)!
      .pages.flatMap((page) => page.items.map((item) => item.id));
    expect(left).toEqual([other.id]);
  });
});
