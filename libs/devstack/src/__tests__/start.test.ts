import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getFreePort } from '../ports.js';
import { isProcessAlive } from '../processes.js';
import { start } from '../start.js';

/**
 * A stand-in for backend/dist/main.js (built by the backend project, not this one): a real HTTP
 * server on PORT/HOST that records the environment it got and answers /api/health.
 * FAKE_API_MODE: "healthy" (default), "crash-at-start", "die-after-start", "slow" (listens after 60 s).
 */
const FAKE_API = `
const fs = require('node:fs');
const http = require('node:http');
const mode = process.env.FAKE_API_MODE || 'healthy';
fs.writeFileSync(process.env.FAKE_API_ENV_FILE, JSON.stringify({ env: process.env, cwd: process.cwd(), pid: process.pid }));
console.log(JSON.stringify({ level: 30, time: Date.now(), msg: 'fake api booting', context: 'Bootstrap' }));
if (mode === 'crash-at-start') {
  console.log(JSON.stringify({ level: 60, time: Date.now(), msg: 'Invalid environment: JWT_SECRET must be at least 32 characters' }));
  process.exit(3);
}
const server = http.createServer((req, res) => {
  if (req.url === '/api/health') {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ status: 'success', data: { status: 'ok', postgres: 'up', redis: 'up' } }));
  } else {
    res.writeHead(404, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ status: 'error', error: { code: 'NOT_FOUND', message: 'nope' } }));
  }
});
setTimeout(() => server.listen(Number(process.env.PORT), process.env.HOST, () => {
  console.log(JSON.stringify({ level: 30, time: Date.now(), msg: 'listening on ' + process.env.PORT }));
  if (mode === 'die-after-start') setTimeout(() => process.exit(7), 300);
}), mode === 'slow' ? 60000 : 0);
process.on('SIGTERM', () => { console.log('got SIGTERM'); server.close(() => process.exit(0)); });
`;

let rootDir: string;
let envFile: string;
let output: string;
const out = { write: (text: string) => ((output += text), true) };

beforeEach(async () => {
  rootDir = await fs.mkdtemp(path.join(os.tmpdir(), 'plantfolk-start-'));
  envFile = path.join(rootDir, 'api-env.json');
  output = '';
  await fs.mkdir(path.join(rootDir, 'backend', 'dist'), { recursive: true });
  await fs.writeFile(path.join(rootDir, 'backend', 'dist', 'main.js'), FAKE_API);
  await fs.mkdir(path.join(rootDir, 'frontends', 'shell', 'dist'), { recursive: true });
  await fs.writeFile(
    path.join(rootDir, 'frontends', 'shell', 'dist', 'index.html'),
    '<title>shell</title>',
  );
});

afterEach(async () => {
  await fs.rm(rootDir, { recursive: true, force: true });
});

async function baseEnv(extra: NodeJS.ProcessEnv = {}): Promise<NodeJS.ProcessEnv> {
  return {
    PATH: process.env.PATH,
    // External services from the environment keep this test fast; the resolvers have their own tests.
    DATABASE_URL: 'postgres://app:pw@db.example:5432/plantfolk',
    REDIS_URL: 'redis://127.0.0.1:1',
    WEB_PORT: String(await getFreePort()),
    PORT: String(await getFreePort()),
    FAKE_API_ENV_FILE: envFile,
    ...extra,
  };
}

