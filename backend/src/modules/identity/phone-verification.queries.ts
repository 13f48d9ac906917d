import type { SqlRunner } from '../../platform/database/sql-runner';

/** Phone codes (phone_verification): hashed, a few attempts each, short-lived. */

export interface AttemptRow {
  code_hash: string;
  phone_no: string;
  attempts: number;
  expired: boolean;
  verified_at: Date | null;
}

/** Spends one attempt of an unverified code with attempts left; the code's row, if any. */
export async function spendCodeAttempt(
  db: SqlRunner,
  recordId: string,
  userId: string,
  maxAttempts: number,
): Promise<AttemptRow | undefined> {
  const [rows] = (await db.query(
    `UPDATE phone_verification SET attempts = attempts + 1
      WHERE id = $1 AND user_id = $2 AND verified_at IS NULL AND attempts < $3
      RETURNING code_hash, phone_no, attempts, expires_at <= now() AS expired, verified_at`,
    [recordId, userId, maxAttempts],
  )) as [AttemptRow[], number];
  return rows[0];
}

/** Deletes codes expired over a day ago; how many. */
export async function deleteStalePhoneCodes(db: SqlRunner): Promise<number> {
  const [, count] = (await db.query(
    "DELETE FROM phone_verification WHERE expires_at < now() - interval '1 day'",
  )) as [unknown, number];
  return count;
}
