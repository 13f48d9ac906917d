import { type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Whether a process with this pid exists and is not a zombie. EPERM means it exists but belongs to
 * another user, which still counts as alive.
 */
export function isProcessAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  if (process.platform === 'linux') {
    try {
      // Field 3 of /proc/<pid>/stat is the state; Z = zombie (dead, waiting to be reaped).
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
      if (state === 'Z' || state === 'X') return false;
    } catch {
      return false;
    }
  }
  return true;
}

/**
 * The executable name of a live process, where the platform tells us cheaply (Linux), else undefined.
 * Used to tell a live server from an unrelated process that inherited a stale pid.
 */
export function processName(pid: number): string | undefined {
  if (process.platform !== 'linux') return undefined;
  try {
    return fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return undefined;
  }
}

/** Polls until the pid is gone or `timeoutMs` passes; true when it is gone. */
export async function waitForPidExit(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (isProcessAlive(pid)) {
    if (Date.now() > deadline) return false;
    await sleep(50);
  }
  return true;
}

/** Resolves when the child has exited (at once if it already has). */
export function childExited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** Resolves true when `promise` settles within `ms`, false otherwise; never leaves a timer behind. */
export function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    promise.then(
      () => {
        clearTimeout(timer);
        resolve(true);
      },
      () => {
        clearTimeout(timer);
        resolve(true);
      },
    );
  });
}

/**
 * Stops a child we started: `signal` first, then SIGKILL after `graceMs`. Works for detached
 * children (which a terminal's Ctrl+C does not reach) as well as attached ones.
 */
export async function stopChild(
  child: ChildProcess,
  signal: NodeJS.Signals = 'SIGTERM',
  graceMs = 10_000,
): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  const exited = childExited(child);
  child.kill(signal);
  if (!(await settlesWithin(exited, graceMs))) {
    child.kill('SIGKILL');
    await exited;
  }
}

/** Last `lines` lines of a (log) file; empty when it cannot be read. */
export function tailFile(file: string, lines = 20): string {
  try {
    const size = fs.statSync(file).size;
    const length = Math.min(size, 64 * 1024);
    const fd = fs.openSync(file, 'r');
    try {
      const buffer = Buffer.alloc(length);
      fs.readSync(fd, buffer, 0, length, size - length);
      return buffer.toString('utf8').split(/\r?\n/).filter(Boolean).slice(-lines).join('\n');
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    return '';
  }
}
