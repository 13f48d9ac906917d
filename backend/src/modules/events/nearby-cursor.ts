import { PlatformErrors } from '../../platform/http/platform.errors';
import { isUuid } from '../../platform/ids/uuid';

/**
 * The position in a nearby events list: the distance (metres, as PostgreSQL computed it) and id
 * of the last event's place, and that event's listed date (cursor time text) and id. Opaque to
 * clients: base64url of its JSON.
 */
export interface NearbyCursor {
  d: number;
  l: string;
  at: string;
  id: string;
}

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/;

export function encodeNearbyCursor(cursor: NearbyCursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

/** Absent or empty → the first page; anything that is not a cursor we made → INVALID_CURSOR. */
export function decodeNearbyCursor(raw: unknown): NearbyCursor | null {
  if (raw === undefined || raw === null || raw === '') return null;
  if (typeof raw !== 'string' || raw.length > 300 || !/^[A-Za-z0-9_-]+$/.test(raw))
    throw PlatformErrors.INVALID_CURSOR();
  let parsed: Partial<Record<keyof NearbyCursor, unknown>> | null;
  try {
    parsed = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as typeof parsed;
  } catch {
    throw PlatformErrors.INVALID_CURSOR();
  }
  const { d, l, at, id } = parsed ?? {};
  if (
    typeof d !== 'number' ||
    !Number.isFinite(d) ||
    d < 0 ||
    d > 2.1e7 ||
    typeof l !== 'string' ||
    !isUuid(l) ||
    typeof id !== 'string' ||
    !isUuid(id) ||
    typeof at !== 'string' ||
    !isRealInstant(at)
  )
    throw PlatformErrors.INVALID_CURSOR();
  return { d, l: l.toLowerCase(), at, id: id.toLowerCase() };
}

function isRealInstant(at: string): boolean {
  if (!TIMESTAMP.test(at)) return false;
  const date = new Date(at);
  return (
    !Number.isNaN(date.getTime()) &&
    date.getUTCFullYear() >= 1 &&
    date.toISOString().slice(0, 19) === at.slice(0, 19)
  );
}
