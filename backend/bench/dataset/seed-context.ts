import { createHash } from 'node:crypto';
import type { ClientBase } from 'pg';
import type { DatasetSize } from './sizes';

/**
 * What a seed step gets: one connection (temporary tables and pg_temp functions live as long as
 * it does), the size, where image files go, and a progress line writer.
 */
export interface SeedContext {
  db: ClientBase;
  size: DatasetSize;
  /** The app's STORAGE_DIR: images are written under `<storageDir>/images/<ref>`. */
  storageDir: string;
  /** The newest post's time (DATASET_EPOCH unless the caller chose one, as the demo does). */
  epoch: string;
  /** One argon2id hash of DATASET_PASSWORD (DEMO_PASSWORD for the demo), shared by every seeded account. */
  passwordHash: string;
  progress: (message: string) => void;
  /** The columns a table has now (steps fill columns later migrations add, when they exist). */
  columns: (table: string) => Promise<Set<string>>;
}

/**
 * One domain's rows. Steps run in order, each in its own transaction-free statements; a later
 * domain (pages, events) appends its step to SEED_STEPS. Every value comes from the row's index
 * through `pg_temp.h(text)` (a hash to [0, 1)) or plain arithmetic: same size, same rows.
 */
export interface SeedStep {
  name: string;
  run: (context: SeedContext) => Promise<void>;
}

/** Runs `work(from, to)` over 1..total in batches, reporting progress after each. */
export async function inBatches(
  context: SeedContext,
  label: string,
  total: number,
  batch: number,
  work: (from: number, to: number) => Promise<void>,
): Promise<void> {
  for (let from = 1; from <= total; from += batch) {
    const to = Math.min(total, from + batch - 1);
    await work(from, to);
    context.progress(`${label} ${to.toLocaleString('en')}/${total.toLocaleString('en')}`);
  }
}

/**
 * The deterministic uuid of the `index`-th row of a kind (SQL expression): md5 with the version and
 * variant bits set, so seeded ids pass the API's `IsUUID('4')` like the ones PostgreSQL generates.
 */
export function idSql(kind: string, index: string): string {
  const md5 = `md5('${kind}:' || ${index})`;
  return `(substr(${md5}, 1, 12) || '4' || substr(${md5}, 14, 3)
           || substr('89ab', get_byte(decode(substr(${md5}, 17, 2), 'hex'), 0) % 4 + 1, 1)
           || substr(${md5}, 18))::uuid`;
}

/** The same uuid computed in JavaScript, e.g. to name a seeded member or post. */
export function idOf(kind: string, index: number | string): string {
  const md5 = createHash('md5').update(`${kind}:${index}`).digest('hex');
  const variant = '89ab'[parseInt(md5.slice(16, 18), 16) % 4];
  const hex = `${md5.slice(0, 12)}4${md5.slice(13, 16)}${variant}${md5.slice(17)}`;
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
