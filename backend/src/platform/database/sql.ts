import { Injectable } from '@nestjs/common';
import type { Pool, QueryResult } from 'pg';
import { DataSource, QueryFailedError } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import type { SqlRunner } from './sql-runner';

/**
 * Runs one statement on its own (PostgreSQL's implicit transaction) on TypeORM's pg pool, as
 * `DataSource.query` does (rows; `[rows, count]` for UPDATE and DELETE; a failure is a
 * QueryFailedError, so pgErrorCode and friends work alike), without the query runner TypeORM
 * builds, connects, broadcasts through and releases for every statement. That machinery was a
 * tenth of a small read's CPU, for nothing raw SQL uses: the app logs no queries through TypeORM
 * and listens to no query events. Statements of a transaction still go through its EntityManager.
 */
@Injectable()
export class Sql implements SqlRunner {
  constructor(private readonly dataSource: DataSource) {}

  async query<T = unknown>(text: string, values?: unknown[]): Promise<T> {
    let result: QueryResult;
    try {
      result = await this.pool().query(text, values);
    } catch (error) {
      throw new QueryFailedError(text, values, error as Error);
    }
    return (
      result.command === 'UPDATE' || result.command === 'DELETE'
        ? [result.rows, result.rowCount]
        : result.rows
    ) as T;
  }

  /** TypeORM's pool, there once the DataSource is initialised (before any provider runs SQL). */
  private pool(): Pool {
    return (this.dataSource.driver as PostgresDriver).master as Pool;
  }
}
