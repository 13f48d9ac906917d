import type { PlantFilter } from '@plantfolk/api-client';

/** Where a list's answers come from: the caller's own routes, or the public ones. */
export type ListSource = 'mine' | 'public';

/**
 * Query keys of the social screens. Everything a viewer sees sits under `['content', viewer]`,
 * so a guest's cached answers never show to a member; the third part names the kind of data,
 * which is what the cache helpers (cache.ts) look at to keep every copy of a post in step.
 */
export const contentKeys = {
  all: ['content'] as const,
  viewer: (viewer: string) => ['content', viewer] as const,
  /** The news feed (members: init-recent; guests: content-items). */
  feed: (viewer: string) => ['content', viewer, 'feed'] as const,
  post: (viewer: string, randomId: string) => ['content', viewer, 'post', randomId] as const,
  plant: (viewer: string, plantId: string) => ['content', viewer, 'plant', plantId] as const,
  tagPosts: (viewer: string, tag: string) => ['content', viewer, 'tag-posts', tag] as const,
  userPosts: (viewer: string, userId: string, source: ListSource) =>
    ['content', viewer, 'user-posts', userId, source] as const,
  userPlants: (viewer: string, userId: string, filter: PlantFilter, source: ListSource) =>
    ['content', viewer, 'user-plants', userId, filter, source] as const,
  counts: (viewer: string, userId: string) => ['content', viewer, 'counts', userId] as const,
  handle: (viewer: string, handle: string) => ['content', viewer, 'handle', handle] as const,
  comments: (viewer: string, randomId: string) =>
    ['content', viewer, 'comments', randomId] as const,
};

/** The kinds of post lists, as the third part of their key. */
export const postListKinds = ['feed', 'tag-posts', 'user-posts', 'user-plants'] as const;
export type PostListKind = (typeof postListKinds)[number];

/** Tags do not depend on who looks (follower counts are the same for everyone). */
export const tagKeys = {
  all: ['tags'] as const,
  tag: (name: string) => ['tags', 'tag', name] as const,
  prefix: (prefix: string) => ['tags', 'prefix', prefix] as const,
  interestCategories: ['tags', 'interest-categories'] as const,
  interests: (userId: string) => ['tags', 'interests', userId] as const,
};
