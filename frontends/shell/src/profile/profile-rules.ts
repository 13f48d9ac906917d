import { isReservedHandle } from '@plantfolk/api-client';
import { isLettersAndSpaces } from '@plantfolk/ui';

export const USERNAME_PATTERN = /^[a-z0-9_]{3,30}$/;
export const MAX_PLACE_NAME_LENGTH = 100;

/** Usernames are stored lower-case; a typed capital is simply lowered. */
export const normaliseUsername = (value: string) => value.trim().toLowerCase();

export function usernameProblem(value: string): string | null {
  const username = normaliseUsername(value);
  if (!username) return 'Choose a username.';
  if (username.length < 3 || username.length > 30) return 'Use 3 to 30 characters.';
  if (!USERNAME_PATTERN.test(username)) {
    return 'Use only lower-case letters, digits and underscores.';
  }
  if (isReservedHandle(username)) return `“${username}” is reserved. Choose another username.`;
  return null;
}

/** Suburb, state and country: letters and spaces only (spec section 5). */
export function placeNameProblem(value: string, what: string): string | null {
  const name = value.trim();
  if (!name) return `Enter your ${what}.`;
  if (name.length > MAX_PLACE_NAME_LENGTH)
    return `Use at most ${MAX_PLACE_NAME_LENGTH} characters.`;
  return isLettersAndSpaces(name) ? null : 'Use letters and spaces only.';
}

/**
 * A place's name as the profile fields take it: letters and spaces only (spec section 5). "&"
 * becomes "and", apostrophes go ("Land's End" is "Lands End"), any other mark becomes a space
 * ("Saint-Étienne" is "Saint Étienne", "St. Kilda" is "St Kilda").
 */
export function toPlaceName(name: string): string {
  return (
    name
      .normalize('NFC')
      // A mark that does not combine into its letter is dropped: the API takes letters only.
      .replace(/\p{M}/gu, '')
      .replace(/&/g, ' and ')
      .replace(/['’‘`ʻ]/g, '')
      .replace(/[^\p{L} ]+/gu, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, MAX_PLACE_NAME_LENGTH)
      .trim()
  );
}

/** "Fitzroy, Victoria, Australia" (a name repeated next to itself is shown once). */
export function areaLabel(area: { suburb_city: string; state: string; country: string }): string {
  return [area.suburb_city, area.state, area.country]
    .map((part) => part.trim())
    .filter((part, index, parts) => part && (index === 0 || part !== parts[index - 1]))
    .join(', ');
}

export function coordinateProblem(
  value: number | string | null,
  axis: 'latitude' | 'longitude',
): string | null {
  const limit = axis === 'latitude' ? 90 : 180;
  if (value === '' || value === null) {
    return `Enter the ${axis}, or use “Use my location”.`;
  }
  const number = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(number) || number < -limit || number > limit) {
    return `The ${axis} is a number between -${limit} and ${limit}.`;
  }
  return null;
}
