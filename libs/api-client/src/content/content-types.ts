// Hand-written types of the content API (posts, photos, comments, reactions, feeds; issue 4
// contract), used until openapi.json carries the content module.
import type { Responder } from '../envelope';
import type { Plant } from '../plants/plants-types';
import type { TagRef } from '../tags/tags-types';

export type PostType = 'text/image' | 'plant/image';

/** 'public': everyone; 'members': logged-in members; 'private': only the author. */
export const postPrivacies = ['public', 'members', 'private'] as const;
export type PostPrivacy = (typeof postPrivacies)[number];

/** One stored size of an image. */
export interface ImageVariant {
  width: number;
  height: number;
  /** Storage reference in the public images bucket. */
  ref: string;
}

export interface Photo {
  id: string;
  image_ref: string;
  variants: ImageVariant[];
  blurhash: string | null;
  width: number;
  height: number;
  alt_text: string | null;
  /** A plant photo's description. */
  description: string | null;
}

/** A post (text/image) or a plant listing (plant/image). */
export interface ContentItem {
  id: string;
  /** The public id, as in `/post/{randomId}`. */
  random_id: string;
  type: PostType;
  /** The author; their summary is in the response's `responders`. */
  user_id: string;
  page_id: string | null;
  text: string;
  privacy: PostPrivacy;
  tags: TagRef[];
  photos: Photo[];
  plant: Plant | null;
  reaction_count: number;
  comment_count: number;
  /** The caller's reaction to this post, if any. */
  my_reaction_id: string | null;
  created_at: string;
  updated_at: string;
  /** What feeds sort by; editing or changing the privacy moves the post to the top. */
  bumped_at: string;
}

export interface Comment {
  id: string;
  post_id: string;
  parent_id: string | null;
  /** 0 for a comment on the post, parent's level + 1 for a reply (at most 6). */
  level: number;
  content: string;
  user_id: string;
  reaction_count: number;
  my_reaction_id: string | null;
  created_at: string;
}

/** A page of a cursor list; `next_cursor` null means there is no more. */
export interface Page<T> {
  items: T[];
  next_cursor: string | null;
}

/** What a user has shared, as the viewer may see it. */
export interface Counts {
  posts: number;
  plantsAll: number;
  plantsAvail: number;
}

/** A photo uploaded before its post is saved (`POST /api/iam/posts/photos`). */
export interface UploadedPhoto {
  ref: string;
  variants: ImageVariant[];
  blurhash: string | null;
  width: number;
  height: number;
}

export interface NewPostInput {
  text: string;
  privacy: PostPrivacy;
  /** Tag names (at most 10); unknown names become new tags. */
  tags: string[];
  /** Refs of the caller's unattached uploads (at most 10). */
  photos: { ref: string; alt_text?: string }[];
  page_id?: string;
}

/** `GET /api/iam/posts/user-or-page-basic/{handle}` (pages come later). */
export interface UserOrPageBasic {
  kind: 'user';
  user: Responder;
  counts: Counts;
}

/** The guests' news feed (`/api/content-items/recent` and `/more/{cursor}`). */
export interface ContentItemsPage {
  contentItems: ContentItem[];
  counts: { posts: number; plants: number };
  next_cursor: string | null;
}

export interface NewCommentInput {
  /** The post's random id. */
  postId: string;
  content: string;
  /** The comment this replies to. */
  parentId?: string;
}

/** Exactly one of the two. */
export type ReactionTarget =
  { postId: string; commentId?: never } | { commentId: string; postId?: never };

export interface ReactionCreated {
  id: string;
  reaction_count: number;
}

/** A list answer: the data and the summaries of every user it mentions. */
export interface Listed<T> {
  data: T;
  responders: Responder[];
}

/** Limits of posts and comments (contract). */
export const contentLimits = {
  postText: 5000,
  photosPerPost: 10,
  tagsPerPost: 10,
  altText: 300,
  comment: 2000,
  maxCommentLevel: 6,
  defaultPageSize: 20,
  maxPageSize: 50,
  /** Per uploaded photo (the API refuses larger files). */
  photoBytes: 10 * 1024 * 1024,
} as const;

/** The image types the API accepts (by their bytes; never SVG or HTML). */
export const acceptedImageTypes = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
