import { performance } from 'node:perf_hooks';
import type { ClientBase } from 'pg';
import { hashPassword } from '../../src/modules/identity/passwords';
import { type SeedContext, type SeedStep } from './seed-context';
import { DATASET_EPOCH, DATASET_PASSWORD, DEMO_PASSWORD, type DatasetSize } from './sizes';
import { communityStep } from './steps/community';
import { contentStep } from './steps/content';
import { eventsStep } from './steps/events';
import { membersStep } from './steps/members';
import { messagingStep } from './steps/messaging';
import { pagesStep } from './steps/pages';
import { tagsStep } from './steps/tags';

/** Every domain's rows, in order (a domain's rows may refer to earlier ones'). */
export const SEED_STEPS: SeedStep[] = [
  membersStep,
  tagsStep,
  contentStep,
  pagesStep,
  eventsStep,
  messagingStep,
  communityStep,
];

export interface SeedOptions {
  size: DatasetSize;
  storageDir: string;
  /** One line at a time (default: stderr). */
  onProgress?: (message: string) => void;
  /** Defaults to SEED_STEPS; a caller may add its own or run a subset. */
  steps?: SeedStep[];
  /** The newest post's time (default DATASET_EPOCH); every other time is fixed relative to it. */
  epoch?: string;
  /** VACUUM ANALYZE at the end (default true); false lets a caller seed inside a transaction. */
  vacuum?: boolean;
}

/**
 * Fills a migrated, empty database with the deterministic dataset of `size`, set-based (INSERT …
 * SELECT generate_series), through the real schema: its constraints and triggers check and count
 * every row. `db` is one connection (a pg Client or a pool's client), used for the whole seed.
 */
export async function seedDataset(db: ClientBase, options: SeedOptions): Promise<void> {
  const progress =
    options.onProgress ?? ((message: string) => process.stderr.write(`[seed] ${message}\n`));
  const started = performance.now();
  const elapsed = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;
  // A hash of a text to [0, 1): every drawn value is a function of its row's index.
  await db.query(
    `CREATE OR REPLACE FUNCTION pg_temp.h(text) RETURNS double precision
       LANGUAGE sql IMMUTABLE AS $$ SELECT ('x' || substr(md5($1), 1, 8))::bit(32)::bigint / 4294967296.0 $$`,
  );
  await db.query(`SET synchronous_commit = off`);
  const context: SeedContext = {
    db,
    size: options.size,
    storageDir: options.storageDir,
    epoch: options.epoch ?? DATASET_EPOCH,
    passwordHash: await hashPassword(options.size.demo ? DEMO_PASSWORD : DATASET_PASSWORD),
    progress: (message) => progress(`${message} (${elapsed()})`),
    columns: async (table) => {
      const { rows } = await db.query<{ column_name: string }>(
        `SELECT column_name FROM information_schema.columns
          WHERE table_schema = current_schema() AND table_name = $1`,
        [table],
      );
      return new Set(rows.map((row) => row.column_name));
    },
  };
  for (const step of options.steps ?? SEED_STEPS) {
    context.progress(`step ${step.name}`);
    await step.run(context);
  }
  if (options.vacuum !== false) {
    context.progress('analyze');
    await db.query('VACUUM ANALYZE');
  }
  context.progress(`seeded "${options.size.name}"`);
}

/** Row counts of the main tables, for the report. */
export async function datasetCounts(db: ClientBase): Promise<Record<string, number>> {
  const tables = [
    'user_account',
    'post',
    'plant',
    'post_photo',
    'post_tag',
    'reaction',
    'comment',
    'conversation',
    'message',
    'notification',
  ];
  const { rows } = await db.query<Record<string, number>>(
    `SELECT ${tables.map((table) => `(SELECT count(*)::int FROM ${table}) AS ${table}`).join(', ')}`,
  );
  return rows[0];
}

/**
 * Every kept count against the rows it counts; returns the mismatches (none when consistent):
 * post reaction_count and comment_count, comment reaction_count, tag post_count (public posts)
 * and follower_count, and post_tally when that table exists.
 */
export async function counterMismatches(db: ClientBase): Promise<string[]> {
  const checks: Array<[string, string]> = [
    [
      'post.reaction_count',
      `SELECT count(*)::int AS n FROM post p
        WHERE p.reaction_count <> (SELECT count(*) FROM reaction r WHERE r.post_id = p.id)`,
    ],
    [
      'post.comment_count',
      `SELECT count(*)::int AS n FROM post p
        WHERE p.comment_count <> (SELECT count(*) FROM comment c WHERE c.post_id = p.id)`,
    ],
    [
      'comment.reaction_count',
      `SELECT count(*)::int AS n FROM comment c
        WHERE c.reaction_count <> (SELECT count(*) FROM reaction r WHERE r.comment_id = c.id)`,
    ],
    [
      'tag.post_count',
      `SELECT count(*)::int AS n FROM tag t WHERE t.post_count <> (SELECT count(*) FROM post_tag pt
          JOIN post p ON p.id = pt.post_id WHERE pt.tag_id = t.id AND p.privacy = 'public')`,
    ],
    [
      'tag.follower_count',
      `SELECT count(*)::int AS n FROM tag t
        WHERE t.follower_count <> (SELECT count(*) FROM user_tag_interest i WHERE i.tag_id = t.id)`,
    ],
  ];
  const { rows: tally } = await db.query(`SELECT to_regclass('post_tally') IS NOT NULL AS found`);
  if (tally[0].found)
    checks.push([
      'post_tally',
      `SELECT count(*)::int AS n FROM (
         SELECT type, privacy, sum(posts) AS posts FROM post_tally GROUP BY type, privacy) t
         FULL JOIN (SELECT type, privacy, count(*) AS posts FROM post GROUP BY type, privacy) p
           USING (type, privacy)
        WHERE COALESCE(t.posts, 0) <> COALESCE(p.posts, 0)`,
    ]);
  const problems: string[] = [];
  for (const [name, sql] of checks) {
    const { rows } = await db.query<{ n: number }>(sql);
    if (rows[0].n) problems.push(`${name}: ${rows[0].n} rows disagree`);
  }
  return problems;
}
