import type { DataSourceOptions } from 'typeorm';
import { migrations } from '../../database/migrations';
import { CONNECTION_OPTIONS } from './connection-options';
import { SnakeNamingStrategy } from './snake-naming.strategy';

/**
 * TypeORM settings shared by the app, the tests and the migration scripts.
 * The schema only ever changes through migrations; `synchronize` stays off everywhere.
 */
export function dataSourceOptions(url: string): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    namingStrategy: new SnakeNamingStrategy(),
    synchronize: false,
    migrationsRun: false,
    migrations,
    migrationsTableName: 'schema_migrations',
    // gen_random_uuid() is built into PostgreSQL 13+; extensions are created by migrations, not at connect.
    uuidExtension: 'pgcrypto',
    installExtensions: false,
    extra: { max: 10, connectionTimeoutMillis: 5_000, options: CONNECTION_OPTIONS },
    applicationName: 'plantfolk',
  };
}
