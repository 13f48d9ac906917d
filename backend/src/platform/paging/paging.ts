import { PlatformErrors } from '../http/platform.errors';
import { isUuid } from '../ids/uuid';

/**
 * Keyset paging over (a time, a uuid): the one cursor format of every list of the API, so any
 * module's list pages the same way and answers a forged cursor the same way.
 */

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 50;

/** A position in a list: the sort time (full microsecond precision, as text) and the row id. */
export interface Cursor {
  at: string;
  id: string;
}

export interface Page<T> {
  items: T[];
  next_cursor: string | null;
}

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/;

/**
 * Cursors are opaque to clients: base64url of `{bumped_at, id}` for posts, `{created_at, id}`
 * for comments and `{registered_at, id}` for the people directory, the sort key of the last item
 * sent.
 */
export type CursorField = 'bumped_at' | 'created_at' | 'registered_at';

export function encodeCursor(field: CursorField, cursor: Cursor): string {
  return Buffer.from(JSON.stringify({ [field]: cursor.at, id: cursor.id })).toString('base64url');
}

/** Undefined or empty → the first page; anything that is not a cursor we made → INVALID_CURSOR. */
export function decodeCursor(field: CursorField, raw: unknown): Cursor | null {
  if (raw === undefined || raw === null || raw === '' || raw === '0') return null;
  if (typeof raw !== 'string' || raw.length > 200 || !/^[A-Za-z0-9_-]+$/.test(raw))
    throw PlatformErrors.INVALID_CURSOR();
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw PlatformErrors.INVALID_CURSOR();
  }
  const at = (parsed as Record<string, unknown> | null)?.[field];
  const id = (parsed as Record<string, unknown> | null)?.id;
  if (typeof at !== 'string' || typeof id !== 'string' || !isRealInstant(at) || !isUuid(id))
    throw PlatformErrors.INVALID_CURSOR();
  return { at, id: id.toLowerCase() };
}

/**
 * Whether `at` (already shaped like a cursor time) is a real calendar instant, as our cursors
 * write it. Date.parse alone is too lenient: it takes 2024-02-31 (as 2 March) and year 0, which
 * PostgreSQL refuses with an error (a forged cursor was a 500, not a 400), and 24:00.
 */
export function isRealInstant(at: string): boolean {
  if (!TIMESTAMP.test(at)) return false;
  const date = new Date(at);
  return (
    !Number.isNaN(date.getTime()) &&
    date.getUTCFullYear() >= 1 &&
    date.toISOString().slice(0, 19) === at.slice(0, 19)
  );
}

/** A page size from a path or query parameter: digits only, clamped to 1..50. */
export function parseTake(raw: unknown, field = 'take'): number {
  if (raw === undefined || raw === '') return DEFAULT_PAGE_SIZE;
  if (typeof raw !== 'string' || !/^\d{1,6}$/.test(raw))
    throw PlatformErrors.VALIDATION_FAILED([
      { field, messages: [`${field} must be a whole number`] },
    ]);
  return Math.min(MAX_PAGE_SIZE, Math.max(1, Number(raw)));
}

/** The SQL expression of a timestamp column as the text a cursor carries (UTC, microseconds). */
export function cursorTimeSql(column: string): string {
  return `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}
