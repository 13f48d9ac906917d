import { Injectable } from '@nestjs/common';
import { type EntityManager, IsNull } from 'typeorm';
import { isLiveEmailToken, spendEmailToken } from './email-tokens.queries';
import { EmailToken, type EmailTokenPurpose } from './entities/email-token.entity';
import { newToken, sha256 } from './secrets';

/** Single-use tokens for e-mailed links (256 random bits; only their hash is stored). */
@Injectable()
export class EmailTokensService {
  /** Issues a new token and spends the user's older unused ones of the same purpose. */
  async issue(
    manager: EntityManager,
    userId: string,
    purpose: EmailTokenPurpose,
    ttlMs: number,
  ): Promise<string> {
    await manager.update(EmailToken, { userId, purpose, usedAt: IsNull() }, { usedAt: new Date() });
    const token = newToken();
    await manager.insert(EmailToken, {
      userId,
      purpose,
      tokenHash: sha256(token),
      expiresAt: new Date(Date.now() + ttlMs),
    });
    return token;
  }

  /** Spends a token atomically; returns its user, or null when unknown, used or expired. */
  async consume(
    manager: EntityManager,
    token: string,
    purpose: EmailTokenPurpose,
  ): Promise<string | null> {
    if (typeof token !== 'string' || token.length < 20 || token.length > 200) return null;
    return (await spendEmailToken(manager, sha256(token), purpose)) ?? null;
  }

  /** Whether a token would be accepted now, without spending it. */
  async isValid(
    manager: EntityManager,
    token: string,
    purpose: EmailTokenPurpose,
  ): Promise<boolean> {
    if (typeof token !== 'string' || token.length < 20 || token.length > 200) return false;
    return isLiveEmailToken(manager, sha256(token), purpose);
  }
}
