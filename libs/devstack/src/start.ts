import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import readline from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { ensureDataDir } from './files.js';
import { type Gateway, startGateway } from './gateway.js';
import { formatPinoLine, type Paint, paintFor, redactUrl, stripAnsi } from './log-format.js';
import { type MailCatcher, startMailCatcher } from './mail-catcher.js';
import { choosePort, isPortFree } from './ports.js';
import { type ResolvedPostgres, resolvePostgres } from './postgres.js';
import { childExited, stopChild } from './processes.js';
import { type ResolvedRedis, resolveRedis } from './redis.js';
import { REMOTE_NAMES, runtimeConfigFromEnv } from './runtime-config.js';
import { loadSecrets } from './secrets.js';

/** What `npm start` builds (Nx skips whatever is unchanged). */
export const START_PROJECTS = ['devstack', 'backend', 'shell', 'social', 'events', 'admin'];

export const DEFAULT_WEB_PORT = 3000;
export const DEFAULT_API_PORT = 3001;
export const DEFAULT_SMTP_PORT = 1025;
export const DEFAULT_INBOX_PORT = 1080;
const API_START_TIMEOUT_MS = 180_000;
const API_LOG_LINES_KEPT = 40;

export interface StartOptions {
  /** The repository root. */
  rootDir: string;
  /** Default `process.env`. */
  env?: NodeJS.ProcessEnv;
  /** Skip the Nx build (everything must be built already). */
  skipBuild?: boolean;
  /** Where progress goes (default `process.stdout`). */
  out?: OutputStream;
  /** Aborting it stops the stack like Ctrl+C does (for embedding and tests). */
  signal?: AbortSignal;
  /**
   * `npm start -- --demo`: once the API is up (migrations applied), fill an empty database with
   * the demo site (backend/bench/demo.ts); a database with members is left as it is.
   */
  demo?: boolean;
}

/** The demo seed's exit code when the database already has members (backend/bench/demo.ts). */
const DEMO_REFUSED_EXIT_CODE = 3;

export interface OutputStream {
  write(text: string): unknown;
  isTTY?: boolean;
}

/** Thrown for problems the user can fix; printed without a stack trace. */
class StartError extends Error {}

/**
 * `npm start`: builds what is stale, brings up PostgreSQL, Redis and mail (embedded or from the
 * environment), the API with inline workers and the gateway on one origin, prints where everything
 * is, and on Ctrl+C (or when the API dies) stops what it started, API first. Resolves with the
 * process exit code once everything is stopped.
 */
