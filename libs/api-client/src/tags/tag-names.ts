import { FIELD_LIMITS } from '../generated/field-rules';
import { valuesOf } from '../value-lists';
import type { InterestType } from './tags-api';

/** Every kind of interest in a tag, in the order the screens show them. */
export const interestTypes = valuesOf<InterestType>()(['follow', 'grow', 'want']);

/** Most tags one post may carry (the API's own limit, from the OpenAPI document). */
export const MAX_TAGS_PER_POST: number = FIELD_LIMITS.content.tagsPerPost;

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
