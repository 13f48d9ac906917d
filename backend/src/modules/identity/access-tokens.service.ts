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

/**
 * Signs and checks JWTs. Only HS256 is accepted: `alg: none` and every other algorithm are refused.
 * The secret is imported as an HMAC CryptoKey once: handed raw bytes, jose would import them
 * again on every sign and every check (every authenticated request).
 */
@Injectable()
export class AccessTokens {
  private readonly key: Promise<webcrypto.CryptoKey>;

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
    try {
      const { payload } = await jwtVerify(token, await this.key, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        audience,
        requiredClaims: ['sub', 'sid', 'exp', 'iat'],
      });
      if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
      return { userId: payload.sub, sessionId: payload.sid };
    } catch {
      return null;
    }
  }
}
