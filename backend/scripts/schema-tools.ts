import { readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Client } from 'pg';
import { DataSource, type EntitySchema } from 'typeorm';
import { dataSourceOptions } from '../src/platform/database/data-source-options';
import { runMigrations } from '../src/platform/database/migrate';

const SRC = resolve(__dirname, '../src');

function listFiles(dir: string, suffix: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === '__tests__' ? [] : listFiles(path, suffix);
    return path.endsWith(suffix) ? [path] : [];
  });
}

/** Every entity class under src/ (files named *.entity.ts), whether or not a module registers it. */
export function loadAllEntities(): Array<new () => unknown> {
  return listFiles(SRC, '.entity.ts').flatMap((file) =>
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    Object.values(require(file) as Record<string, unknown>).filter(
      (value): value is new () => unknown =>
        typeof value === 'function' && /^[A-Z]/.test(value.name),
    ),
  );
}

/** A throwaway database on the same server, dropped by the returned function. */
export async function createScratchDatabase(
  serverUrl: string,
  prefix: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await client.end();
    },
  };
}

/** The SQL that would bring a database migrated to head in line with the entities. */
export async function pendingSchemaChanges(
  databaseUrl: string,
  entities: Array<new () => unknown | EntitySchema>,
): Promise<{ up: string[]; down: string[] }> {
  const dataSource = new DataSource({ ...dataSourceOptions(databaseUrl), entities });
  await dataSource.initialize();
  try {
    await runMigrations(dataSource);
    const sql = await dataSource.driver.createSchemaBuilder().log();
    return {
      up: sql.upQueries.map((query) => query.query),
      down: sql.downQueries.map((query) => query.query).reverse(),
    };
  } finally {
    await dataSource.destroy();
  }
}
