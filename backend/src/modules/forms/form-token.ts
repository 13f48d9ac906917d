import { createHmac, timingSafeEqual } from 'node:crypto';

/** A form must have been shown at least this long before it is sent (bots send at once). */
export const FORM_MIN_FILL_MS = 3_000;
/** …and at most this long: a token is not a lasting pass. */
export const FORM_TOKEN_TTL_MS = 2 * 3600_000;

/**
 * The token GET forms/validate hands out and POST forms/new requires: the time it was issued,
 * signed with a key derived from the server's secret. It proves the form came from us and when;
 * for a guest, who has no session csrf_token, it is the mutation's proof of origin too.
 */
export function signFormToken(secret: string, issuedAtMs: number): string {
  return `${issuedAtMs}.${mac(secret, issuedAtMs)}`;
}

export type FormTokenVerdict = 'ok' | 'invalid' | 'too-quick';

export function checkFormToken(secret: string, token: string, nowMs: number): FormTokenVerdict {
  const match = /^(\d{13})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return 'invalid';
  const issuedAt = Number(match[1]);
  const expected = Buffer.from(mac(secret, issuedAt));
  const given = Buffer.from(match[2]);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'invalid';
  const age = nowMs - issuedAt;
  if (age > FORM_TOKEN_TTL_MS || age < -60_000) return 'invalid';
  return age < FORM_MIN_FILL_MS ? 'too-quick' : 'ok';
}

function mac(secret: string, issuedAtMs: number): string {
  return createHmac('sha256', `form-token:${secret}`)
    .update(String(issuedAtMs))
    .digest('base64url');
}
