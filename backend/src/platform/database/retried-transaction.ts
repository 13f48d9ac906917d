import type { DataSource, EntityManager } from 'typeorm';
import { pgErrorCode, UNIQUE_VIOLATION } from './db-errors';

/** PostgreSQL gave up on the transaction so that another could go on; running it again is safe. */
const RETRYABLE = new Set(['40P01' /* deadlock_detected */, '40001' /* serialization_failure */]);
const ATTEMPTS = 4;

export interface RetryOptions {
  /**
   * Run again on a unique violation too: for work whose only unique violations are meetings with
   * other writers (a row another transaction inserted meanwhile) or a drawn random id that is
   * taken, never a wrong input (see content's insertPostAndTags).
   */
  uniqueViolations?: boolean;
}

/**
 * Runs `work` in a transaction, and again (up to four times in all) when PostgreSQL aborts it as
 * a deadlock victim. Writers that lock shared rows across statements (tag counts: a tag another
 * post created meanwhile is found in a second round, after the first round's locks are held) can
 * meet in a cycle however the rows are ordered; PostgreSQL then rolls one back, and the documented
 * answer is to retry it. `work` must have no effect outside the transaction.
 */
export function retriedTransaction<T>(
  dataSource: DataSource,
  work: (manager: EntityManager) => Promise<T>,
  options: RetryOptions = {},
): Promise<T> {
  return retried(() => dataSource.transaction(work), options);
}

/**
 * Runs `statement`, one statement on its own (PostgreSQL's implicit transaction, so a failure
 * wrote nothing), and again as retriedTransaction would.
 */
export function retriedStatement<T>(
  statement: () => Promise<T>,
  options: RetryOptions = {},
): Promise<T> {
  return retried(statement, options);
}

async function retried<T>(work: () => Promise<T>, options: RetryOptions): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      const code = pgErrorCode(error);
      const retryable =
        code !== undefined &&
        (RETRYABLE.has(code) || (options.uniqueViolations === true && code === UNIQUE_VIOLATION));
      if (attempt >= ATTEMPTS || !retryable) throw error;
      // A short random pause, so the two transactions do not meet again at once.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * attempt));
    }
  }
}