export async function start(options: StartOptions): Promise<number> {
  const rootDir = path.resolve(options.rootDir);
  const env = options.env ?? process.env;
  const out = options.out ?? process.stdout;
  const paint = paintFor(out, env);
  const say = (tag: string, text: string) => {
    const prefix = paint.dim(`${tag.padEnd(8)} │ `);
    out.write(
      `${text
        .split('\n')
        .map((line) => prefix + line)
        .join('\n')}\n`,
    );
  };
  const relative = (target: string) => path.relative(rootDir, target) || '.';

  // Stopped in reverse order: API, gateway, mail, Redis, PostgreSQL.
  const started: { name: string; stop: () => Promise<void> }[] = [];
  let abortRequested = false;
  let buildChild: ChildProcess | undefined;
  let buildCancelled = false;
  let apiChild: ChildProcess | undefined;
  let demoChild: ChildProcess | undefined;
  let booted = false;
  let resolveFinished: (code: number) => void = () => undefined;
  const finished = new Promise<number>((resolve) => (resolveFinished = resolve));
  let stopping = false;

  const stopAll = async (code: number) => {
    if (stopping) return;
    stopping = true;
    while (started.length > 0) {
      const item = started.pop()!;
      try {
        await item.stop();
      } catch (error) {
        say('stop', paint.yellow(`could not stop ${item.name}: ${(error as Error).message}`));
      }
    }
    removeSignalHandlers();
    resolveFinished(code);
  };

  let signalCount = 0;
  const onSignal = (signal: NodeJS.Signals) => {
    signalCount += 1;
    if (signalCount > 1) {
      say(
        'stop',
        paint.yellow(
          'Second signal: stopping at once (servers left running are reused next time).',
        ),
      );
      apiChild?.kill('SIGKILL');
      process.exit(130);
    }
    out.write('\n');
    say('stop', `${signal}: stopping…`);
    if (!booted) {
      abortRequested = true;
      buildCancelled = true;
      buildChild?.kill('SIGTERM');
      apiChild?.kill('SIGTERM');
      demoChild?.kill('SIGTERM');
      return; // the boot sequence notices and cleans up
    }
    void stopAll(0);
  };
  const signals: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];
  for (const signal of signals) process.on(signal, onSignal);
  const onAbort = () => onSignal('SIGTERM');
  options.signal?.addEventListener('abort', onAbort, { once: true });
  const removeSignalHandlers = () => {
    for (const signal of signals) process.off(signal, onSignal);
    options.signal?.removeEventListener('abort', onAbort);
  };
  // Last resort if this process dies abruptly: never leave the API running on its own.
  const killApiOnExit = () => apiChild?.kill('SIGKILL');
  process.on('exit', killApiOnExit);

  const checkAbort = () => {
    if (abortRequested) throw new StartError('Start-up interrupted.');
  };

  const apiLogTail: string[] = [];

  try {
    say('start', `Plantfolk in ${rootDir}`);

    // (a) build, while the services come up: both take a while on a cold machine.
    const build = options.skipBuild
      ? Promise.resolve()
      : runBuild(
          rootDir,
          env,
          say,
          paint,
          (child) => (buildChild = child),
          () => buildCancelled,
        ).finally(() => {
          buildChild = undefined;
        });

    // (b) + (c) services and secrets
    const dataDir = await ensureDataDir(rootDir);
    const secrets = await loadSecrets(rootDir);
    const services = await Promise.allSettled([
      resolvePostgres({ rootDir, env, log: (line) => say('postgres', line) }),
      resolveRedis({ rootDir, env, log: (line) => say('redis', line) }),
      resolveMail(env, path.join(dataDir, 'mail'), (line) => say('mail', line)),
    ]);
    const [postgresResult, redisResult, mailResult] = services;
    if (postgresResult.status === 'fulfilled') {
      started.push({ name: 'PostgreSQL', stop: postgresResult.value.stop });
    }
    if (redisResult.status === 'fulfilled')
      started.push({ name: 'Redis', stop: redisResult.value.stop });
    if (mailResult.status === 'fulfilled')
      started.push({ name: 'mail catcher', stop: mailResult.value.stop });
    const serviceError = services.find((result) => result.status === 'rejected');
    if (serviceError) {
      // No point finishing a long build when the start cannot go on anyway.
      buildCancelled = true;
      buildChild?.kill('SIGTERM');
    }
    const buildResult = await build.then(
      () => undefined,
      (error: unknown) => error,
    );
    if (serviceError) throw (serviceError as PromiseRejectedResult).reason;
    if (buildResult) throw buildResult;
    checkAbort();
    const postgres = (postgresResult as PromiseFulfilledResult<ResolvedPostgres>).value;
    const redis = (redisResult as PromiseFulfilledResult<ResolvedRedis>).value;
    const mail = (mailResult as PromiseFulfilledResult<ResolvedMail>).value;

    // (e) first, so the public origin (PUBLIC_URL) is settled before the API starts.
    const webPort = await pickPort('WEB_PORT', env.WEB_PORT, DEFAULT_WEB_PORT, say);
    const apiPort = await pickPort('PORT', env.PORT, DEFAULT_API_PORT, say);
    const apiUrl = `http://127.0.0.1:${apiPort}`;
    let gateway: Gateway;
    try {
      gateway = await startGateway({
        port: webPort,
        host: env.WEB_HOST || 'localhost',
        apiUrl,
        shellDir: path.join(rootDir, 'frontends', 'shell', 'dist'),
        remotes: Object.fromEntries(
          REMOTE_NAMES.map((name) => [name, path.join(rootDir, 'frontends', name, 'dist')]),
        ),
        runtimeConfig: runtimeConfigFromEnv(env),
        log: (line) => say('gateway', paint.yellow(line)),
      });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
        throw new StartError(
          `Port ${webPort} is already in use. Stop what uses it, or set WEB_PORT to another port.`,
        );
      }
      throw error;
    }
    started.push({ name: 'gateway', stop: gateway.stop });
    checkAbort();

    // (d) the API
    const publicUrl = env.PUBLIC_URL || gateway.url;
    const storageDir = path.join(dataDir, 'storage');
    await fsp.mkdir(storageDir, { recursive: true });
    const apiEnv: NodeJS.ProcessEnv = {
      NODE_ENV: 'development',
      PORT: String(apiPort),
      HOST: '127.0.0.1',
      PUBLIC_URL: publicUrl,
      DATABASE_URL: postgres.url,
      REDIS_URL: redis.url,
      SMTP_URL: mail.smtpUrl,
      MAIL_FROM: 'Plantfolk <no-reply@plantfolk.local>',
      STORAGE_DRIVER: 'local',
      STORAGE_DIR: storageDir,
      JWT_SECRET: secrets.JWT_SECRET,
      WORKERS: 'inline',
      // Only the gateway on this machine talks to the API; trust its X-Forwarded-* headers.
      TRUST_PROXY: '127.0.0.1/8,::1/128',
      // Texts go to the catcher's inbox, like the mail: never into the API log.
      ...smsCatcherEnv(mail, env),
      ...env,
    };
    // Ports and URLs we settled on win over the ones we derived from env above.
    apiEnv.PORT = String(apiPort);
    apiEnv.PUBLIC_URL = publicUrl;
    apiEnv.DATABASE_URL = postgres.url;
    apiEnv.REDIS_URL = redis.url;
    apiEnv.SMTP_URL = mail.smtpUrl;

    const mainJs = path.join(rootDir, 'backend', 'dist', 'main.js');
    if (!fs.existsSync(mainJs)) {
      throw new StartError(`${relative(mainJs)} is missing: the backend build did not produce it.`);
    }
    const api = spawn(process.execPath, [mainJs], {
      cwd: path.join(rootDir, 'backend'),
      env: apiEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
      // Its own process group: Ctrl+C reaches only us, and we stop the API before its database.
      detached: true,
    });
    apiChild = api;
    started.push({ name: 'API', stop: () => stopChild(api, 'SIGTERM', 10_000) });
    for (const stream of [api.stdout, api.stderr]) {
      readline.createInterface({ input: stream }).on('line', (line) => {
        const text = formatPinoLine(line, paint);
        apiLogTail.push(text);
        if (apiLogTail.length > API_LOG_LINES_KEPT) apiLogTail.shift();
        say('api', text);
      });
    }
    api.once('error', (error) => say('api', paint.red(`could not start: ${error.message}`)));
    say('api', `starting ${relative(mainJs)} on 127.0.0.1:${apiPort} (pid ${api.pid})`);
    await waitForHealth(api, apiPort, apiLogTail, checkAbort);
    checkAbort();

    // (e') the demo site, now that the API has applied the migrations
    let demoLogin: DemoLogin | undefined;
    if (options.demo) {
      demoLogin = await seedDemo({
        rootDir,
        databaseUrl: postgres.url,
        storageDir: apiEnv.STORAGE_DIR ?? storageDir,
        s3: apiEnv.STORAGE_DRIVER === 's3',
        fresh:
          postgres.source === 'env'
            ? 'point DATABASE_URL at an empty database'
            : `stop, remove ${relative(dataDir)}/ (or point DATABASE_URL at an empty database)`,
        say,
        paint,
        onChild: (child) => (demoChild = child),
      }).finally(() => (demoChild = undefined));
      checkAbort();
    }

    // (f) where everything is
    booted = true;
    api.once('exit', (code, signal) => {
      if (stopping) return;
      say(
        'api',
        paint.red(
          `The API stopped unexpectedly (${signal ? `signal ${signal}` : `exit code ${code}`}). Stopping everything.`,
        ),
      );
      void stopAll(1);
    });
    printSummary({
      out,
      paint,
      relative,
      seconds: performance.now() / 1000,
      gateway,
      apiUrl,
      apiPid: api.pid,
      demoLogin,
      postgres,
      redis,
      mail,
      dataDir,
      sms: describeSms(apiEnv, mail),
      storage:
        apiEnv.STORAGE_DRIVER === 's3'
          ? `S3-compatible storage at ${apiEnv.S3_ENDPOINT ?? '(S3_ENDPOINT unset)'}, bucket ${apiEnv.S3_BUCKET ?? '(unset)'}`
          : `${relative(apiEnv.STORAGE_DIR ?? storageDir)} (local disk)`,
    });
  } catch (error) {
    buildCancelled = true;
    buildChild?.kill('SIGTERM');
    say('start', paint.red(error instanceof Error ? error.message : String(error)));
    if (!(error instanceof StartError) && error instanceof Error && env.DEBUG) {
      say('start', error.stack ?? '');
    }
    void stopAll(abortRequested ? 130 : 1);
  }

  const code = await finished;
  process.off('exit', killApiOnExit);
  say('stop', code === 0 ? 'Stopped.' : `Stopped (exit code ${code}).`);
  return code;
}

