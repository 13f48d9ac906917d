// `npm run lighthouse`: Lighthouse (performance, accessibility) on `/`, `/post/{id}` and `/events`,
// mobile and desktop presets, in Debian's Chromium (CHROME_PATH, default /usr/bin/chromium; never a
// downloaded browser). Kept out of `npm test`: the numbers depend on the machine.
//
//   LIGHTHOUSE_URL=http://localhost:3000 npm run lighthouse   measure a stack that is already up
//   npm run lighthouse                                        use `npm start`'s stack on :3000 if it
//                                                             answers, else start an isolated one
//   npm run lighthouse -- --runs 3 --only mobile --pages /,/events
//
// A post is seeded through the API when the site has none, so `/post/{id}` exists: a member signs
// up (the e-mail link is read from the stack's mail catcher, MAIL_API_URL), registers and posts.
// Reports (JSON) go to frontends/e2e/lighthouse-reports/ (gitignored); the median run is printed.
import { spawn } from 'node:child_process';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import process from 'node:process';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';

const here = import.meta.dirname;
const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '1' },
    only: { type: 'string' },
    pages: { type: 'string' },
    out: { type: 'string', default: path.join(here, 'lighthouse-reports') },
  },
});

const OWN_STACK = { web: 3400, mail: 3425, database: 'plantfolk_lighthouse' };
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const log = (line) => process.stdout.write(`${line}\n`);

async function answers(url) {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(2000) })).ok;
  } catch {
    return false;
  }
}

