import type { DataSource, EntityManager } from 'typeorm';
import { pgErrorCode } from './db-errors';

/** PostgreSQL gave up on the transaction so that another could go on; running it again is safe. */
const RETRYABLE = new Set(['40P01' /* deadlock_detected */, '40001' /* serialization_failure */]);
const ATTEMPTS = 4;

/**
 * Runs `work` in a transaction, and again (up to four times in all) when PostgreSQL aborts it as
 * a deadlock victim. Writers that lock shared rows across statements (tag counts: a tag another
 * post created meanwhile is found in a second round, after the first round's locks are held) can
 * meet in a cycle however the rows are ordered; PostgreSQL then rolls one back, and the documented
 * answer is to retry it. `work` must have no effect outside the transaction.
 */
export async function retriedTransaction<T>(
  dataSource: DataSource,
  work: (manager: EntityManager) => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await dataSource.transaction(work);
    } catch (error) {
      const code = pgErrorCode(error);
      if (attempt >= ATTEMPTS || !code || !RETRYABLE.has(code)) throw error;
      // A short random pause, so the two transactions do not meet again at once.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * attempt));
    }
  }
}
