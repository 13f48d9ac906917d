/**
 * Whatever runs SQL: the DataSource, or a transaction's EntityManager (then the statement is part
 * of that transaction). Queries files take one, so a service decides the transaction and a
 * queries function only says what the statement is.
 */
export interface SqlRunner {
  query(sql: string, parameters?: unknown[]): Promise<unknown>;
  /** The same as `query` as a named prepared statement, where the runner is a pool (Sql). */
  prepared?(sql: string, parameters?: unknown[]): Promise<unknown>;
}
