import type { ClientBase } from 'pg';
import { counterMismatches, datasetCounts, seedDataset } from '../seed';
import { DATASET_SIZES, DEMO_PASSWORD } from '../sizes';
import { DEMO_USERNAMES } from './demo-text';

/** The account `npm start -- --demo` prints: verified, registered, with posts of its own. */
export const DEMO_LOGIN = {
  email: `${DEMO_USERNAMES[0]}@plantfolk.test`,
  password: DEMO_PASSWORD,
} as const;

export type DemoOutcome =
  | { seeded: true; counts: Record<string, number>; login: typeof DEMO_LOGIN }
  | { seeded: false; reason: string };

/** Newest demo post: ten hours before the current hour (its comments come up to nine hours later). */
export function demoEpoch(now = Date.now()): string {
  const hour = 3_600_000;
  return new Date(Math.floor(now / hour) * hour - 10 * hour).toISOString();
}

/**
 * Fills a migrated, EMPTY database with the demo site (the dataset generator at size `demo`) in
 * one transaction: ~30 members, ~120 posts with drawn photos, listings, comments, reactions,
 * tags. A database that has any member already is left exactly as it is ({ seeded: false }).
 * Times are relative to now (the newest post is a few hours old); every row's content is fixed.
 */
export async function seedDemo(
  db: ClientBase,
  options: { storageDir: string; onProgress?: (message: string) => void; now?: number },
): Promise<DemoOutcome> {
  const { rows: schema } = await db.query<{ found: boolean }>(
    `SELECT to_regclass('user_account') IS NOT NULL AS found`,
  );
  if (!schema[0].found)
    throw new Error('The database has no tables yet: run the migrations (start the API) first.');
  await db.query('BEGIN');
  try {
    // Two seeds at once: the second waits here, then finds members and refuses.
    await db.query('LOCK TABLE user_account IN SHARE ROW EXCLUSIVE MODE');
    const { rows } = await db.query<{ members: number }>(
      'SELECT count(*)::int AS members FROM user_account',
    );
    if (rows[0].members > 0) {
      await db.query('ROLLBACK');
      return {
        seeded: false,
        reason: `the database already has ${rows[0].members} member${rows[0].members === 1 ? '' : 's'}`,
      };
    }
    await seedDataset(db, {
      size: DATASET_SIZES.demo,
      storageDir: options.storageDir,
      onProgress: options.onProgress,
      epoch: demoEpoch(options.now),
      vacuum: false,
    });
    const problems = await counterMismatches(db);
    if (problems.length) throw new Error(`The demo's counts disagree: ${problems.join('; ')}`);
    await db.query('COMMIT');
  } catch (error) {
    await db.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
  await db.query('ANALYZE');
  return { seeded: true, counts: await datasetCounts(db), login: DEMO_LOGIN };
}
