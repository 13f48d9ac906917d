import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isProcessAlive } from '../processes.js';
import { type ResolvedPostgres, resolvePostgres } from '../postgres.js';

// node-postgres ships no types and is not worth a dependency here; this is all the test uses.
interface PgClient {
  connect(): Promise<void>;
  query(sql: string): Promise<{ rows: Record<string, unknown>[] }>;
  end(): Promise<void>;
}
const pg = createRequire(import.meta.url)('pg') as {
  Client: new (options: { connectionString: string }) => PgClient;
};

async function query(url: string, sql: string): Promise<Record<string, unknown>[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}

let rootDir: string;
const log: string[] = [];
const running: ResolvedPostgres[] = [];

beforeAll(async () => {
  rootDir = await fs.mkdtemp(path.join(os.tmpdir(), 'plantfolk-pg-'));
  // mkdtemp makes 0700 folders; as root the server runs as `postgres`, which must enter it.
  await fs.chmod(rootDir, 0o755);
});

afterAll(async () => {
  for (const postgres of running.reverse()) await postgres.stop();
  await fs.rm(rootDir, { recursive: true, force: true });
});

function postmasterPid(dataDir: string): Promise<number> {
  return fs
    .readFile(path.join(dataDir, 'postmaster.pid'), 'utf8')
    .then((text) => Number(text.split('\n')[0]));
}

describe('resolvePostgres', () => {
  it('uses DATABASE_URL when it is set, and starts nothing', async () => {
    const url = 'postgres://app:secret@db.internal:5432/plantfolk';
    const postgres = await resolvePostgres({ rootDir, env: { DATABASE_URL: url } });
    expect(postgres).toMatchObject({ url, source: 'env' });
    await expect(fs.access(path.join(rootDir, '.data', 'postgres'))).rejects.toThrow();
  });

  it('initialises an embedded PostgreSQL 15 in .data/postgres with the plantfolk database', async () => {
    const started = Date.now();
    const postgres = await resolvePostgres({ rootDir, env: {}, log: (line) => log.push(line) });
    running.push(postgres);
    console.info(`cold start (initdb + start): ${Date.now() - started} ms`);

    expect(postgres.source).toBe('embedded');
    expect(postgres.embedded).toMatchObject({ initialised: true, startedHere: true });
    expect(postgres.embedded!.dataDir).toBe(path.join(rootDir, '.data', 'postgres'));
    const url = new URL(postgres.url);
    expect(url.username).toBe('postgres');
    expect(url.hostname).toBe('127.0.0.1');
    expect(url.pathname).toBe('/plantfolk');

    const secrets = JSON.parse(
      await fs.readFile(path.join(rootDir, '.data', 'secrets.json'), 'utf8'),
    ) as Record<string, string>;
    expect(decodeURIComponent(url.password)).toBe(secrets.POSTGRES_PASSWORD);
    expect((await fs.stat(path.join(rootDir, '.data', 'secrets.json'))).mode & 0o777).toBe(0o600);

    const [info] = await query(
      postgres.url,
      "SELECT version() AS version, current_setting('server_encoding') AS encoding",
    );
    expect(info!.version).toMatch(/^PostgreSQL 15\./);
    expect(info!.encoding).toBe('UTF8');
    expect(log.join('\n')).toContain('initialising');
  });

  it('offers cube, earthdistance and pg_trgm', async () => {
    const { url } = running[0]!;
    await query(
      url,
      'CREATE EXTENSION IF NOT EXISTS cube; CREATE EXTENSION IF NOT EXISTS earthdistance; CREATE EXTENSION IF NOT EXISTS pg_trgm;',
    );
    const [row] = await query(
      url,
      `SELECT round(earth_distance(ll_to_earth(52.52, 13.405), ll_to_earth(48.137, 11.575)) / 1000) AS km,
              similarity('monstera deliciosa', 'monstera') > 0.3 AS similar`,
    );
    expect(Number(row!.km)).toBeGreaterThan(490);
    expect(Number(row!.km)).toBeLessThan(510);
    expect(row!.similar).toBe(true);
    await query(url, "CREATE TABLE kept (name text); INSERT INTO kept VALUES ('fern')");
  });

  it('reuses a server another caller already runs on the data dir, and leaves it running on stop', async () => {
    const first = running[0]!;
    const started = Date.now();
    const again = await resolvePostgres({ rootDir, env: {} });
    console.info(`reuse of a running server: ${Date.now() - started} ms`);
    expect(again.url).toBe(first.url);
    expect(again.embedded).toMatchObject({ startedHere: false, initialised: false });
    await again.stop();
    expect(await query(first.url, 'SELECT 1 AS one')).toEqual([{ one: 1 }]);
  });

  it('keeps the server running while another process still uses it', async () => {
    const first = running[0]!;
    const dataDir = first.embedded!.dataDir;
    const pid = await postmasterPid(dataDir);
    // Another live process (standing in for a running `npm start`) holds a lease on the server.
    const other = spawn('sleep', ['60']);
    const lease = path.join(rootDir, '.data', 'postgres-users', String(other.pid));
    await fs.writeFile(lease, '');
    try {
      const starter = await resolvePostgres({ rootDir, env: {} });
      await starter.stop();
      await first.stop();
      expect(isProcessAlive(pid)).toBe(true);
      expect(await query(first.url, 'SELECT 1 AS one')).toEqual([{ one: 1 }]);
    } finally {
      other.kill();
      await new Promise((resolve) => other.once('exit', resolve));
    }
    // The other process is gone: the last user to leave stops the server.
    const last = await resolvePostgres({ rootDir, env: {} });
    await last.stop();
    await expect.poll(() => isProcessAlive(pid), { timeout: 30_000 }).toBe(false);
    // Back to how the next test expects it: a server this process started.
    running[0] = await resolvePostgres({ rootDir, env: {} });
  });

  it('stops what it started, and a second start keeps the data', async () => {
    const first = running.shift()!;
    const pid = await postmasterPid(first.embedded!.dataDir);
    await first.stop();
    expect(isProcessAlive(pid)).toBe(false);

    const started = Date.now();
    const second = await resolvePostgres({ rootDir, env: {} });
    running.push(second);
    console.info(`warm start (existing data): ${Date.now() - started} ms`);
    expect(second.embedded).toMatchObject({ initialised: false, startedHere: true });
    expect(await query(second.url, 'SELECT name FROM kept')).toEqual([{ name: 'fern' }]);
  });

  it('explains a password that no longer matches the cluster', async () => {
    const current = running.pop()!;
    await current.stop();
    const secretsFile = path.join(rootDir, '.data', 'secrets.json');
    const original = await fs.readFile(secretsFile, 'utf8');
    const secrets = JSON.parse(original) as Record<string, string>;
    await fs.writeFile(
      secretsFile,
      JSON.stringify({ ...secrets, POSTGRES_PASSWORD: 'not-the-one' }),
    );
    try {
      await expect(resolvePostgres({ rootDir, env: {} })).rejects.toThrow(
        /rejected the password in \.data\/secrets\.json/,
      );
      // The failed start does not leave a server behind.
      await expect(
        fs.access(path.join(rootDir, '.data', 'postgres', 'postmaster.pid')),
      ).rejects.toThrow();
    } finally {
      await fs.writeFile(secretsFile, original);
    }
  });
});
