// Hand-written types of the tags API (issue 4 contract), used until openapi.json carries the
// tags module; then these can become aliases of `components['schemas'][...]`.

/** A tag as it appears on a post: just enough to show and link it. */
export interface TagRef {
  id: number;
  name: string;
}

/**
 * A tag. Names are normalised by the API: trimmed, lower-case, inner whitespace collapsed to one
 * hyphen, 2–40 letters, digits or hyphens.
 */
export interface Tag extends TagRef {
  is_parent: boolean;
  parent_id: number | null;
  group_id: number | null;
  /** The "tag detail": what the tag is about. */
  description: string | null;
  follower_count: number;
  post_count: number;
}

export interface TagWithChildren extends Tag {
  children: Tag[];
}

export const interestTypes = ['follow', 'grow', 'want'] as const;
export type InterestType = (typeof interestTypes)[number];

export interface UserInterest {
  tag: Tag;
  interest_type: InterestType;
}

/** How a tag is looked up in `get-single` and `get-tag-n-children`. */
export type TagLookup = 'id' | 'name';

export interface InterestsInput {
  tagIdArr: number[];
  interestType: InterestType;
}

export interface DeletedInterests {
  /** Tag ids whose interest row was deleted. */
  deleted: number[];
  /** Tag ids whose follower count went down. */
  decremented: number[];
}

export interface NewTagInput {
  tagName: string;
  /** Admins only (others get a 403). */
  isParent?: boolean;
  returnAnId?: boolean;
}

export interface TagUpdateInput {
  tagDetails: {
    id: number;
    name?: string;
    description?: string | null;
    is_parent?: boolean;
    parent_id?: number | null;
  };
  tagGroupBody?: { name: string };
}

/** Most tags one post may carry (contract: max 10 per post). */
export const MAX_TAGS_PER_POST = 10;

/**
 * The API's normalisation of a tag name, so the client shows and compares names the way the API
 * stores them: trimmed, lower-case, inner whitespace collapsed to one hyphen.
 */
export function normaliseTagName(name: string): string {
  return name.trim().toLowerCase().replace(/\s+/g, '-');
}

/** 2–40 letters (any script), digits or hyphens, after normalisation. */
export function isValidTagName(name: string): boolean {
  return /^[\p{L}\p{N}-]{2,40}$/u.test(normaliseTagName(name));
}
