import { PlatformErrors } from '../../platform/http/platform.errors';
import { BIO_MAX, DISPLAY_NAME_MAX } from './entities/user-account.entity';

/**
 * A display name and a bio are plain text that others read beside a member's handle. Control
 * characters (a bio keeps its line breaks) and the bidirectional overrides and isolates are
 * refused: they could make a name read as someone else's or reorder what follows it on the page.
 */
export const DISPLAY_NAME_PATTERN = /^[^\p{Cc}\u200E\u200F\u202A-\u202E\u2066-\u2069]*$/u;
export const BIO_PATTERN = /^(?:[^\p{Cc}\u200E\u200F\u202A-\u202E\u2066-\u2069]|[\n\r\t])*$/u;

/** Lengths as PostgreSQL's char_length counts them (code points), which the checks use. */
function codePoints(value: string): number {
  return [...value].length;
}

function tooLong(field: string, max: number): never {
  throw PlatformErrors.VALIDATION_FAILED([
    { field, messages: [`${field} must be at most ${max} characters`] },
  ]);
}

/** A display name as stored: one line, spaces collapsed, trimmed; blank or null clears it. */
export function normaliseDisplayName(value: string | null): string | null {
  if (value === null) return null;
  if (!DISPLAY_NAME_PATTERN.test(value))
    throw PlatformErrors.VALIDATION_FAILED([
      { field: 'display_name', messages: ['display_name must be plain text on one line'] },
    ]);
  const name = value.replace(/\s+/gu, ' ').trim();
  if (codePoints(name) > DISPLAY_NAME_MAX) tooLong('display_name', DISPLAY_NAME_MAX);
  return name || null;
}

/**
 * A bio as stored: line breaks as \n, at most one blank line in a row, each line's trailing
 * spaces and the whole trimmed; blank or null clears it.
 */
export function normaliseBio(value: string | null): string | null {
  if (value === null) return null;
  if (!BIO_PATTERN.test(value))
    throw PlatformErrors.VALIDATION_FAILED([
      { field: 'bio', messages: ['bio must be plain text'] },
    ]);
  const bio = value
    .replace(/\r\n?/g, '\n')
    .replace(/\t/g, ' ')
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  if (codePoints(bio) > BIO_MAX) tooLong('bio', BIO_MAX);
  return bio || null;
}
