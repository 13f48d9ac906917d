import { spawn, spawnSync } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { createTestDatabase } from './support/test-database';
import { clearRedisPrefix, testEnv } from './support/test-app';

const BACKEND = resolve(__dirname, '..');

function run(
  script: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolvePromise) => {
    const child = spawn(process.execPath, ['-r', '@swc-node/register', script, ...args], {
      cwd: BACKEND,
      env: { PATH: process.env.PATH ?? '', ...env },
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('exit', (code) => resolvePromise({ code, output }));
  });
}

describe('boot', () => {
  it.each(['src/main.ts', 'src/worker.ts'])(
    '%s stops with a message naming each bad variable',
    async (entry) => {
      const { code, output } = await run(entry, [], {
        PORT: 'eighty',
        REDIS_URL: 'redis://127.0.0.1:6379',
      });
      expect(code).toBe(1);
      expect(output).toContain('Plantfolk cannot start.');
      expect(output).toMatch(/PORT: /);
      expect(output).toContain('DATABASE_URL: is required');
      expect(output).toContain('JWT_SECRET: is required');
      expect(output).not.toContain('REDIS_URL');
    },
  );

  describe('wiring mistakes', () => {
    let database: Awaited<ReturnType<typeof createTestDatabase>>;
    let env: Record<string, string>;
    beforeAll(async () => {
      database = await createTestDatabase();
      env = testEnv({ DATABASE_URL: database.url, LOG_LEVEL: 'error' });
    });
    afterAll(async () => {
      await clearRedisPrefix(env.REDIS_PREFIX);
      await database.drop();
    });

    it.each([
      ['unguarded-route', 'UnguardedController.open declares no access policy'],
      [
        'doubly-guarded-route',
        'DoublyGuardedController.open declares a policy on both the method and its controller',
      ],
      ['duplicate-processor', 'job "cleanup/purge-outbox" has two processors'],
      ['worker-without-mail', 'job "email/send-email" has no processor'],
      ['module-job-without-processor', 'job "cleanup/probe-job" has no processor'],
      ['job-declared-twice', 'job "cleanup/purge-outbox" is declared by both platform and probe'],
    ])('refuses to start with %s', async (variant, message) => {
      const { code, output } = await run('test/fixtures/boot-variant.ts', [variant], env);
      expect(output).toContain(message);
      expect(output).not.toContain('STARTED');
      expect(code).toBe(1);
    });
  });

  describe('the worker process', () => {
    let database: Awaited<ReturnType<typeof createTestDatabase>>;
    let env: Record<string, string>;
    beforeAll(async () => {
      database = await createTestDatabase();
      env = testEnv({ DATABASE_URL: database.url, LOG_LEVEL: 'info' });
    });
    afterAll(async () => {
      await clearRedisPrefix(env.REDIS_PREFIX);
      await database.drop();
    });

    /** Each thread's priority: `idle` (policy SCHED_IDLE) or its niceness (/proc/<pid>/task/*). */
    async function threadPriorities(pid: number): Promise<Record<string, string>> {
      const threads: Record<string, string> = {};
      for (const tid of await readdir(`/proc/${pid}/task`)) {
        const stat = await readFile(`/proc/${pid}/task/${tid}/stat`, 'utf8').catch(() => '');
        if (!stat) continue;
        const name = (await readFile(`/proc/${pid}/task/${tid}/comm`, 'utf8')).trim();
        // Fields after the command: state is field 3, nice 19, policy 41 (5: SCHED_IDLE).
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        threads[`${name} ${tid}`] = fields[38] === '5' ? 'idle' : `nice ${fields[16]}`;
      }
      return threads;
    }

    it('runs every thread in the background (libuv’s pool too, which starts libvips’ workers)', async () => {
      const child = spawn(process.execPath, ['-r', '@swc-node/register', 'src/worker.ts'], {
        cwd: BACKEND,
        env: { PATH: process.env.PATH ?? '', ...env },
      });
      try {
        let output = '';
        await new Promise<void>((started, failed) => {
          const timer = setTimeout(() => failed(new Error(`no start: ${output}`)), 60_000);
          const read = (chunk: Buffer) => {
            output += chunk;
            if (!output.includes('Plantfolk worker running')) return;
            clearTimeout(timer);
            started();
          };
          child.stdout.on('data', read);
          child.stderr.on('data', read);
          child.on('exit', (code) => failed(new Error(`exited ${code}: ${output}`)));
        });
        const threads = await threadPriorities(child.pid as number);
        expect(Object.keys(threads).length).toBeGreaterThan(5);
        // SCHED_IDLE where util-linux's chrt exists (as on this machine), else niceness 10.
        const expected = spawnSync('chrt', ['--version']).status === 0 ? 'idle' : 'nice 10';
        expect(Object.entries(threads).filter(([, priority]) => priority !== expected)).toEqual([]);
      } finally {
        if (child.exitCode === null) {
          const exited = new Promise((done) => child.once('exit', done));
          child.kill('SIGTERM');
          await exited;
        }
      }
    }, 90_000);
  });
});
