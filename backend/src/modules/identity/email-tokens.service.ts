import { Injectable } from '@nestjs/common';
import { type EntityManager, IsNull } from 'typeorm';
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
    const [rows] = (await manager.query(
      `UPDATE email_token SET used_at = now()
        WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > now()
        RETURNING user_id`,
      [sha256(token), purpose],
    )) as [Array<{ user_id: string }>, number];
    return rows[0]?.user_id ?? null;
  }

  /** Whether a token would be accepted now, without spending it. */
  async isValid(
    manager: EntityManager,
    token: string,
    purpose: EmailTokenPurpose,
  ): Promise<boolean> {
    if (typeof token !== 'string' || token.length < 20 || token.length > 200) return false;
    const rows: unknown[] = await manager.query(
      `SELECT 1 FROM email_token WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > now()`,
      [sha256(token), purpose],
    );
    return rows.length > 0;
  }
}
