import { Injectable } from '@nestjs/common';
import { webcrypto } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { AppConfig } from '../../platform/config/app-config';
import { ACCESS_TOKEN_TTL_SECONDS } from './identity.constants';

const ISSUER = 'plantfolk';
/** Access tokens for the API, and short-lived tokens that open the ops dashboard; never interchangeable. */
export type TokenAudience = 'plantfolk-api' | 'plantfolk-ops';

export interface AccessClaims {
  userId: string;
  sessionId: string;
}

/** How many verified tokens are remembered; the oldest is forgotten first. */
const VERIFIED_CACHE_SIZE = 10_000;

/**
 * Signs and checks JWTs. Only HS256 is accepted: `alg: none` and every other algorithm are refused.
 * The secret is imported as an HMAC CryptoKey once: handed raw bytes, jose would import them
 * again on every sign and every check (every authenticated request).
 *
 * A token that verified is remembered until it expires (a bounded map), so a member's next
 * requests skip the WebCrypto round trip through libuv's thread pool: the signature cannot change,
 * and what can (the session being revoked, the member suspended) is checked on every request by
 * the caller resolver against the session row, not here.
 */
@Injectable()
export class AccessTokens {
  private readonly key: Promise<webcrypto.CryptoKey>;
  private readonly verified = new Map<string, { claims: AccessClaims; expiresAtMs: number }>();

  constructor(config: AppConfig) {
    this.key = webcrypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(config.jwtSecret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
  }

  async issue(
    { userId, sessionId }: AccessClaims,
    audience: TokenAudience = 'plantfolk-api',
    ttlSeconds = ACCESS_TOKEN_TTL_SECONDS,
  ): Promise<{ token: string; expiresIn: number }> {
    const token = await new SignJWT({ sid: sessionId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(userId)
      .setIssuer(ISSUER)
      .setAudience(audience)
      .setIssuedAt()
      .setExpirationTime(`${ttlSeconds}s`)
      .sign(await this.key);
    return { token, expiresIn: ttlSeconds };
  }

  /** The claims of a valid token, or null for anything else (expired, tampered, other algorithm). */
  async verify(
    token: string,
    audience: TokenAudience = 'plantfolk-api',
  ): Promise<AccessClaims | null> {
    const cacheKey = `${audience} ${token}`;
    const known = this.verified.get(cacheKey);
    if (known) {
      if (known.expiresAtMs > Date.now()) return known.claims;
      this.verified.delete(cacheKey);
    }
    try {
      const { payload } = await jwtVerify(token, await this.key, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        audience,
        requiredClaims: ['sub', 'sid', 'exp', 'iat'],
      });
      if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
      const claims = Object.freeze({ userId: payload.sub, sessionId: payload.sid });
      this.remember(cacheKey, claims, (payload.exp as number) * 1000);
      return claims;
    } catch {
      return null;
    }
  }

  private remember(cacheKey: string, claims: AccessClaims, expiresAtMs: number): void {
    if (this.verified.size >= VERIFIED_CACHE_SIZE) {
      // A Map iterates in insertion order: the first key is the oldest.
      this.verified.delete(this.verified.keys().next().value as string);
    }
    this.verified.set(cacheKey, { claims, expiresAtMs });
  }
}
