import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { ensureDataDir, withFileLock, writeFileAtomic, releaseLease, takeLease } from './files.js';
import { choosePort } from './ports.js';
import { isProcessAlive, stopChild, tailFile, waitForPidExit } from './processes.js';

export const LOCAL_REDIS_PORT = 6379;
export const DEFAULT_SPAWNED_REDIS_PORT = 6390;

export interface ResolveRedisOptions {
  /** The repository root; a spawned redis-server keeps its data in `<rootDir>/.data/redis`. */
  rootDir: string;
  log?: (line: string) => void;
  /** Where `REDIS_URL` is read from (default `process.env`). */
  env?: NodeJS.ProcessEnv;
  /** Port probed for an already running local Redis (default 6379). */
  localPort?: number;
  /** Preferred port of a spawned redis-server (default 6390; when taken, a free one). */
  port?: number;
}

export interface ResolvedRedis {
  url: string;
  /** `env`: REDIS_URL; `local`: a Redis answering on 127.0.0.1:6379; `spawned`: our redis-server. */
  source: 'env' | 'local' | 'spawned';
  /** Set when source is `spawned`. */
  spawned?: { dataDir: string; port: number; logFile: string; startedHere: boolean };
  /** Stops the redis-server if this call started it; anything else keeps running. */
  stop(): Promise<void>;
}

export const REDIS_MISSING_MESSAGE =
  'Plantfolk needs Redis: none answers on 127.0.0.1:6379 and no redis-server was found on PATH. ' +
  'Install one (Debian/Ubuntu: `sudo apt-get install redis-server`; macOS: `brew install redis`) ' +
  'or set REDIS_URL=redis://host:port to a Redis you run yourself.';

/**
 * The Redis the app should use: `REDIS_URL` when set; else a Redis answering PING on
 * 127.0.0.1:6379; else a `redis-server` from PATH with its data in `<rootDir>/.data/redis`
 * (append-only, noeviction), reusing one this data dir already runs.
 */
export async function resolveRedis(options: ResolveRedisOptions): Promise<ResolvedRedis> {
  const env = options.env ?? process.env;
  const noop = async () => undefined;
  if (env.REDIS_URL) return { url: env.REDIS_URL, source: 'env', stop: noop };

  const localPort = options.localPort ?? LOCAL_REDIS_PORT;
  if ((await redisCommand(localPort, ['PING'])) === '+PONG') {
    return { url: `redis://127.0.0.1:${localPort}`, source: 'local', stop: noop };
  }
  return startRedisServer(options);
}

/**
 * Sends one command over RESP and returns the raw reply (first line for simple replies), or
 * undefined when nothing usable answers within the timeout.
 */
export function redisCommand(
  port: number,
  args: string[],
  host = '127.0.0.1',
  timeoutMs = 1000,
): Promise<string | undefined> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    let reply = '';
    const finish = (value: string | undefined) => {
      socket.destroy();
      resolve(value);
    };
    socket.setTimeout(timeoutMs, () => finish(undefined));
    socket.once('error', () => finish(undefined));
    socket.on('connect', () => {
      socket.write(
        `*${args.length}\r\n${args.map((a) => `$${Buffer.byteLength(a)}\r\n${a}\r\n`).join('')}`,
      );
    });
    socket.on('data', (chunk) => {
      reply += chunk.toString('utf8');
      if (reply[0] === '+' || reply[0] === '-' || reply[0] === ':') {
        if (reply.includes('\r\n')) finish(reply.slice(0, reply.indexOf('\r\n')));
      } else if (isCompleteArrayOfBulkStrings(reply)) {
        finish(reply);
      }
    });
  });
}

/** Whether `reply` holds a whole RESP array of bulk strings (all CONFIG GET returns). */
function isCompleteArrayOfBulkStrings(reply: string): boolean {
  if (reply[0] !== '*') return reply.includes('\r\n');
  const lines = reply.split('\r\n');
  const count = Number.parseInt(lines[0]!.slice(1), 10);
  if (Number.isNaN(count) || count < 0) return true;
  // "*N", then N × ("$len", "value"), then the empty string after the final CRLF.
  return lines.length >= 2 + count * 2;
}

