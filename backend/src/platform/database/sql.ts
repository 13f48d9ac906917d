import { Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import type { Pool, QueryConfig, QueryResult } from 'pg';
import { DataSource, QueryFailedError } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import type { SqlRunner } from './sql-runner';

/** How many statement texts one process prepares (each on every pooled connection that runs it). */
const MAX_PREPARED = 64;

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

  private readonly names = new PreparedNames();

  async query<T = unknown>(text: string, values?: unknown[]): Promise<T> {
    return this.run<T>({ text, values });
  }

  /**
   * The same as `query`, as a named prepared statement: each pooled connection parses and plans
   * the text once (PostgreSQL then keeps its plan), and later runs send only the values. For the
   * few statements every request of a kind sends (the caller's session, the hot writes), whose
   * parse and plan are a good part of their cost (a write of eight CTEs plans in ~0.3 ms and runs
   * in ~1 ms). Only for statements whose result columns are listed (no `table.*`; a CTE's `*` is
   * its RETURNING list), so a migration that adds a column cannot change a prepared statement's
   * result (PostgreSQL re-plans it after any DDL on its tables). At most MAX_PREPARED texts per process; past
   * that, texts not named yet run unnamed (the names are per text, never per value).
   */
  async prepared<T = unknown>(text: string, values?: unknown[]): Promise<T> {
    return this.run<T>(this.names.config(text, values));
  }

  private async run<T>(config: QueryConfig): Promise<T> {
    let result: QueryResult;
    try {
      result = await this.pool().query(config);
    } catch (error) {
      throw new QueryFailedError(config.text, config.values, error as Error);
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

/**
 * The names of a process's prepared statements: one per text (never per value), at most
 * MAX_PREPARED texts; past that, texts not named yet run unnamed. Shared with the benchmark's raw
 * baseline, so both sides of a comparison prepare the same statements.
 */
export class PreparedNames {
  private readonly names = new Map<string, string>();

  config(text: string, values?: unknown[]): QueryConfig {
    let name = this.names.get(text);
    if (!name && this.names.size < MAX_PREPARED) {
      name = `pf_${createHash('sha1').update(text).digest('base64url')}`;
      this.names.set(text, name);
    }
    return name ? { name, text, values } : { text, values };
  }
}

/**
 * Runs a statement as a prepared one when `db` is a pool (Sql.prepared), else (a transaction's
 * EntityManager) as it always runs: for queries files whose statement every request of a kind sends.
 */
export function queryPrepared<T = unknown>(
  db: SqlRunner,
  text: string,
  values?: unknown[],
): Promise<T> {
  return (db.prepared ? db.prepared(text, values) : db.query(text, values)) as Promise<T>;
}
