// The validation rules of spec section 5, shared by every slice's forms.

// The e-mail rule is the API's own, generated from its OpenAPI document: isValidEmail in
// @plantfolk/api-client.

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
