import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';

/**
 * Puts this whole process in the background: every thread at `niceness` at least (default 10: the
 * kernel then gives a normal thread about nine tenths of a contended core), then, where
 * util-linux's `chrt` exists (Linux), under the SCHED_IDLE policy, which runs a thread only on a
 * core no normal thread wants and gives the core back the moment one wakes up. Niceness alone
 * still leaves a low-priority thread a slice now and then, and the API's answers wait for it.
 *
 * Linux keeps a priority per thread (`os.setPriority(n)` moves only the calling one) and a thread
 * started later inherits the priority of the thread that starts it: call this first thing, before
 * anything starts threads of its own (libuv's pool, libvips' workers: rendering runs on those).
 */
export const BACKGROUND_NICENESS = 10;

export function runInBackground(niceness = BACKGROUND_NICENESS): void {
  let threads: number[] = [];
  try {
    threads = readdirSync('/proc/self/task').map(Number);
  } catch {
    // Not Linux: there the process has one priority.
  }
  for (const thread of threads.length ? threads : [0]) {
    try {
      if (getPriority(thread) < niceness) setPriority(thread, niceness);
    } catch {
      // A thread that ended meanwhile.
    }
  }
  if (!threads.length) return;
  try {
    execFileSync('chrt', ['--idle', '--all-tasks', '--pid', '0', String(process.pid)], {
      stdio: 'ignore',
      timeout: 5_000,
    });
  } catch {
    // No chrt here: the niceness is what there is.
  }
}
