import { DataSource } from 'typeorm';
import { loadAllEntities, pendingSchemaChanges } from '../scripts/schema-tools';
import { dataSourceOptions } from '../src/platform/database/data-source-options';
import { runMigrations } from '../src/platform/database/migrate';
import { createEmptyDatabase } from './support/test-database';
import { startTestApp } from './support/test-app';

describe('database schema', () => {
  it('has no drift: generating a migration from the entities produces nothing', async () => {
    const database = await createEmptyDatabase();
    try {
      const changes = await pendingSchemaChanges(database.url, loadAllEntities());
      expect(changes.up).toEqual([]);
    } finally {
      await database.drop();
    }
  });

  it('registers every entity file in the app', async () => {
    const t = await startTestApp();
    try {
      const registered = t.dataSource.entityMetadatas.map((metadata) => metadata.name).sort();
      const declared = loadAllEntities()
        .map((entity) => entity.name)
        .sort();
      expect(registered).toEqual(declared);
    } finally {
      await t.close();
    }
  });

  it('migrates an empty database once, even when two processes start together', async () => {
    const database = await createEmptyDatabase();
    const sources = [0, 1].map(() => new DataSource(dataSourceOptions(database.url)));
    try {
      await Promise.all(sources.map((source) => source.initialize()));
      const applied = await Promise.all(sources.map((source) => runMigrations(source)));
      expect(applied.flat().length).toBe(sources[0].migrations.length);
      const rows = await sources[0].query('SELECT name FROM schema_migrations');
      expect(rows).toHaveLength(sources[0].migrations.length);
    } finally {
      await Promise.all(sources.map((source) => source.destroy()));
      await database.drop();
    }
  });

  it('uses snake_case names in the database', async () => {
    const t = await startTestApp();
    try {
      const columns = await t.dataSource.query(
        "SELECT column_name FROM information_schema.columns WHERE table_name = 'outbox_message' ORDER BY column_name",
      );
      expect(columns.map((row: { column_name: string }) => row.column_name)).toEqual(
        expect.arrayContaining(['job_name', 'created_at', 'dispatched_at']),
      );
    } finally {
      await t.close();
    }
  });
});