/**
 * The API's SMS settings for the mail catcher's SMS endpoint, unless SMS settings come from the
 * environment (or there is no catcher because SMTP_URL is set: then the API keeps texts in memory
 * and the summary says so).
 */
function smsCatcherEnv(mail: ResolvedMail, env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  if (!mail.catcher || env.SMS_DRIVER || env.SMS_HTTP_URL) return {};
  return {
    SMS_DRIVER: 'http',
    SMS_HTTP_URL: mail.catcher.smsUrl,
    SMS_HTTP_TOKEN: mail.catcher.smsToken,
    SMS_FROM: 'Plantfolk',
  };
}

function describeSms(apiEnv: NodeJS.ProcessEnv, mail: ResolvedMail): string {
  if (mail.catcher && apiEnv.SMS_HTTP_URL === mail.catcher.smsUrl) {
    return `texts land in the mail inbox, ${mail.catcher.inboxUrl}`;
  }
  if (apiEnv.SMS_HTTP_URL) return `SMS_HTTP_URL ${redactUrl(apiEnv.SMS_HTTP_URL)}`;
  return 'not delivered (no SMS_HTTP_URL): texts stay in the API process';
}

interface ResolvedMail {
  smtpUrl: string;
  source: 'env' | 'catcher';
  catcher?: MailCatcher;
  stop(): Promise<void>;
}

