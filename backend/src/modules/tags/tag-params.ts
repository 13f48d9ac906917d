import { PlatformErrors } from '../../platform/http/platform.errors';
import { TAG_PAGE_DEFAULT, TAG_PAGE_MAX, type TagKey } from './tags.service';

const INT_MAX = 2_147_483_647;

function invalid(field: string, message: string): never {
  throw PlatformErrors.VALIDATION_FAILED([{ field, messages: [message] }]);
}

/** `{type}/{data}` of get-single and get-tag-n-children: `id/12` or `name/house-plants`. */
export function parseTagKey(type: string, data: string): TagKey {
  if (type === 'name') return { name: data };
  if (type !== 'id') invalid('type', 'type must be id or name');
  const id = /^\d{1,10}$/.test(data) ? Number(data) : NaN;
  if (!(id >= 1 && id <= INT_MAX)) invalid('data', 'data must be a tag id (a whole number ≥ 1)');
  return { id };
}

/** The `x` of all/{x}: `0` for the first page, else the next_cursor of the previous page. */
export function parseCursor(value: string): string | null {
  return value === '0' ? null : value;
}

/** `?take=`: default 20, clamped to 1..50; anything but a whole number is refused. */
export function parseTake(value: string | undefined): number {
  if (value === undefined || value === '') return TAG_PAGE_DEFAULT;
  if (!/^-?\d{1,6}$/.test(value)) invalid('take', 'take must be a whole number');
  return Math.min(Math.max(Number(value), 1), TAG_PAGE_MAX);
}

/** The comma-separated names of get-tags-n-children (empty entries ignored). */
export function parseNameList(value: string, max: number): string[] {
  const names = value
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (!names.length) invalid('list', 'list must name at least one tag');
  if (names.length > max) invalid('list', `list may name at most ${max} tags`);
  return names;
}

export function parseFlag(value: string, field: string): boolean {
  if (value === 'true') return true;
  if (value === 'false') return false;
  return invalid(field, `${field} must be true or false`);
}
