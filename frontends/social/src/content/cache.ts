import type { InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query';
import type { CommentEntry, EntryPage, PostEntry } from './entries';
import { contentKeys, postListKinds, type PostListKind } from './query-keys';

type PostList = InfiniteData<EntryPage<PostEntry>, string | null>;
type CommentList = InfiniteData<EntryPage<CommentEntry>, string | null>;

const kindOf = (key: QueryKey) => key[2];
const isPostListKind = (kind: unknown): kind is PostListKind =>
  postListKinds.includes(kind as PostListKind);

/** Every cached query of the social screens whose data is a post list, with its key. */
function postLists(queryClient: QueryClient) {
  return queryClient
    .getQueryCache()
    .findAll({ queryKey: contentKeys.all })
    .filter((query) => isPostListKind(kindOf(query.queryKey)) && query.state.data !== undefined);
}

function mapPages(data: PostList, map: (items: PostEntry[]) => PostEntry[]): PostList {
  return { ...data, pages: data.pages.map((page) => ({ ...page, items: map(page.items) })) };
}

/**
 * Whether a post belongs in a list, by the list's key: the feed holds everything the viewer may
 * see, a profile list its owner's posts, a plant list their listings (the available ones, or
 * all), a tag list the posts with that tag.
 */
function belongsIn(key: QueryKey, post: PostEntry): boolean {
  switch (kindOf(key) as PostListKind) {
    case 'feed':
      return true;
    case 'user-posts':
      return key[3] === post.user_id;
    case 'user-plants':
      return (
        key[3] === post.user_id &&
        post.type === 'plant/image' &&
        (key[4] === 'plantsAll' || Boolean(post.plant?.available))
      );
    case 'tag-posts':
      return post.tags.some((tag) => tag.name === key[3]);
  }
}

/** Applies `update` to every cached copy of the post: in lists, on its page, on its plant page. */
export function updatePost(
  queryClient: QueryClient,
  postId: string,
  update: (entry: PostEntry) => PostEntry,
): void {
  const apply = (entry: PostEntry) => (entry.id === postId ? update(entry) : entry);
  for (const query of postLists(queryClient)) {
    queryClient.setQueryData<PostList>(query.queryKey, (data) =>
      data ? mapPages(data, (items) => items.map(apply)) : data,
    );
  }
  for (const kind of ['post', 'plant'] as const) {
    queryClient.setQueriesData<PostEntry>(
      { predicate: (query) => query.queryKey[0] === 'content' && kindOf(query.queryKey) === kind },
      (entry) => (entry ? apply(entry) : entry),
    );
  }
}

/**
 * The post was created or edited and the API bumped it: it moves to the top of every cached list
 * it belongs in (and out of those it no longer belongs in, e.g. a tag that was removed), and
 * its single copies (post page, plant page) are replaced.
 */
export function placePostOnTop(queryClient: QueryClient, post: PostEntry): void {
  for (const query of postLists(queryClient)) {
    const belongs = belongsIn(query.queryKey, post);
    queryClient.setQueryData<PostList>(query.queryKey, (data) => {
      if (!data) return data;
      const without = mapPages(data, (items) => items.filter((item) => item.id !== post.id));
      if (!belongs || without.pages.length === 0) return without;
      const [first, ...rest] = without.pages;
      return { ...without, pages: [{ ...first!, items: [post, ...first!.items] }, ...rest] };
    });
  }
  queryClient.setQueriesData<PostEntry>(
    {
      predicate: ({ queryKey }) =>
        queryKey[0] === 'content' &&
        ((kindOf(queryKey) === 'post' && queryKey[3] === post.random_id) ||
          (kindOf(queryKey) === 'plant' && queryKey[3] === post.plant?.id)),
    },
    () => post,
  );
  // What a viewer's counts are depends on the API (privacy, availability): ask it again.
  void invalidateCounts(queryClient, post.user_id);
}

/** The post was deleted: out of every list, and its pages show that it is gone. */
export function removePost(queryClient: QueryClient, post: Pick<PostEntry, 'id' | 'user_id'>) {
  for (const query of postLists(queryClient)) {
    queryClient.setQueryData<PostList>(query.queryKey, (data) =>
      data ? mapPages(data, (items) => items.filter((item) => item.id !== post.id)) : data,
    );
  }
  queryClient.removeQueries({
    predicate: ({ queryKey, state }) =>
      queryKey[0] === 'content' &&
      (kindOf(queryKey) === 'post' || kindOf(queryKey) === 'plant') &&
      (state.data as PostEntry | undefined)?.id === post.id,
  });
  void invalidateCounts(queryClient, post.user_id);
}

export function invalidateCounts(queryClient: QueryClient, userId: string) {
  return queryClient.invalidateQueries({
    predicate: ({ queryKey }) =>
      queryKey[0] === 'content' &&
      (kindOf(queryKey) === 'counts' || kindOf(queryKey) === 'handle') &&
      (queryKey[3] === userId || kindOf(queryKey) === 'handle'),
  });
}

/** Applies `update` to one comment in the cached comment lists. */
export function updateComment(
  queryClient: QueryClient,
  commentId: string,
  update: (comment: CommentEntry) => CommentEntry,
): void {
  queryClient.setQueriesData<CommentList>(
    { predicate: ({ queryKey }) => queryKey[0] === 'content' && kindOf(queryKey) === 'comments' },
    (data) =>
      data && {
        ...data,
        pages: data.pages.map((page) => ({
          ...page,
          items: page.items.map((item) => (item.id === commentId ? update(item) : item)),
        })),
      },
  );
}

/** A new comment goes after the loaded ones (comments read oldest first). */
export function appendComment(
  queryClient: QueryClient,
  key: QueryKey,
  comment: CommentEntry,
): void {
  queryClient.setQueryData<CommentList>(key, (data) => {
    if (!data || data.pages.length === 0) {
      return { pages: [{ items: [comment], next_cursor: null }], pageParams: [null] };
    }
    const pages = [...data.pages];
    const last = pages[pages.length - 1]!;
    pages[pages.length - 1] = { ...last, items: [...last.items, comment] };
    return { ...data, pages };
  });
}

/**
 * Comments that were deleted (a comment and its replies, spec §4): the ids the API names and every
 * loaded reply beneath them, so no reply is left without its thread. Answers the ids removed.
 */
export function removeComments(
  queryClient: QueryClient,
  key: QueryKey,
  ids: readonly string[],
): Set<string> {
  const gone = new Set(ids);
  const loaded = queryClient.getQueryData<CommentList>(key)?.pages.flatMap((page) => page.items);
  // Replies may be loaded before their parents, so sweep until a pass finds nothing new.
  let grew = true;
  while (grew) {
    grew = false;
    for (const comment of loaded ?? []) {
      if (comment.parent_id && gone.has(comment.parent_id) && !gone.has(comment.id)) {
        gone.add(comment.id);
        grew = true;
      }
    }
  }
  queryClient.setQueryData<CommentList>(
    key,
    (data) =>
      data && {
        ...data,
        pages: data.pages.map((page) => ({
          ...page,
          items: page.items.filter((item) => !gone.has(item.id)),
        })),
      },
  );
  return gone;
}

/** Keeps only the first page of each list, so a refresh asks for one page, not all of them. */
export function trimToFirstPage(queryClient: QueryClient, queryKey: QueryKey): void {
  queryClient.setQueriesData<PostList>({ queryKey }, (data) =>
    data && data.pages.length > 1
      ? { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) }
      : data,
  );
}
