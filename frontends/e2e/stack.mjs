// The whole Plantfolk stack for the Playwright suites, started exactly as `npm start` does, but
// isolated from a developer's own: a fresh database, its own Redis key prefix, storage folder,
// ports, and a mail catcher whose JSON API the tests read (E2E_MAIL_PORT).
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { resolvePostgres, start, startMailCatcher } from '@plantfolk/devstack';
import { E2E_ADMIN_EMAIL, E2E_DATABASE, E2E_MAIL_PORT, E2E_WEB_PORT } from './ports.mjs';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const log = (line) => process.stdout.write(`e2e      │ ${line}\n`);

const server = await resolvePostgres({ rootDir, log });
const admin = new pg.Client({ connectionString: server.url });
await admin.connect();
await admin.query(`DROP DATABASE IF EXISTS "${E2E_DATABASE}" WITH (FORCE)`);
await admin.query(`CREATE DATABASE "${E2E_DATABASE}"`);
await admin.end();
const databaseUrl = new URL(server.url);
databaseUrl.pathname = `/${E2E_DATABASE}`;

// Its own folder per database, so a Lighthouse stack (lighthouse.mjs) can run beside the e2e one.
const storageDir = path.join(
  rootDir,
  '.data',
  E2E_DATABASE === 'plantfolk_e2e' ? 'e2e' : E2E_DATABASE,
  'storage',
);
await rm(storageDir, { recursive: true, force: true });
await mkdir(storageDir, { recursive: true });
const mail = await startMailCatcher({ smtpPort: 0, httpPort: E2E_MAIL_PORT });
log(`mail catcher: ${mail.smtpUrl}, inbox ${mail.inboxUrl}`);

// A prefix of its own per run: rate-limit counters and queues left in a shared Redis by an earlier
// run (a second CI run minutes later, say) must not leak into this one, just as the database is new.
const redisPrefix = `plantfolk-e2e-${Date.now().toString(36)}`;
const env = { ...process.env };
delete env.PORT;
const code = await start({
  rootDir,
  skipBuild: process.env.E2E_SKIP_BUILD === '1',
  env: {
    ...env,
    WEB_PORT: String(E2E_WEB_PORT),
    DATABASE_URL: databaseUrl.toString(),
    SMTP_URL: mail.smtpUrl,
    REDIS_PREFIX: redisPrefix,
    ADMIN_EMAILS: E2E_ADMIN_EMAIL,
    STORAGE_DIR: storageDir,
    // Every journey signs up its members from this one address, more than the 10 sign-ups an
    // hour one address may make (backend identity.rate-limits.ts); the limits have tests of their
    // own in the backend. RATE_LIMITS=on runs the journeys with them.
    RATE_LIMITS: process.env.RATE_LIMITS ?? 'off',
  },
});
await mail.stop();
await server.stop();
process.exit(code);
