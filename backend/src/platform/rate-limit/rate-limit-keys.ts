import { createHash } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';

/**
 * The bucket id of a client address. IPv4-mapped IPv6 addresses count as their IPv4 address;
 * other IPv6 addresses count by their /64 network, since one subscriber usually holds a whole
 * /64 and could otherwise rotate through addresses to get fresh buckets.
 */
export function clientAddressKey(address: string | undefined): string {
  if (!address) return 'unknown';
  const withoutZone = address.split('%')[0];
  if (isIPv4(withoutZone)) return withoutZone;
  if (!isIPv6(withoutZone)) return 'unknown';
  const hextets = expandIPv6(withoutZone);
  const isV4Mapped = hextets.slice(0, 5).every((part) => part === 0) && hextets[5] === 0xffff;
  if (isV4Mapped) {
    return [hextets[6] >> 8, hextets[6] & 0xff, hextets[7] >> 8, hextets[7] & 0xff].join('.');
  }
  return `${hextets
    .slice(0, 4)
    .map((part) => part.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (with `::` and a dotted IPv4 tail expanded). */
function expandIPv6(address: string): number[] {
  let text = address.toLowerCase();
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number);
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::');
  const parse = (part: string | undefined) =>
    part ? part.split(':').map((group) => parseInt(group, 16)) : [];
  const front = parse(head);
  const back = tail === undefined ? [] : parse(tail);
  const middle = new Array(8 - front.length - back.length).fill(0);
  return [...front, ...middle, ...back];
}

/**
 * The bucket id of a body field, or null when the value must not be a key (missing, empty,
 * an array, an object, a boolean). Strings are compared without case or whitespace, so
 * "  Fern@Example.com " and "fern@example.com" share a bucket; the value is hashed, so no
 * address or name is stored in Redis.
 */
export function bodyValueKey(value: unknown): string | null {
  let text: string;
  if (typeof value === 'string') text = value.normalize('NFKC').replace(/\s+/g, '').toLowerCase();
  else if (typeof value === 'number' && Number.isFinite(value)) text = String(value);
  else return null;
  if (!text) return null;
  return createHash('sha256').update(text).digest('base64url').slice(0, 32);
}
