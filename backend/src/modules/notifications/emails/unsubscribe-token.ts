import { createHmac, timingSafeEqual } from 'node:crypto';
import type { UnsubscribeScope } from './member-emails.content';

/**
 * The one-click unsubscribe token of a member and what it stops (one e-mail kind, or the daily
 * digest: every kind set to 'daily'): their id, the scope and an HMAC-SHA256 of both under a key derived from the app's secret. Unguessable without the secret,
 * and derived when an e-mail is rendered, so it is never stored, never in job data, and a logged
 * URL shows it only as `token=[REDACTED]` (platform/logging). It turns one kind off and nothing
 * else, so it may live as long as the e-mails that carry it.
 */
const SCOPE_CODES: Record<UnsubscribeScope, string> = {
  messages: 'm',
  comments: 'c',
  events: 'e',
  digest: 'd',
};
const SCOPE_OF_CODE = new Map(
  Object.entries(SCOPE_CODES).map(([scope, code]) => [code, scope as UnsubscribeScope]),
);
const TOKEN = /^([0-9a-f]{32})([mced])([A-Za-z0-9_-]{43})$/;

export class UnsubscribeTokens {
  private readonly key: Buffer;

  constructor(appSecret: string) {
    this.key = createHmac('sha256', appSecret).update('plantfolk e-mail unsubscribe v1').digest();
  }

  mint(userId: string, scope: UnsubscribeScope): string {
    const id = userId.replace(/-/g, '').toLowerCase();
    return `${id}${SCOPE_CODES[scope]}${this.mac(id, SCOPE_CODES[scope])}`;
  }

  /** The member and scope a token names, or null when it is not one this app signed. */
  verify(token: unknown): { userId: string; scope: UnsubscribeScope } | null {
    if (typeof token !== 'string') return null;
    const match = TOKEN.exec(token);
    if (!match) return null;
    const [, id, code, mac] = match;
    const expected = Buffer.from(this.mac(id, code));
    const given = Buffer.from(mac);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    const userId = `${id.slice(0, 8)}-${id.slice(8, 12)}-${id.slice(12, 16)}-${id.slice(16, 20)}-${id.slice(20)}`;
    return { userId, scope: SCOPE_OF_CODE.get(code) as UnsubscribeScope };
  }

  private mac(id: string, code: string): string {
    return createHmac('sha256', this.key).update(`${id}.${code}`).digest('base64url');
  }
}
