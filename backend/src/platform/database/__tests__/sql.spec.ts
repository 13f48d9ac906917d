import type { DataSource } from 'typeorm';
import { queryPrepared, Sql } from '../sql';

/** A Sql over a fake pool that records each query config and answers one row. */
function fakeSql() {
  const sent: Array<{ name?: string; text: string; values?: unknown[] }> = [];
  const pool = {
    query: async (config: { name?: string; text: string; values?: unknown[] }) => {
      sent.push(config);
      return { command: 'SELECT', rows: [{ ok: true }], rowCount: 1 };
    },
  };
  const sql = new Sql({ driver: { master: pool } } as unknown as DataSource);
  return { sql, sent };
}

describe('Sql.prepared', () => {
  it('names a statement by its text: the same text the same name, another text another', async () => {
    const { sql, sent } = fakeSql();
    await sql.prepared('SELECT 1 WHERE $1', [1]);
    await sql.prepared('SELECT 1 WHERE $1', [2]);
    await sql.prepared('SELECT 2 WHERE $1', [1]);
    expect(sent.map((config) => config.values)).toEqual([[1], [2], [1]]);
    expect(sent[0].name).toMatch(/^pf_[\w-]+$/);
    expect(sent[1].name).toBe(sent[0].name);
    expect(sent[2].name).not.toBe(sent[0].name);
  });

  it('prepares at most 64 texts per process; the rest run unnamed, the named ones stay named', async () => {
    const { sql, sent } = fakeSql();
    for (let i = 0; i < 70; i += 1) await sql.prepared(`SELECT ${i}`);
    expect(sent.filter((config) => config.name).length).toBe(64);
    expect(sent.slice(64).every((config) => config.name === undefined)).toBe(true);
    await sql.prepared('SELECT 0');
    expect(sent[70].name).toBe(sent[0].name);
  });

  it('queryPrepared runs as the runner always does when it is not the pool (a transaction)', async () => {
    const calls: unknown[][] = [];
    const manager = { query: async (...args: unknown[]) => (calls.push(args), [{ ok: 1 }]) };
    await expect(queryPrepared(manager, 'SELECT $1', [5])).resolves.toEqual([{ ok: 1 }]);
    expect(calls).toEqual([['SELECT $1', [5]]]);
    const { sql, sent } = fakeSql();
    await expect(queryPrepared(sql, 'SELECT $1', [5])).resolves.toEqual([{ ok: true }]);
    expect(sent[0].name).toMatch(/^pf_/);
  });
});
