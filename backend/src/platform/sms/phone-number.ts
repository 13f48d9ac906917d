/**
 * E.164: a `+`, then the country code (never starting with 0) and the subscriber number,
 * 8 to 15 digits in all, with no spaces or punctuation.
 */
const E164 = /^\+[1-9]\d{7,14}$/;

export function isE164PhoneNumber(value: unknown): value is string {
  return typeof value === 'string' && E164.test(value);
}

/** `+61412345678` → `+*********678`: enough to tell numbers apart in a log, not to dial one. */
export function maskPhoneNumber(value: string): string {
  const visible = 3;
  if (value.length <= visible) return '*'.repeat(value.length);
  const head = value.slice(0, -visible).replace(/[^+]/g, '*');
  return head + value.slice(-visible);
}
