// Finds PostgreSQL and Redis for the tests exactly as `npm start` does: DATABASE_URL / REDIS_URL
// when set, else the embedded defaults. Test files create their own databases on that server.
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export default async function globalSetup() {
  const { resolvePostgres, resolveRedis, startMailCatcher } =
    await import('@plantfolk/devstack').catch((error) => {
      throw new Error(`Build the dev stack first (npx nx run devstack:build): ${error.message}`);
    });
  const log = (line) => process.stderr.write(`[test services] ${line}\n`);
  const postgres = await resolvePostgres({ rootDir: repoRoot, log });
  const redis = await resolveRedis({ rootDir: repoRoot, log });
  // A real SMTP server for the whole run; tests find their messages by unique recipient.
  const mail = await startMailCatcher({ smtpPort: 0, httpPort: 0 });
  process.env.TEST_DATABASE_URL = postgres.url;
  process.env.TEST_REDIS_URL = redis.url;
  process.env.TEST_SMTP_URL = mail.smtpUrl;
  process.env.TEST_MAIL_API = mail.inboxUrl;
  globalThis.__plantfolkTestServices = [mail, redis, postgres];
}