async function resolveMail(
  env: NodeJS.ProcessEnv,
  dataDir: string,
  log: (line: string) => void,
): Promise<ResolvedMail> {
  if (env.SMTP_URL) return { smtpUrl: env.SMTP_URL, source: 'env', stop: async () => undefined };
  const smtp = await choosePort(DEFAULT_SMTP_PORT);
  const inbox = await choosePort(DEFAULT_INBOX_PORT);
  if (smtp.fallback) log(`port ${DEFAULT_SMTP_PORT} is taken; SMTP uses ${smtp.port}`);
  if (inbox.fallback) log(`port ${DEFAULT_INBOX_PORT} is taken; the inbox uses ${inbox.port}`);
  const catcher = await startMailCatcher({ smtpPort: smtp.port, httpPort: inbox.port, dataDir });
  log(`mail catcher: SMTP ${catcher.smtpUrl}, inbox ${catcher.inboxUrl}`);
  return { smtpUrl: catcher.smtpUrl, source: 'catcher', catcher, stop: catcher.stop };
}

/**
 * A port the user named is a promise: taken means stop with a clear message. Our default being
 * taken just means another free port, said out loud.
 */
async function pickPort(
  name: string,
  value: string | undefined,
  fallbackDefault: number,
  say: (tag: string, text: string) => void,
): Promise<number> {
  if (value) {
    const port = Number(value);
    if (!Number.isInteger(port) || port < 1 || port > 65535) {
      throw new StartError(`${name}=${value} is not a port number (1–65535).`);
    }
    if (!(await isPortFree(port))) {
      throw new StartError(
        `Port ${port} (${name}) is already in use. Stop what uses it, or choose another ${name}.`,
      );
    }
    return port;
  }
  const chosen = await choosePort(fallbackDefault);
  if (chosen.fallback) {
    say(
      'start',
      `port ${fallbackDefault} is taken; using ${chosen.port} for ${name} (set ${name} to choose)`,
    );
  }
  return chosen.port;
}

