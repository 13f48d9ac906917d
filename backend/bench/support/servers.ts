import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { REPO_ROOT } from './env';

/** A server under test: where it answers, its process (for RSS), and how to stop it. */
export interface RunningServer {
  url: string;
  /** The process whose memory is sampled (undefined when in this process). */
  pid?: number;
  /** Every process of the server (the API's worker too), for CPU time; empty when in this one. */
  pids?: number[];
  close: () => Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });
}

async function waitFor(url: string, child: ChildProcess, seconds: number): Promise<void> {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited (${child.exitCode})`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((wait) => setTimeout(wait, 250));
  }
  throw new Error(`${url} did not answer within ${seconds} s`);
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((done) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(timer);
      done();
    });
    child.kill('SIGTERM');
  });
}

/** `--cpu-prof`: a preload that profiles between two SIGWINCH (see cpu-profile.cjs). */
function profilerOf(env: Record<string, string>): string[] {
  return env.BENCH_CPU_PROFILE_DIR
    ? ['-r', resolve(REPO_ROOT, 'backend/bench/support/cpu-profile.cjs')]
    : [];
}

/** A node process with its output appended to `logFile`. */
function node(args: string[], env: Record<string, string>, logFile: string): ChildProcess {
  const log = createWriteStream(logFile, { flags: 'a' });
  const child = spawn(process.execPath, args, {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  return child;
}

/**
 * The API as production runs it: `node backend/dist/main.js`, NODE_ENV=production, its workers
 * in a separate `node backend/dist/worker.js` (as docker-compose runs them), logs to a file.
 */
export async function startApiProcess(
  env: Record<string, string>,
  logFile: string,
): Promise<RunningServer> {
  const port = await freePort();
  const fullEnv = { ...env, PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` };
  // BENCH_API_DIST: another build of the backend (e.g. one from before a change, to compare).
  const dist = resolve(REPO_ROOT, env.BENCH_API_DIST ?? 'backend/dist');
  const api = node([...profilerOf(env), resolve(dist, 'main.js')], fullEnv, logFile);
  const worker = node([resolve(dist, 'worker.js')], fullEnv, logFile);
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`${url}/api/health`, api, 60);
  } catch (error) {
    await Promise.all([stop(api), stop(worker)]);
    throw error;
  }
  return {
    url,
    pid: api.pid,
    pids: [api.pid, worker.pid].filter((pid): pid is number => pid !== undefined),
    close: () => Promise.all([stop(api), stop(worker)]).then(() => {}),
  };
}

/** The raw baseline in its own node process (as the API is), run from source. */
export async function startRawProcess(
  env: Record<string, string>,
  logFile: string,
): Promise<RunningServer> {
  const port = await freePort();
  const child = node(
    [
      ...profilerOf(env),
      '-r',
      '@swc-node/register',
      resolve(REPO_ROOT, 'backend/bench/raw-baseline.ts'),
    ],
    { ...env, PORT: String(port), SWC_NODE_PROJECT: resolve(REPO_ROOT, 'backend/tsconfig.json') },
    logFile,
  );
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`${url}/api/content-items/recent`, child, 60);
  } catch (error) {
    await stop(child);
    throw error;
  }
  return {
    url,
    pid: child.pid,
    pids: child.pid === undefined ? [] : [child.pid],
    close: () => stop(child),
  };
}

/**
 * CPU time (user + system, every thread) the processes have used so far, in ms (Linux /proc), or
 * null when any cannot be read. Unlike wall-clock rates, it barely moves with other load.
 */
export async function cpuMilliseconds(pids: number[] | undefined): Promise<number | null> {
  if (!pids?.length) return null;
  const { readFile } = await import('node:fs/promises');
  let total = 0;
  for (const pid of pids) {
    try {
      const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
      // Fields after the command name (which may hold spaces): utime and stime are 14th and 15th.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      total += Number(fields[11]) + Number(fields[12]);
    } catch {
      return null;
    }
  }
  // Clock ticks: 100 a second on Linux.
  return total * 10;
}

/** CPU time so far (ms) of each process that can be read, by pid (see cpuMilliseconds). */
export async function cpuByProcess(pids: number[] | undefined): Promise<Map<number, number>> {
  const times = new Map<number, number>();
  for (const pid of pids ?? []) {
    const ms = await cpuMilliseconds([pid]);
    if (ms !== null) times.set(pid, ms);
  }
  return times;
}

/**
 * Waits (at most `seconds`) until the processes use under 5 % of a core over a second: the jobs
 * earlier scenarios queued are done. How long it took, whether they did go idle, and the last
 * second's CPU time.
 */
export async function untilIdle(
  pids: number[] | undefined,
  seconds: number,
): Promise<{ seconds: number; idle: boolean; msPerSecond: number }> {
  const started = Date.now();
  let msPerSecond = 0;
  let idle = false;
  while (!idle && Date.now() - started < seconds * 1000) {
    const before = await cpuMilliseconds(pids);
    await new Promise((wait) => setTimeout(wait, 1000));
    const after = await cpuMilliseconds(pids);
    if (before === null || after === null) break;
    msPerSecond = after - before;
    idle = msPerSecond < 50;
  }
  return { seconds: (Date.now() - started) / 1000, idle, msPerSecond };
}

/** Resident memory of a process in MB (Linux /proc), or null. */
export async function rssMegabytes(pid: number | undefined): Promise<number | null> {
  if (!pid) return null;
  try {
    const { readFile } = await import('node:fs/promises');
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const match = /VmRSS:\s+(\d+) kB/.exec(status);
    return match ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
}
