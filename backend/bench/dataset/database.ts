import { createHash } from 'node:crypto';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { migrations } from '../../src/database/migrations';
import { dataSourceOptions } from '../../src/platform/database/data-source-options';
import { runMigrations } from '../../src/platform/database/migrate';
import { datasetCounts, seedDataset, type SeedOptions } from './seed';
import { DATASET_VERSION, type DatasetSize } from './sizes';

export function databaseUrlOn(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function onServer<T>(serverUrl: string, work: (admin: Client) => Promise<T>): Promise<T> {
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

/**
 * What a seeded database says of itself (its COMMENT): the size, the generator's version and the
 * migration list it was seeded on. Another marker, or none (a seed that did not finish), reseeds.
 */
export function datasetMarker(size: DatasetSize): string {
  const schema = createHash('sha256')
    .update(migrations.map((migration) => migration.name).join(','))
    .digest('hex')
    .slice(0, 12);
  const spec = createHash('sha256').update(JSON.stringify(size)).digest('hex').slice(0, 8);
  return `plantfolk-bench dataset size=${size.name} spec=${spec} version=${DATASET_VERSION} schema=${schema}`;
}

export interface DatasetDatabase {
  name: string;
  url: string;
  /** Whether this call seeded it (false: reused). */
  seeded: boolean;
  counts: Record<string, number>;
}

/**
 * The dataset's own database on the server (`plantfolk_bench_<size>` unless named): reused when
 * its marker matches, else dropped, created, migrated with the app's migrations and seeded.
 */
export async function ensureDatasetDatabase(
  serverUrl: string,
  options: SeedOptions & { name?: string; reseed?: boolean },
): Promise<DatasetDatabase> {
  const name = options.name ?? `plantfolk_bench_${options.size.name}`;
  const url = databaseUrlOn(serverUrl, name);
  const marker = datasetMarker(options.size);
  const found = await onServer(serverUrl, async (admin) => {
    const { rows } = await admin.query<{ marker: string | null }>(
      `SELECT shobj_description(oid, 'pg_database') AS marker FROM pg_database WHERE datname = $1`,
      [name],
    );
    return rows[0];
  });
  if (found && found.marker === marker && !options.reseed) {
    const client = new Client({ connectionString: url });
    await client.connect();
    try {
      return { name, url, seeded: false, counts: await datasetCounts(client) };
    } finally {
      await client.end();
    }
  }
  await onServer(serverUrl, async (admin) => {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${name}"`);
  });
  const dataSource = new DataSource(dataSourceOptions(url));
  await dataSource.initialize();
  try {
    await runMigrations(dataSource);
  } finally {
    await dataSource.destroy();
  }
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await seedDataset(client, options);
    const counts = await datasetCounts(client);
    await client.query(`COMMENT ON DATABASE "${name}" IS '${marker}'`);
    return { name, url, seeded: true, counts };
  } finally {
    await client.end();
  }
}

export async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  await onServer(serverUrl, (admin) =>
    admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
  );
}
