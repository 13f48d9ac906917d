import { FIELD_LIMITS } from '../generated/field-rules';
import { valuesOf } from '../value-lists';
import type { PostPrivacy } from './content-api';

/** Every privacy a post may have, in the order the composer offers them. */
export const postPrivacies = valuesOf<PostPrivacy>()(['public', 'members', 'private']);

/**
 * Limits of posts and comments. The field lengths and counts are the API's own, copied from the
 * OpenAPI document by `npm run generate`; the rest the document states only in prose.
 */
export const contentLimits = {
  ...FIELD_LIMITS.content,
  /** Replies nest at most this deep (the API refuses a reply to a level-6 comment). */
  maxCommentLevel: 6,
  defaultPageSize: 20,
  maxPageSize: 50,
  /** Per uploaded photo (the API refuses larger files). */
  photoBytes: 10 * 1024 * 1024,
} as const;

/** The image types the API accepts (by their bytes; never SVG or HTML). */
export const acceptedImageTypes = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