/** The stack to measure: LIGHTHOUSE_URL, else `npm start`'s on :3000, else one of our own. */
async function resolveStack() {
  if (process.env.LIGHTHOUSE_URL) {
    return {
      base: process.env.LIGHTHOUSE_URL.replace(/\/$/, ''),
      mail: process.env.MAIL_API_URL ?? 'http://127.0.0.1:1080',
      stop: async () => undefined,
    };
  }
  if (await answers('http://localhost:3000/api/health')) {
    log('Using the stack on http://localhost:3000');
    return {
      base: 'http://localhost:3000',
      mail: process.env.MAIL_API_URL ?? 'http://127.0.0.1:1080',
      stop: async () => undefined,
    };
  }
  log(`Starting a stack of our own on :${OWN_STACK.web} (builds what is stale)…`);
  const child = spawn(process.execPath, [path.join(here, 'stack.mjs')], {
    cwd: here,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: {
      ...process.env,
      E2E_WEB_PORT: String(OWN_STACK.web),
      E2E_MAIL_PORT: String(OWN_STACK.mail),
      E2E_DATABASE: OWN_STACK.database,
    },
  });
  child.stdout.on('data', () => undefined);
  const base = `http://localhost:${OWN_STACK.web}`;
  const deadline = Date.now() + 300_000;
  while (!(await answers(`${base}/api/health`))) {
    if (child.exitCode !== null) throw new Error(`The stack exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error('The stack did not come up in 5 minutes');
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  return {
    base,
    mail: `http://127.0.0.1:${OWN_STACK.mail}`,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    },
  };
}

async function api(base, method, url, { body, token, csrf, cookie } = {}) {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(csrf ? { 'x-csrf-token': csrf } : {}),
      ...(cookie ? { cookie } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await response.json().catch(() => null);
  if (!response.ok)
    throw new Error(`${method} ${url} → ${response.status} ${JSON.stringify(json)}`);
  return json.data;
}

function pkce() {
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  return { verifier, fields: { code_challenge: challenge, code_challenge_method: 'S256' } };
}

/** The random id of a public post, posting one as a new member when the site has none. */
async function publicPostId(base, mail) {
  const recent = await api(base, 'GET', '/api/content-items/recent');
  const existing = recent.contentItems?.find((item) => item.privacy === 'public');
  if (existing) return existing.random_id;

  log('No public post yet: seeding one through the API');
  const email = `lighthouse-${randomUUID().slice(0, 8)}@plantfolk.test`;
  const password = 'a-long-lighthouse-password';
  await api(base, 'POST', '/api/iam/authn/signup', { body: { email, password } });
  let token = null;
  for (let attempt = 0; attempt < 40 && !token; attempt++) {
    const list = await (await fetch(`${mail}/api/messages?to=${encodeURIComponent(email)}`)).json();
    const message = list.find((item) => /Confirm your e-mail/.test(item.subject));
    if (message) {
      const { text } = await (await fetch(`${mail}/api/messages/${message.id}`)).json();
      token = /\/auth\/verifyemail\?token=([A-Za-z0-9_%-]+)/.exec(text)?.[1] ?? null;
    }
    if (!token) await new Promise((resolve) => setTimeout(resolve, 500));
  }
  if (!token) throw new Error(`No confirmation e-mail reached ${mail} for ${email}`);
  const { verifier, fields } = pkce();
  const verified = await api(base, 'POST', '/api/iam/authn/verifyemailtoken', {
    body: { token: decodeURIComponent(token), ...fields },
  });
  const grant = await api(base, 'POST', '/api/iam/authn/refresh', {
    body: { grant_type: 'authorization_code', code: verified.code, code_verifier: verifier },
  });
  const auth = { token: grant.access_token, csrf: grant.user.csrf_token };
  await api(base, 'POST', '/api/iam/authn/register', {
    ...auth,
    body: {
      username: `lh_${randomUUID().slice(0, 8)}`,
      suburb_city: 'Fitzroy',
      state: 'Victoria',
      country: 'Australia',
      latitude: -37.8,
      longitude: 144.98,
    },
  });
  const post = await api(base, 'POST', '/api/iam/posts/new', {
    ...auth,
    body: {
      text: 'My monstera put out a new leaf this week: the first fenestrated one! #monstera',
      privacy: 'public',
      tags: ['monstera', 'houseplants'],
      photos: [],
    },
  });
  return post.random_id ?? post.post?.random_id;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function audit(url, preset, port) {
  const result = await lighthouse(
    url,
    { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] },
    preset === 'desktop' ? desktopConfig : undefined,
  );
  const { lhr } = result;
  const value = (id) => lhr.audits[id]?.numericValue ?? NaN;
  return {
    lhr,
    summary: {
      performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
      accessibility: Math.round((lhr.categories.accessibility.score ?? 0) * 100),
      lcpMs: Math.round(value('largest-contentful-paint')),
      cls: Number(value('cumulative-layout-shift').toFixed(3)),
      tbtMs: Math.round(value('total-blocking-time')),
      fcpMs: Math.round(value('first-contentful-paint')),
    },
  };
}

const stack = await resolveStack();
let chrome;
try {
  const postId = await publicPostId(stack.base, stack.mail);
  const pages = args.pages ? args.pages.split(',') : ['/', `/post/${postId}`, '/events'];
  const presets = args.only ? [args.only] : ['mobile', 'desktop'];
  const runs = Math.max(1, Number(args.runs));
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const outDir = path.join(args.out, stamp);
  await mkdir(outDir, { recursive: true });

  chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const rows = [];
  for (const pagePath of pages) {
    for (const preset of presets) {
      const summaries = [];
      for (let run = 0; run < runs; run++) {
        const { lhr, summary } = await audit(`${stack.base}${pagePath}`, preset, chrome.port);
        summaries.push(summary);
        const slug = pagePath.replace(/[^a-z0-9]+/gi, '_').replace(/^_+|_+$/g, '') || 'home';
        const name = `${slug}-${preset}-${run + 1}.json`;
        await writeFile(path.join(outDir, name), JSON.stringify(lhr));
      }
      const pick = (key) => median(summaries.map((summary) => summary[key]));
      rows.push({
        page: pagePath,
        preset,
        performance: pick('performance'),
        accessibility: pick('accessibility'),
        'LCP ms': pick('lcpMs'),
        CLS: pick('cls'),
        'TBT ms': pick('tbtMs'),
        'FCP ms': pick('fcpMs'),
      });
    }
  }
  // eslint-disable-next-line no-console -- the table is what this script prints
  console.table(rows);
  await writeFile(path.join(outDir, 'summary.json'), `${JSON.stringify(rows, null, 2)}\n`);
  log(`Reports: ${path.relative(process.cwd(), outDir)}`);
} finally {
  await chrome?.kill();
  await stack.stop();
}
