import type { Comment, ContentItem, Responder } from '@plantfolk/api-client';

/**
 * A post with its author's summary. Lists send authors once in `responders`; pairing them with
 * each post when a page arrives lets a post move between lists (to the top of the feed, into a
 * profile) and keep its author.
 */
export interface PostEntry extends ContentItem {
  author: Responder | null;
}

export interface CommentEntry extends Comment {
  author: Responder | null;
}

/** A page of a cursor list as the cache holds it. */
export interface EntryPage<T> {
  items: T[];
  next_cursor: string | null;
}

/** The guests' feed also says how much has been shared in all. */
export interface FeedPage extends EntryPage<PostEntry> {
  counts?: { posts: number; plants: number };
}

function authorsById(responders: readonly Responder[]): Map<string, Responder> {
  return new Map(responders.map((responder) => [responder.uuid, responder]));
}

export function withAuthor(item: ContentItem, responders: readonly Responder[]): PostEntry {
  return { ...item, author: responders.find((r) => r.uuid === item.user_id) ?? null };
}

export function withAuthors(
  items: readonly ContentItem[],
  responders: readonly Responder[],
): PostEntry[] {
  const authors = authorsById(responders);
  return items.map((item) => ({ ...item, author: authors.get(item.user_id) ?? null }));
}

export function commentsWithAuthors(
  items: readonly Comment[],
  responders: readonly Responder[],
): CommentEntry[] {
  const authors = authorsById(responders);
  return items.map((item) => ({ ...item, author: authors.get(item.user_id) ?? null }));
}