function findOnPath(command: string, env: NodeJS.ProcessEnv): string | undefined {
  for (const dir of (env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, command);
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      if (fs.statSync(candidate).isFile()) return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}

interface RedisState {
  pid: number;
  port: number;
}

async function startRedisServer(options: ResolveRedisOptions): Promise<ResolvedRedis> {
  const log = options.log ?? (() => undefined);
  const dataRoot = await ensureDataDir(path.resolve(options.rootDir));
  const dataDir = path.join(dataRoot, 'redis');
  const logDir = path.join(dataRoot, 'logs');
  await fsp.mkdir(dataDir, { recursive: true, mode: 0o755 });
  await fsp.mkdir(logDir, { recursive: true, mode: 0o755 });
  const logFile = path.join(logDir, 'redis.log');
  const stateFile = path.join(dataDir, 'devstack-server.json');
  const lockFile = path.join(dataRoot, 'redis.lock');
  const leases = path.join(dataRoot, 'redis-users');
  // Only the last process still using the server stops it, whoever started it.
  const stopWhenLast = (stopServer: () => Promise<void>) => {
    let stopped = false;
    return async () => {
      if (stopped) return;
      stopped = true;
      await withFileLock(lockFile, async () => {
        if (await releaseLease(leases)) await stopServer();
      });
    };
  };

  // Under a lock: `npm start` and a test run may both look for a Redis at the same moment.
  return withFileLock(lockFile, async (): Promise<ResolvedRedis> => {
    const running = await findRunningServer(stateFile, dataDir);
    if (running) {
      log(`reusing the redis-server already running on port ${running.port} (pid ${running.pid})`);
      await takeLease(leases);
      return {
        url: `redis://127.0.0.1:${running.port}`,
        source: 'spawned',
        spawned: { dataDir, port: running.port, logFile, startedHere: false },
        stop: stopWhenLast(async () => {
          if (!isProcessAlive(running.pid)) return;
          process.kill(running.pid, 'SIGTERM');
          await waitForPidExit(running.pid, 15_000);
        }),
      };
    }

    const binary = findOnPath(
      process.platform === 'win32' ? 'redis-server.exe' : 'redis-server',
      options.env ?? process.env,
    );
    if (!binary) throw new Error(REDIS_MISSING_MESSAGE);

    const preferred = options.port ?? DEFAULT_SPAWNED_REDIS_PORT;
    const { port, fallback } = await choosePort(preferred);
    if (fallback) log(`port ${preferred} is taken; using ${port}`);

    const logFd = fs.openSync(logFile, 'a');
    let child: ChildProcess;
    try {
      // Detached, so a terminal's Ctrl+C reaches only the orchestrator, which stops Redis last.
      child = spawn(
        binary,
        [
          '--port',
          String(port),
          '--bind',
          '127.0.0.1',
          '--dir',
          dataDir,
          '--appendonly',
          'yes',
          '--maxmemory-policy',
          'noeviction',
          '--daemonize',
          'no',
          '--logfile',
          '',
        ],
        { detached: true, stdio: ['ignore', logFd, logFd] },
      );
    } finally {
      fs.closeSync(logFd);
    }
    child.on('error', () => undefined);
    child.unref();

    const deadline = Date.now() + 15_000;
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null) {
        throw new Error(
          `redis-server (${binary}) exited during start-up (exit code ${child.exitCode ?? child.signalCode}). ` +
            `Last lines of ${logFile}:\n${tailFile(logFile, 15)}`,
        );
      }
      if ((await redisCommand(port, ['PING'])) === '+PONG') break;
      if (Date.now() > deadline) {
        await stopChild(child, 'SIGTERM', 2000);
        throw new Error(`redis-server did not answer PING within 15 s; see ${logFile}.`);
      }
      await sleep(50);
    }
    await writeFileAtomic(
      stateFile,
      JSON.stringify({ pid: child.pid ?? 0, port } satisfies RedisState),
    );
    log(`started redis-server on 127.0.0.1:${port} (pid ${child.pid}; data in ${dataDir})`);
    await takeLease(leases);

    return {
      url: `redis://127.0.0.1:${port}`,
      source: 'spawned',
      spawned: { dataDir, port, logFile, startedHere: true },
      // SIGTERM makes redis-server flush its append-only file and exit.
      stop: stopWhenLast(() => stopChild(child, 'SIGTERM', 15_000)),
    };
  });
}

/** A redis-server a previous start left running on this data dir (checked by its `dir` setting). */
async function findRunningServer(
  stateFile: string,
  dataDir: string,
): Promise<RedisState | undefined> {
  let state: RedisState;
  try {
    state = JSON.parse(await fsp.readFile(stateFile, 'utf8')) as RedisState;
  } catch {
    return undefined;
  }
  if (!isProcessAlive(state.pid)) return undefined;
  const reply = await redisCommand(state.port, ['CONFIG', 'GET', 'dir']);
  const realDataDir = await fsp.realpath(dataDir).catch(() => dataDir);
  if (reply?.includes(`\r\n${dataDir}\r\n`) || reply?.includes(`\r\n${realDataDir}\r\n`))
    return state;
  return undefined;
}