/** Nx builds what changed; everything else comes from its cache at once. */
async function runBuild(
  rootDir: string,
  env: NodeJS.ProcessEnv,
  say: (tag: string, text: string) => void,
  paint: Paint,
  onChild: (child: ChildProcess) => void,
  isCancelled: () => boolean,
): Promise<void> {
  const nxPackage = path.join(rootDir, 'node_modules', 'nx', 'package.json');
  const nxBin = path.join(
    path.dirname(nxPackage),
    (JSON.parse(await fsp.readFile(nxPackage, 'utf8')) as { bin: Record<string, string> }).bin.nx!,
  );
  const started = performance.now();
  say('build', `nx run-many -t build -p ${START_PROJECTS.join(' ')}`);
  const child = spawn(
    process.execPath,
    [
      nxBin,
      'run-many',
      '-t',
      'build',
      '-p',
      ...START_PROJECTS,
      '--outputStyle=static-failures-only',
    ],
    {
      cwd: rootDir,
      env: { NX_DAEMON: 'false', ...env, NX_TUI: 'false', FORCE_COLOR: '0', NX_NO_CLOUD: 'true' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  onChild(child);
  const output: string[] = [];
  const compact = (raw: string) => {
    const line = stripAnsi(raw).trimEnd();
    output.push(line);
    const trimmed = line.trim();
    // One line per task, plus Nx's verdict; a failure prints everything below.
    if (/^[✔✖√×]/.test(trimmed) || /^> nx run /.test(trimmed)) say('build', trimmed);
    else if (/^NX\s+/.test(trimmed)) say('build', trimmed.replace(/^NX\s+/, ''));
  };
  const drained = [child.stdout!, child.stderr!].map(
    (input) =>
      new Promise<void>((resolve) =>
        readline.createInterface({ input }).on('line', compact).once('close', resolve),
      ),
  );
  const code = await new Promise<number | null>((resolve) => {
    child.once('error', () => resolve(-1));
    child.once('close', (exitCode) => resolve(exitCode));
  });
  await Promise.all(drained);
  if (code !== 0 && isCancelled()) throw new StartError('Build stopped.');
  if (code !== 0) {
    say(
      'build',
      output
        .filter((line) => line.trim())
        .slice(-150)
        .join('\n'),
    );
    throw new StartError(`The build failed (nx exit code ${code}). Its output is above.`);
  }
  say('build', paint.dim(`done in ${((performance.now() - started) / 1000).toFixed(1)} s`));
}

async function waitForHealth(
  api: ChildProcess,
  port: number,
  logTail: string[],
  checkAbort: () => void,
): Promise<void> {
  const url = `http://127.0.0.1:${port}/api/health`;
  const deadline = Date.now() + API_START_TIMEOUT_MS;
  let lastAnswer = 'no answer yet';
  const exited = childExited(api);
  for (;;) {
    checkAbort();
    if (api.exitCode !== null || api.signalCode !== null) {
      throw new StartError(
        `The API exited during start-up (${api.signalCode ? `signal ${api.signalCode}` : `exit code ${api.exitCode}`}). ` +
          `Its last lines:\n${logTail.slice(-20).join('\n') || '(no output)'}`,
      );
    }
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (response.status === 200) return;
      lastAnswer = `HTTP ${response.status}: ${(await response.text()).slice(0, 300)}`;
    } catch (error) {
      lastAnswer = (error as Error).message;
    }
    if (Date.now() > deadline) {
      throw new StartError(
        `The API did not report healthy at ${url} within ${API_START_TIMEOUT_MS / 1000} s (last answer: ${lastAnswer}). ` +
          `Its last lines:\n${logTail.slice(-20).join('\n') || '(no output)'}`,
      );
    }
    await Promise.race([sleep(250), exited]);
  }
}

interface DemoLogin {
  email: string;
  password: string;
}

/**
 * Runs backend/bench/demo.ts (the dataset generator's demo slice, compiled on the fly by
 * @swc-node/register as the bench is) with its progress prefixed "demo". Resolves with the demo
 * login when it seeded, undefined when it refused (the database has members).
 */
async function seedDemo(options: {
  rootDir: string;
  databaseUrl: string;
  storageDir: string;
  s3: boolean;
  fresh: string;
  say: (tag: string, text: string) => void;
  paint: Paint;
  onChild: (child: ChildProcess) => void;
}): Promise<DemoLogin | undefined> {
  const { say, paint } = options;
  if (options.s3) {
    say(
      'demo',
      paint.yellow('--demo writes its photos to local disk: not with STORAGE_DRIVER=s3.'),
    );
    return undefined;
  }
  const began = performance.now();
  say('demo', 'filling the database with the demo site…');
  const child = spawn(process.execPath, ['-r', '@swc-node/register', 'bench/demo.ts'], {
    cwd: path.join(options.rootDir, 'backend'),
    env: {
      ...process.env,
      DATABASE_URL: options.databaseUrl,
      STORAGE_DIR: options.storageDir,
      FORCE_COLOR: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  options.onChild(child);
  let login: DemoLogin | undefined;
  let refusal = '';
  const drained = [child.stdout!, child.stderr!].map(
    (input) =>
      new Promise<void>((resolve) =>
        readline
          .createInterface({ input })
          .on('line', (line) => {
            const match = /^login: (\S+) (\S+)$/.exec(line);
            if (match) login = { email: match[1]!, password: match[2]! };
            else if (line.startsWith('not seeding: ')) refusal = line.slice('not seeding: '.length);
            else say('demo', line);
          })
          .once('close', resolve),
      ),
  );
  const code = await new Promise<number | null>((resolve) => {
    child.once('error', () => resolve(-1));
    child.once('close', (exitCode) => resolve(exitCode));
  });
  await Promise.all(drained);
  if (code === DEMO_REFUSED_EXIT_CODE) {
    say(
      'demo',
      paint.yellow(
        `Not adding the demo: ${refusal || 'the database is not empty'}, so nothing was changed.\n` +
          `For a fresh demo site, ${options.fresh}, then run npm start -- --demo again.`,
      ),
    );
    return undefined;
  }
  if (code !== 0 || !login)
    throw new StartError(`Seeding the demo failed (exit code ${code}); its output is above.`);
  say('demo', paint.dim(`done in ${((performance.now() - began) / 1000).toFixed(1)} s`));
  return login;
}

interface Summary {
  out: OutputStream;
  paint: Paint;
  relative: (target: string) => string;
  seconds: number;
  gateway: Gateway;
  apiUrl: string;
  apiPid: number | undefined;
  demoLogin?: DemoLogin;
  postgres: ResolvedPostgres;
  redis: ResolvedRedis;
  mail: ResolvedMail;
  dataDir: string;
  sms: string;
  storage: string;
}

function printSummary(s: Summary): void {
  const { paint, relative } = s;
  const postgres =
    s.postgres.source === 'env'
      ? `DATABASE_URL ${redactUrl(s.postgres.url)}`
      : `embedded PostgreSQL 15 on 127.0.0.1:${s.postgres.embedded!.port}, data in ${relative(s.postgres.embedded!.dataDir)}` +
        (s.postgres.embedded!.startedHere ? '' : ' (was already running; left running on exit)');
  const redis =
    s.redis.source === 'env'
      ? `REDIS_URL ${redactUrl(s.redis.url)}`
      : s.redis.source === 'local'
        ? `the local Redis at ${s.redis.url}`
        : `redis-server on 127.0.0.1:${s.redis.spawned!.port}, data in ${relative(s.redis.spawned!.dataDir)}` +
          (s.redis.spawned!.startedHere ? '' : ' (was already running; left running on exit)');
  const mail =
    s.mail.source === 'env'
      ? `SMTP_URL ${redactUrl(s.mail.smtpUrl)}`
      : `mail catcher, SMTP ${s.mail.smtpUrl}, messages kept in ${relative(path.join(s.dataDir, 'mail'))}`;
  const rows: [string, string][] = [
    ['App', paint.bold(paint.green(s.gateway.url))],
    ['API docs', `${s.gateway.url}/api/docs`],
    ['Queues', `${s.gateway.url}/admin/queues (admins only, see below)`],
    ...(s.mail.catcher
      ? ([['Mail inbox', `${s.mail.catcher.inboxUrl} (e-mail and SMS)`]] as [string, string][])
      : []),
    ['PostgreSQL', postgres],
    ['Redis', redis],
    ['Mail', mail],
    ['SMS', s.sms],
    ['Storage', s.storage],
    ['Data dir', s.dataDir],
    ['API', `${s.apiUrl} (pid ${s.apiPid}), logs above prefixed "api"`],
    ...(s.demoLogin
      ? ([
          [
            'Demo login',
            paint.bold(`${s.demoLogin.email} / ${s.demoLogin.password}`) +
              ' (every demo member has this password)',
          ],
        ] as [string, string][])
      : []),
  ];
  const lines = [
    '',
    paint.bold(`Plantfolk is running (started in ${s.seconds.toFixed(1)} s)`),
    '',
    ...rows.map(([label, value]) => `  ${paint.dim(label.padEnd(11))} ${value}`),
    '',
    // The dashboard shows job data (who was e-mailed what), so it needs an admin in development too.
    'The queue dashboard needs an admin: log in as one, then Admin → "Queue dashboard" (it sets a',
    'one-hour pass). To make your account an admin, start with ADMIN_EMAILS=you@example.com npm start;',
    'that account becomes an admin once its e-mail is verified.',
    '',
    paint.dim('Press Ctrl+C to stop.'),
    '',
  ];
  s.out.write(`${lines.join('\n')}\n`);
}