async function waitFor<T>(probe: () => Promise<T | undefined>, what: string): Promise<T> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}\n${output}`);
    await sleep(100);
  }
}

const running = () => output.includes('Plantfolk is running');

describe('start', () => {
  it('runs the API with the development environment behind the gateway, prints where things are, and stops in order', async () => {
    const env = await baseEnv({ MAIL_FROM: 'Custom <custom@example.org>' });
    const abort = new AbortController();
    const exit = start({ rootDir, env, skipBuild: true, out, signal: abort.signal });
    await waitFor(async () => (running() ? true : undefined), 'the summary');

    const {
      env: apiEnv,
      cwd,
      pid,
    } = JSON.parse(await fs.readFile(envFile, 'utf8')) as {
      env: Record<string, string>;
      cwd: string;
      pid: number;
    };
    const webUrl = `http://localhost:${env.WEB_PORT}`;
    expect(cwd).toBe(path.join(rootDir, 'backend'));
    expect(apiEnv).toMatchObject({
      NODE_ENV: 'development',
      PORT: env.PORT,
      PUBLIC_URL: webUrl,
      DATABASE_URL: env.DATABASE_URL,
      REDIS_URL: env.REDIS_URL,
      MAIL_FROM: 'Custom <custom@example.org>',
      STORAGE_DRIVER: 'local',
      STORAGE_DIR: path.join(rootDir, '.data', 'storage'),
      WORKERS: 'inline',
      HOST: '127.0.0.1',
      TRUST_PROXY: '127.0.0.1/8,::1/128',
      // Texts go to the catcher's SMS endpoint, which speaks the HTTP provider protocol.
      SMS_DRIVER: 'http',
      SMS_FROM: 'Plantfolk',
    });
    // Nothing opens the queue dashboard without an admin pass, in development either.
    expect(apiEnv).not.toHaveProperty('QUEUE_DASHBOARD_OPEN');
    expect(apiEnv.SMTP_URL).toMatch(/^smtp:\/\/127\.0\.0\.1:\d+$/);
    expect(apiEnv.SMS_HTTP_URL).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/sms$/);
    expect(apiEnv.SMS_HTTP_TOKEN!.length).toBeGreaterThanOrEqual(32);
    // The API's SMS driver reaches the catcher with these settings, and the inbox shows the text.
    const sent = await fetch(apiEnv.SMS_HTTP_URL!, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${apiEnv.SMS_HTTP_TOKEN}`,
      },
      body: JSON.stringify({ to: '+61412345678', from: 'Plantfolk', text: 'Your code is 123456' }),
    });
    expect(sent.status).toBe(201);
    const inboxUrl = new URL(apiEnv.SMS_HTTP_URL!).origin;
    expect(await (await fetch(inboxUrl)).text()).toContain('Your code is 123456');
    const secrets = JSON.parse(
      await fs.readFile(path.join(rootDir, '.data', 'secrets.json'), 'utf8'),
    ) as Record<string, string>;
    expect(apiEnv.JWT_SECRET).toBe(secrets.JWT_SECRET);
    expect(apiEnv.JWT_SECRET!.length).toBeGreaterThanOrEqual(32);

    // One origin: the API through the gateway, the shell beside it.
    const health = await fetch(`${webUrl}/api/health`);
    expect(health.status).toBe(200);
    expect(
      await (await fetch(`${webUrl}/some/page`, { headers: { accept: 'text/html' } })).text(),
    ).toContain('<title>shell</title>');

    for (const expected of [
      `App         ${webUrl}`,
      `${webUrl}/api/docs`,
      `${webUrl}/admin/queues (admins only, see below)`,
      'Mail inbox',
      `SMS         texts land in the mail inbox, ${inboxUrl}`,
      'The queue dashboard needs an admin: log in as one, then Admin → "Queue dashboard"',
      'ADMIN_EMAILS=you@example.com npm start',
      'DATABASE_URL postgres://app:***@db.example:5432/plantfolk',
      'REDIS_URL redis://127.0.0.1:1',
      '.data/storage (local disk)',
    ]) {
      expect(output).toContain(expected);
    }
    expect(output).not.toContain(':pw@');
    expect(output).toMatch(/started in \d+\.\d s/);
    // pino lines come out compact
    expect(output).toMatch(/api +│ \d\d:\d\d:\d\d INFO +\[Bootstrap\] fake api booting/);

    abort.abort();
    expect(await exit).toBe(0);
    expect(isProcessAlive(pid)).toBe(false);
    expect(output.indexOf('got SIGTERM')).toBeGreaterThan(-1);
    await expect(fetch(`${webUrl}/api/health`)).rejects.toThrow();
  });

  it('stops everything and exits non-zero when the API dies', async () => {
    const env = await baseEnv({ FAKE_API_MODE: 'die-after-start' });
    const code = await start({ rootDir, env, skipBuild: true, out });
    expect(code).toBe(1);
    expect(output).toContain('The API stopped unexpectedly (exit code 7)');
    expect(await fetch(`http://localhost:${env.WEB_PORT}/`).catch(() => 'down')).toBe('down');
  });

  it('shows why when the API fails during start-up', async () => {
    const env = await baseEnv({ FAKE_API_MODE: 'crash-at-start' });
    const code = await start({ rootDir, env, skipBuild: true, out });
    expect(code).toBe(1);
    expect(output).toContain('The API exited during start-up (exit code 3)');
    expect(output).toContain('JWT_SECRET must be at least 32 characters');
    expect(running()).toBe(false);
  });

  it('stops what it started when interrupted during start-up', async () => {
    const env = await baseEnv({ FAKE_API_MODE: 'slow' });
    const abort = new AbortController();
    const exit = start({ rootDir, env, skipBuild: true, out, signal: abort.signal });
    const { pid } = await waitFor(
      async () => JSON.parse(await fs.readFile(envFile, 'utf8')) as { pid: number },
      'the API to start',
    );
    abort.abort();
    expect(await exit).toBe(130);
    expect(output).toContain('Start-up interrupted.');
    expect(running()).toBe(false);
    expect(isProcessAlive(pid)).toBe(false);
    await expect(fetch(`http://localhost:${env.WEB_PORT}/`)).rejects.toThrow();
  });

  it('refuses a WEB_PORT that is taken, naming it', async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as net.AddressInfo).port;
    try {
      const code = await start({
        rootDir,
        env: await baseEnv({ WEB_PORT: String(port) }),
        skipBuild: true,
        out,
      });
      expect(code).toBe(1);
      expect(output).toContain(`Port ${port} (WEB_PORT) is already in use`);
    } finally {
      blocker.close();
    }
  });
});
