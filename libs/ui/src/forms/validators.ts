// The validation rules of spec section 5, shared by every slice's forms.

/**
 * Spec: a local part of letters, digits and !#$%&'*+/=?^_`{|}~.- , then @, then a domain of
 * letters, digits and hyphens with dots (at least one dot: `name@localhost` is not an address
 * anyone can write to).
 */
export const EMAIL_PATTERN = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~.-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+$/;

/** Longest address SMTP can carry (RFC 5321 path limit). */
export const MAX_EMAIL_LENGTH = 254;

export function isValidEmail(value: string): boolean {
  const email = value.trim();
  return email.length <= MAX_EMAIL_LENGTH && EMAIL_PATTERN.test(email);
}

/**
 * Letters (of any script, with their accents) and spaces only, with at least one letter: the
 * rule for suburb, state and country names.
 */
const LETTERS_AND_SPACES = /^[\p{L}\p{M} ]*\p{L}[\p{L}\p{M} ]*$/u;

export function isLettersAndSpaces(value: string): boolean {
  return LETTERS_AND_SPACES.test(value.trim());
}

/** An absolute http(s) URL. */
export function isValidUrl(value: string): boolean {
  try {
    const url = new URL(value.trim());
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** Whether `name` contains every word the user typed (case-insensitive), e.g. to filter a list. */
export function containsEveryWord(name: string, typed: string): boolean {
  const haystack = name.toLocaleLowerCase();
  return typed
    .toLocaleLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word));
}

const normalise = (value: unknown) => (typeof value === 'string' ? value.trim() : value);

/**
 * Unsaved-change detection (spec): a form is dirty when any value differs from what was loaded,
 * comparing strings trimmed, so added spaces alone do not count as a change.
 */
export function hasUnsavedChanges<V extends object>(initial: V, current: V): boolean {
  return (Object.keys(current) as (keyof V)[]).some(
    (key) => !Object.is(normalise(initial[key]), normalise(current[key])),
  );
}
