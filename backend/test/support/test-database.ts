import { createHash } from 'node:crypto';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { migrations } from '../../src/database/migrations';
import { dataSourceOptions } from '../../src/platform/database/data-source-options';
import { runMigrations } from '../../src/platform/database/migrate';

const TEMPLATE_LOCK_ID = 727_411_004;

export function testServerUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url)
    throw new Error('TEST_DATABASE_URL is not set; run the tests through jest (global setup)');
  return url;
}

function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function withAdmin<T>(fn: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: testServerUrl() });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** The template is named after the migration list, so adding a migration builds a fresh one. */
function templateName(): string {
  const hash = createHash('sha256')
    .update(migrations.map((migration) => migration.name).join(','))
    .digest('hex')
    .slice(0, 12);
  return `plantfolk_tpl_${hash}`;
}

async function ensureTemplate(): Promise<string> {
  const name = templateName();
  await withAdmin(async (admin) => {
    await admin.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK_ID]);
    try {
      const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (exists.rowCount) return;
      // Older templates go, but the two newest stay: another checkout on this server (a CI run
      // beside a working tree with a new migration) may be cloning from one of them right now.
      const stale = await admin.query(
        "SELECT datname FROM pg_database WHERE datname LIKE 'plantfolk_tpl_%' ORDER BY oid DESC OFFSET 2",
      );
      for (const { datname } of stale.rows)
        await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
      await admin.query(`CREATE DATABASE "${name}"`);
      const dataSource = new DataSource(dataSourceOptions(databaseUrl(testServerUrl(), name)));
      await dataSource.initialize();
      try {
        await runMigrations(dataSource);
      } finally {
        await dataSource.destroy();
      }
    } finally {
      await admin.query('SELECT pg_advisory_unlock($1)', [TEMPLATE_LOCK_ID]);
    }
  });
  return name;
}

/** A fresh database for one test file, cloned from a template migrated once (fast and isolated). */
export async function createTestDatabase(): Promise<{
  url: string;
  name: string;
  drop: () => Promise<void>;
}> {
  const template = await ensureTemplate();
  const name = `plantfolk_test_${process.pid}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 7)}`;
  await withAdmin((admin) => admin.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`));
  return {
    url: databaseUrl(testServerUrl(), name),
    name,
    drop: () =>
      withAdmin((admin) => admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(
        () => undefined,
      ),
  };
}

/** An empty database (no migrations), for tests of migrating itself. */
export async function createEmptyDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `plantfolk_empty_${process.pid}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 7)}`;
  await withAdmin((admin) => admin.query(`CREATE DATABASE "${name}"`));
  return {
    url: databaseUrl(testServerUrl(), name),
    drop: () =>
      withAdmin((admin) => admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(
        () => undefined,
      ),
  };
}
