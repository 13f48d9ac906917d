import type { SqlRunner } from './sql-runner';

/** Up to this many rows a table is counted exactly (a bounded read); beyond, it is estimated. */
export const EXACT_COUNT_BELOW = 10_000;

export interface TableSize {
  table: string;
  rows: number;
  /** The planner's estimate (pg_class.reltuples, refreshed by autovacuum), not a count. */
  approximate: boolean;
}

const TABLE_NAME = /^[a-z_][a-z0-9_]*$/;

/**
 * How many rows some tables hold, without a count(*) over a large one: a table the planner
 * estimates at EXACT_COUNT_BELOW rows or more is given as that estimate; a smaller one (or one
 * never analysed) is counted, reading at most EXACT_COUNT_BELOW + 1 rows, so a small site sees
 * exact numbers and a large one pays nothing.
 */
export async function tableSizes(db: SqlRunner, tables: readonly string[]): Promise<TableSize[]> {
  for (const table of tables)
    if (!TABLE_NAME.test(table)) throw new Error(`Not a table name: ${table}`);
  const estimates = (await db.query(
    `SELECT c.relname AS table, c.reltuples::float8 AS estimate
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = current_schema() AND c.relname = ANY($1::text[])`,
    [tables],
  )) as Array<{ table: string; estimate: number }>;
  const estimateOf = new Map(estimates.map((row) => [row.table, row.estimate]));
  return Promise.all(
    tables.map(async (table): Promise<TableSize> => {
      const estimate = estimateOf.get(table) ?? -1;
      if (estimate >= EXACT_COUNT_BELOW)
        return { table, rows: Math.round(estimate), approximate: true };
      const [{ n }] = (await db.query(
        `SELECT count(*)::int AS n FROM (SELECT 1 FROM "${table}" LIMIT ${EXACT_COUNT_BELOW + 1}) s`,
      )) as Array<{ n: number }>;
      return n > EXACT_COUNT_BELOW
        ? { table, rows: Math.max(n, Math.round(estimate)), approximate: true }
        : { table, rows: n, approximate: false };
    }),
  );
}
