import { spawn } from 'node:child_process';
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
});
