import { randomBytes } from 'node:crypto';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
export const RANDOM_ID_PATTERN = /^[0-9A-Za-z]{10}$/;

/** 10 base62 characters (about 59 bits), uniformly drawn: bytes ≥ 248 are rejected. */
export function newRandomId(length = 10): string {
  let id = '';
  while (id.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte >= 248) continue;
      id += BASE62[byte % 62];
      if (id.length === length) break;
    }
  }
  return id;
}
