/**
 * Tag names are stored normalised, so "House Plants", " house   plants " and "#house-plants" are
 * one tag: trimmed, a leading "#" dropped, lower-cased, runs of whitespace (and hyphens) collapsed
 * to one hyphen, NFC. What remains must be 2–40 letters, digits (any script) and single inner hyphens.
 */
export const TAG_NAME_MIN = 2;
export const TAG_NAME_MAX = 40;

/** Letters with their combining marks, and digits, of any script. */
const WORD = '[\\p{L}\\p{M}\\p{N}]+';
const TAG_NAME = new RegExp(`^${WORD}(?:-${WORD})*$`, 'u');
/** A prefix typed so far may end in a hyphen ("house-" on the way to "house-plants"). */
const TAG_PREFIX = /^[\p{L}\p{M}\p{N}][\p{L}\p{M}\p{N}-]*$/u;

function canonical(raw: string): string {
  return raw
    .normalize('NFC')
    .trim()
    .replace(/^#+/, '')
    .toLowerCase()
    .normalize('NFC')
    .replace(/[\s-]+/gu, '-');
}

function length(value: string): number {
  return [...value].length;
}

/** The normalised name, or null when the input cannot be a tag name. */
export function normaliseTagName(raw: string): string | null {
  const name = canonical(raw).replace(/^-+|-+$/g, '');
  if (length(name) < TAG_NAME_MIN || length(name) > TAG_NAME_MAX) return null;
  return TAG_NAME.test(name) ? name : null;
}

/** A normalised prefix for type-ahead lookups (≥ 1 character), or null when nothing could match. */
export function normaliseTagPrefix(raw: string): string | null {
  const prefix = canonical(raw).replace(/^-+/, '');
  if (length(prefix) < 1 || length(prefix) > TAG_NAME_MAX) return null;
  return TAG_PREFIX.test(prefix) ? prefix : null;
}
