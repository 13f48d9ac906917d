import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { isProcessAlive } from './processes.js';

/** `<rootDir>/.data`, created readable and traversable for the users our servers run as. */
export async function ensureDataDir(rootDir: string): Promise<string> {
  const dataDir = path.join(rootDir, '.data');
  await fsp.mkdir(dataDir, { recursive: true, mode: 0o755 });
  return dataDir;
}

/** Writes a file atomically (temp file + rename), so a reader never sees half of it. */
export async function writeFileAtomic(file: string, content: string, mode = 0o644): Promise<void> {
  const temp = `${file}.${process.pid}.${Date.now()}.tmp`;
  await fsp.writeFile(temp, content, { mode });
  await fsp.chmod(temp, mode);
  await fsp.rename(temp, file);
}

export async function pathExists(file: string): Promise<boolean> {
  try {
    await fsp.access(file);
    return true;
  } catch {
    return false;
  }
}

/**
 * Runs `fn` while holding an exclusive lock file, so two processes (say `npm start` and a test run)
 * do not initialise or start the same data directory at the same time. A lock left behind by a
 * process that died is taken over.
 */
export async function withFileLock<T>(
  lockFile: string,
  fn: () => Promise<T>,
  timeoutMs = 120_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const handle = await fsp.open(lockFile, 'wx');
      await handle.writeFile(String(process.pid));
      await handle.close();
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number.parseInt(await fsp.readFile(lockFile, 'utf8').catch(() => ''), 10);
      if (!Number.isNaN(holder) && !isProcessAlive(holder)) {
        await fsp.rm(lockFile, { force: true });
        continue;
      }
      if (Date.now() > deadline) {
        throw new Error(
          `Timed out waiting for ${lockFile} (held by process ${holder}). ` +
            'If no other Plantfolk process is running, delete that file.',
        );
      }
      await sleep(100);
    }
  }
  try {
    return await fn();
  } finally {
    fs.rmSync(lockFile, { force: true });
  }
}

const leasesHeld = new Map<string, number>();

/**
 * Records that this process uses a shared local server (one empty file per process, named by
 * pid, in `dir`), so that only the last process still using it stops it.
 */
export async function takeLease(dir: string): Promise<void> {
  leasesHeld.set(dir, (leasesHeld.get(dir) ?? 0) + 1);
  await fsp.mkdir(dir, { recursive: true });
  await fsp.writeFile(path.join(dir, String(process.pid)), '');
}

/** Gives up this process's lease; true when no other live process holds one (stale ones are cleared). */
export async function releaseLease(dir: string): Promise<boolean> {
  const held = Math.max(0, (leasesHeld.get(dir) ?? 0) - 1);
  leasesHeld.set(dir, held);
  if (held > 0) return false;
  await fsp.rm(path.join(dir, String(process.pid)), { force: true });
  let others = 0;
  for (const entry of await fsp.readdir(dir).catch(() => [] as string[])) {
    const pid = Number(entry);
    if (Number.isInteger(pid) && isProcessAlive(pid)) others += 1;
    else await fsp.rm(path.join(dir, entry), { force: true });
  }
  return others === 0;
}
