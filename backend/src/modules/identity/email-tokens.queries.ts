import type { SqlRunner } from '../../platform/database/sql-runner';
import type { EmailTokenPurpose } from './entities/email-token.entity';

/** Single-use link tokens (email_token), by their hash. */

/** Spends a live token atomically; its user, or undefined when unknown, used or expired. */
export async function spendEmailToken(
  db: SqlRunner,
  tokenHash: string,
  purpose: EmailTokenPurpose,
): Promise<string | undefined> {
  const [rows] = (await db.query(
    `UPDATE email_token SET used_at = now()
      WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > now()
      RETURNING user_id`,
    [tokenHash, purpose],
  )) as [Array<{ user_id: string }>, number];
  return rows[0]?.user_id;
}

export async function isLiveEmailToken(
  db: SqlRunner,
  tokenHash: string,
  purpose: EmailTokenPurpose,
): Promise<boolean> {
  const rows = (await db.query(
    `SELECT 1 FROM email_token WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > now()`,
    [tokenHash, purpose],
  )) as unknown[];
  return rows.length > 0;
}

/** Deletes tokens expired or spent over a day ago; how many. */
export async function deleteStaleEmailTokens(db: SqlRunner): Promise<number> {
  const [, count] = (await db.query(
    "DELETE FROM email_token WHERE expires_at < now() - interval '1 day' OR used_at < now() - interval '1 day'",
  )) as [unknown, number];
  return count;
}
