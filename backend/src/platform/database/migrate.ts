import type { DataSource } from 'typeorm';

/** Any fixed number: every process that migrates this database takes the same lock. */
const MIGRATION_LOCK_ID = 727_411_003;

/**
 * Runs pending migrations while holding a PostgreSQL advisory lock, so API replicas and the worker
 * can start at the same time without racing each other. All pending migrations run in one
 * transaction: a failure leaves the schema as it was.
 */
export async function runMigrations(dataSource: DataSource): Promise<string[]> {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    const applied = await dataSource.runMigrations({ transaction: 'all' });
    return applied.map((migration) => migration.name);
  } finally {
    await runner.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
    await runner.release();
  }
}
