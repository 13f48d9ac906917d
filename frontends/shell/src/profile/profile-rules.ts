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
