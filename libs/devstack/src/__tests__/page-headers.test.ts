import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import http from 'node:http';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  contentSecurityPolicy,
  pageSecurityHeaders,
  remoteOrigins,
  settingTilesOrigin,
  VIDEO_PLAYER_ORIGINS,
} from '../page-headers.js';
import { liveSettingsFrom } from '../live-settings.js';
import { getFreePort } from '../ports.js';
import { runtimeConfigFromEnv } from '../runtime-config.js';

const run = promisify(execFile);
const DEPLOY = path.resolve(import.meta.dirname, '../../../../frontends/deploy');
const SCRIPT = path.join(DEPLOY, '40-plantfolk-runtime-config.sh');
const TEMPLATE = path.join(DEPLOY, 'nginx/default.conf.template');

/** Every http(s) source named anywhere in a policy but frame-src (the fixed video players). */
function originsIn(policy: string): string[] {
  const rest = policy
    .split('; ')
    .filter((directive) => !directive.startsWith('frame-src '))
    .join('; ');
  return [...new Set(rest.match(/https?:\/\/[^\s;]+/g) ?? [])];
}

/** Runs the container-start script as the nginx image does; returns what it wrote. */
async function runScript(env: Record<string, string>) {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'plantfolk-web-config-'));
  try {
    await run('sh', [SCRIPT], {
      env: { PATH: process.env.PATH, ...env, PLANTFOLK_RUNTIME_CONFIG_DIR: dir },
    });
    const runtimeConfig = JSON.parse(
      await fs.readFile(path.join(dir, 'runtime-config.json'), 'utf8'),
    );
    const conf = await fs.readFile(path.join(dir, 'page-headers.conf'), 'utf8');
    const headers: Record<string, string> = {};
    for (const [, name, value] of conf.matchAll(/^add_header (\S+) "([^"]*)" always;$/gm))
      headers[name!.toLowerCase()] = value!;
    return { runtimeConfig, headers, conf };
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

const CASES: Array<[string, Record<string, string>]> = [
  ['every remote on this origin', {}],
  ['one remote on a CDN', { REMOTE_ADMIN_URL: 'https://admin.example.org/mf-manifest.json' }],
  [
    'remotes on two origins, one named twice, spelled loosely',
    {
      REMOTE_SOCIAL_URL: 'https://CDN.Example.org:443/social/mf-manifest.json',
      REMOTE_EVENTS_URL: 'http://localhost:4202/mf-manifest.json?v=2',
      REMOTE_ADMIN_URL: 'https://cdn.example.org/admin/mf-manifest.json',
    },
  ],
  [
    'a plain http origin on its default port',
    { REMOTE_EVENTS_URL: 'http://events.example.org:80/x' },
  ],
  [
    'a remote serving a new route, and remotes adding settings sections',
    {
      REMOTE_EVENTS_ROUTES: ' /events  /event/* /:handle/events /:handle/events/* /calendar ',
      SETTINGS_SECTIONS_FROM: 'social events',
    },
  ],
  ['remotes adding header items', { HEADER_ITEMS_FROM: ' social  events ' }],
  [
    'map tiles from a tile server, with its credit',
    {
      MAP_TILES_URL: ' https://Tiles.Example.net/osm/{z}/{x}/{y}.png ',
      MAP_TILES_ATTRIBUTION: '© OpenStreetMap contributors',
    },
  ],
  [
    'map tiles from a remote’s origin, no credit',
    {
      REMOTE_EVENTS_URL: 'https://cdn.example.org/events/mf-manifest.json',
      MAP_TILES_URL: 'https://cdn.example.org/tiles/{z}/{y}/{x}.png',
    },
  ],
  ['map tiles on this origin', { MAP_TILES_URL: '/tiles/{z}/{x}/{y}.png' }],
];

describe('page security headers: the map tiles of the site setting', () => {
  it.each([
    ['https://tiles.example.net/{z}/{x}/{y}.png', 'https://tiles.example.net'],
    ['HTTPS://Tiles.Example.net:443/{z}/{x}/{y}.png', 'https://tiles.example.net'],
    ['http://localhost:8080/t/{z}/{x}/{y}', 'http://localhost:8080'],
    ['', null],
    [null, null],
    [42, null],
    ['/tiles/{z}/{x}/{y}.png', null],
    ['//tiles.example.net/{z}/{x}/{y}.png', null],
    ['ftp://tiles.example.net/{z}/{x}/{y}.png', null],
    ['https://tiles.example.net:99999/{z}/{x}/{y}.png', null],
    ['https://u:p@tiles.example.net/{z}/{x}/{y}.png', null],
    ["https://t.example/{z}/{x}/{y}.png; script-src 'unsafe-eval'", null],
    ['https://t.example', null],
  ])('takes the origin of %j: %j', (value, origin) => {
    expect(settingTilesOrigin(value)).toBe(origin);
  });

  it('adds that origin to img-src only, once, beside the deployment’s', () => {
    const config = runtimeConfigFromEnv({
      MAP_TILES_URL: 'https://tiles.example.net/{z}/{x}/{y}.png',
    });
    const policy = contentSecurityPolicy(config, {
      mapTilesUrl: 'https://other.example.org/{z}/{x}/{y}.png',
    });
    expect(policy).toContain(
      "img-src 'self' data: blob: https://tiles.example.net https://other.example.org;",
    );
    expect(policy).toContain("connect-src 'self';");
    expect(
      contentSecurityPolicy(config, { mapTilesUrl: 'https://tiles.example.net/{z}/{x}/{y}' }),
    ).toBe(contentSecurityPolicy(config));
    // A broken value leaves the policy as it would be without it.
    expect(
      contentSecurityPolicy(config, { mapTilesUrl: 'https://t.example:99999/{z}/{x}/{y}' }),
    ).toBe(contentSecurityPolicy(config));
  });

  it('reads the setting from the API, reuses an answer for a second, and keeps the last one when the API fails', async () => {
    let clock = 0;
    let answer: () => Response = () =>
      Response.json({
        status: 'success',
        data: [{ name: 'map_tiles_url', value: 'https://a.example/{z}/{x}/{y}.png' }],
      });
    const calls: string[] = [];
    const reader = liveSettingsFrom('http://api.test', {
      now: () => clock,
      fetch: (async (url: URL) => {
        calls.push(String(url));
        return answer();
      }) as typeof fetch,
    });
    expect(await reader.read()).toEqual({ mapTilesUrl: 'https://a.example/{z}/{x}/{y}.png' });
    expect(calls).toEqual(['http://api.test/api/settings/get-all']);
    clock = 500;
    await reader.read();
    expect(calls).toHaveLength(1);
    clock = 1_500;
    answer = () => new Response('down', { status: 503 });
    expect(await reader.read()).toEqual({ mapTilesUrl: 'https://a.example/{z}/{x}/{y}.png' });
    expect(calls).toHaveLength(2);
    clock = 3_000;
    answer = () =>
      Response.json({ status: 'success', data: [{ name: 'map_tiles_url', value: '' }] });
    expect(await reader.read()).toEqual({ mapTilesUrl: '' });
  });
});

describe('page security headers', () => {
  it('allow this origin and exactly the remotes’ origins', () => {
    const config = runtimeConfigFromEnv({
      REMOTE_SOCIAL_URL: 'https://cdn.example.org/social/mf-manifest.json',
      REMOTE_ADMIN_URL: 'https://admin.example.org:8443/mf-manifest.json',
    });
    expect(remoteOrigins(config)).toEqual([
      'https://cdn.example.org',
      'https://admin.example.org:8443',
    ]);
    const policy = contentSecurityPolicy(config);
    expect(originsIn(policy)).toEqual([
      'https://cdn.example.org',
      'https://admin.example.org:8443',
    ]);
    for (const directive of ['script-src', 'style-src', 'img-src', 'font-src', 'connect-src'])
      expect(policy).toMatch(
        new RegExp(
          `${directive} 'self'[^;]* https://cdn\\.example\\.org https://admin\\.example\\.org:8443(;|$)`,
        ),
      );
    expect(policy).toContain("frame-ancestors 'none'");
    // Frames: the video players a post may embed, and nothing else.
    expect(policy).toContain(`frame-src ${VIDEO_PLAYER_ORIGINS.join(' ')};`);
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("default-src 'self'");
    // Nothing broader than named origins: no wildcard, no bare scheme, no inline or eval script.
    expect(policy).not.toMatch(/\*|\bhttps?:(?!\/\/)|'unsafe-eval'/);
    expect(
      policy.split('; ').find((directive) => directive.startsWith('script-src')),
    ).not.toContain('unsafe-inline');
  });

  it('allow the map tiles’ origin for images only (MAP_TILES_URL)', () => {
    const config = runtimeConfigFromEnv({
      MAP_TILES_URL: 'https://tiles.example.net/{z}/{x}/{y}.png',
      MAP_TILES_ATTRIBUTION: ' © Map makers ',
    });
    expect(config.mapTiles).toEqual({
      url: 'https://tiles.example.net/{z}/{x}/{y}.png',
      attribution: '© Map makers',
    });
    const policy = contentSecurityPolicy(config);
    expect(policy).toContain("img-src 'self' data: blob: https://tiles.example.net;");
    expect(originsIn(policy)).toEqual(['https://tiles.example.net']);
    expect(runtimeConfigFromEnv({ MAP_TILES_URL: '  ' }).mapTiles).toBeUndefined();
  });

  it('name no other origin when every remote is on this one', () => {
    const headers = pageSecurityHeaders(runtimeConfigFromEnv({}));
    expect(originsIn(headers['content-security-policy']!)).toEqual([]);
    expect(headers).toMatchObject({
      'x-frame-options': 'DENY',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'x-content-type-options': 'nosniff',
    });
  });

  it.each([
    ['javascript:alert(1)'],
    ['//cdn.example.org/mf-manifest.json'],
    ['ftp://cdn.example.org/mf-manifest.json'],
    ['https://user:secret@cdn.example.org/mf-manifest.json'],
    ['mf-manifest.json'],
  ])('refuse a remote URL that is neither a path nor an http(s) URL: %s', (url) => {
    expect(() => remoteOrigins({ remotes: { social: url } })).toThrow(/path on this origin/);
  });
});

describe('the production web tier (frontends/deploy)', () => {
  it.each(CASES)(
    'writes the same headers and runtime config as the dev gateway: %s',
    async (_label, env) => {
      const { runtimeConfig, headers } = await runScript(env);
      expect(runtimeConfig).toEqual(runtimeConfigFromEnv(env));
      // nginx fills in the site setting's tiles per page (empty without one).
      const policy = headers['content-security-policy']!;
      expect(policy).toContain('$plantfolk_map_tiles_src; font-src');
      expect({
        ...headers,
        'content-security-policy': policy.replace('$plantfolk_map_tiles_src', ''),
      }).toEqual(pageSecurityHeaders(runtimeConfigFromEnv(env)));
    },
  );

  it.each([
    ['javascript:alert(1)'],
    ['//cdn.example.org/mf-manifest.json'],
    ['ftp://cdn.example.org/mf-manifest.json'],
    ['https://user:secret@cdn.example.org/mf-manifest.json'],
    ['https://cdn.example.org;script-src/x'],
  ])('refuses to start with a remote URL it cannot put in the policy: %s', async (url) => {
    await expect(runScript({ REMOTE_SOCIAL_URL: url })).rejects.toThrow(/path on this origin/);
  });

  it.each([
    ['a pattern with a quote', { REMOTE_EVENTS_ROUTES: '/events /ev"ents' }, /not a URL pattern/],
    ['a relative pattern', { REMOTE_SOCIAL_ROUTES: 'tag/*' }, /not a URL pattern/],
    ['a wildcard mid-path', { REMOTE_ADMIN_ROUTES: '/admin/*/x' }, /not a URL pattern/],
    ['an unknown remote', { SETTINGS_SECTIONS_FROM: 'social shop' }, /no remote is called shop/],
    ['an unknown header remote', { HEADER_ITEMS_FROM: 'shop' }, /no remote is called shop/],
    ['map tiles without {x}', { MAP_TILES_URL: 'https://t.example/{z}/{y}.png' }, /MAP_TILES_URL/],
    [
      'map tiles that break out of the policy',
      { MAP_TILES_URL: 'https://t.example/{z}/{x}/{y}.png;script-src' },
      /MAP_TILES_URL/,
    ],
    ['map tiles over javascript:', { MAP_TILES_URL: 'javascript:{z}{x}{y}' }, /MAP_TILES_URL/],
    [
      'a map credit with a quote',
      { MAP_TILES_URL: '/t/{z}/{x}/{y}.png', MAP_TILES_ATTRIBUTION: 'say "hi"' },
      /MAP_TILES_ATTRIBUTION/,
    ],
  ])('refuses to start with %s, as the dev gateway does', async (_label, env, message) => {
    expect(() => runtimeConfigFromEnv(env)).toThrow(message);
    await expect(runScript(env)).rejects.toThrow(message);
  });

  it('includes the page headers in every location that serves the shell', async () => {
    const template = await fs.readFile(TEMPLATE, 'utf8');
    for (const location of ['location = / {', 'location / {', 'location @spa {']) {
      const start = template.indexOf(location);
      expect(start, location).toBeGreaterThan(-1);
      const body = template.slice(start, template.indexOf('\n    }', start));
      expect(body, location).toContain('include /var/lib/plantfolk/page-headers.conf;');
      // add_header in a location replaces the inherited ones, so nothing may repeat the file's.
      expect(body, location).not.toMatch(
        /add_header (X-Content-Type-Options|X-Frame-Options|Referrer-Policy|Content-Security-Policy)/i,
      );
    }
  });
});

/** nginx itself: the production template is tested for real (`.ci/run` installs it). */
async function findNginx(): Promise<string> {
  const candidates = ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/bin/nginx'];
  for (const candidate of candidates) {
    try {
      await fs.access(candidate);
      return candidate;
    } catch {
      // not here
    }
  }
  throw new Error(
    `nginx is needed to test the production web tier (looked in ${candidates.join(', ')}): apt-get install -y nginx`,
  );
}

describe('nginx with the rendered template', () => {
  const env = { REMOTE_ADMIN_URL: 'https://admin.example.org/mf-manifest.json' };
  let dir: string;
  let port: number;
  let nginx: ChildProcess;
  let api: http.Server;
  /** What the API's GET /api/settings/get-all answers: its status and x-map-tiles-origin. */
  let settingsAnswer: { status: number; tiles?: string } = { status: 200 };
  let settingsAsked = 0;

  beforeAll(async () => {
    const nginxBinary = await findNginx();
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'plantfolk-nginx-'));
    await fs.chmod(dir, 0o755);
    const html = path.join(dir, 'html');
    const lib = path.join(dir, 'lib');
    await fs.mkdir(path.join(html, 'shell'), { recursive: true });
    await fs.writeFile(
      path.join(html, 'shell', 'index.html'),
      '<!doctype html><title>shell</title>',
    );
    // A built script with the precompressed copy the build writes beside it.
    const script = `console.log(${JSON.stringify('plantfolk '.repeat(300))});`;
    await fs.writeFile(path.join(html, 'shell', 'main.1a2b3c4d5e.js'), script);
    await fs.writeFile(path.join(html, 'shell', 'main.1a2b3c4d5e.js.gz'), gzipSync(script));
    await run('sh', [SCRIPT], {
      env: { PATH: process.env.PATH, ...env, PLANTFOLK_RUNTIME_CONFIG_DIR: lib },
    });
    api = http.createServer((request, response) => {
      if (request.url === '/api/settings/get-all') {
        settingsAsked += 1;
        if (settingsAnswer.status !== 200) response.statusCode = settingsAnswer.status;
        if (settingsAnswer.tiles) response.setHeader('x-map-tiles-origin', settingsAnswer.tiles);
      }
      response.end('{"status":"success"}');
    });
    await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
    port = await getFreePort();
    // What the image's entrypoint does (envsubst), with this test's folders and port.
    const server = (await fs.readFile(TEMPLATE, 'utf8'))
      .replaceAll('${API_UPSTREAM}', `127.0.0.1:${(api.address() as net.AddressInfo).port}`)
      .replaceAll('${DNS_RESOLVER}', '127.0.0.1')
      .replaceAll('/usr/share/nginx/html', html)
      .replaceAll('/var/lib/plantfolk', lib)
      .replace('listen 8080;', `listen 127.0.0.1:${port};`);
    const temp = (name: string) => `${name}_temp_path ${path.join(dir, name)};`;
    await fs.writeFile(
      path.join(dir, 'nginx.conf'),
      [
        'daemon off;',
        'worker_processes 1;',
        `pid ${path.join(dir, 'nginx.pid')};`,
        `error_log ${path.join(dir, 'error.log')} warn;`,
        ...(process.getuid?.() === 0 ? ['user root;'] : []),
        'events {}',
        'http {',
        '  types { text/html html; application/json json; application/javascript js; }',
        `  access_log off; ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join(' ')}`,
        server,
        '}',
      ].join('\n'),
    );
    nginx = spawn(nginxBinary, ['-p', dir, '-c', path.join(dir, 'nginx.conf')], {
      stdio: 'ignore',
    });
    for (let attempt = 0; ; attempt += 1) {
      try {
        await fetch(`http://127.0.0.1:${port}/`);
        break;
      } catch (error) {
        if (attempt > 50) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  });

  afterAll(async () => {
    nginx?.kill('SIGQUIT');
    await new Promise((resolve) => api?.close(resolve));
    await fs.rm(dir, { recursive: true, force: true });
  });

  it.each(['/', '/post/abc', '/settings'])('sends the page headers on %s', async (urlPath) => {
    const response = await fetch(`http://127.0.0.1:${port}${urlPath}`, {
      headers: { accept: 'text/html' },
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('<title>shell</title>');
    const expected = pageSecurityHeaders(runtimeConfigFromEnv(env));
    for (const [name, value] of Object.entries(expected))
      expect(response.headers.get(name), name).toBe(value);
    expect(originsIn(response.headers.get('content-security-policy')!)).toEqual([
      'https://admin.example.org',
    ]);
  });

  it('allows the map tiles’ origin the API names for the site setting, page by page', async () => {
    const policyOf = async (urlPath: string) => {
      const response = await fetch(`http://127.0.0.1:${port}${urlPath}`, {
        headers: { accept: 'text/html' },
      });
      expect(response.status, urlPath).toBe(200);
      expect(await response.text()).toContain('<title>shell</title>');
      return response.headers.get('content-security-policy');
    };
    const config = runtimeConfigFromEnv(env);
    try {
      settingsAsked = 0;
      settingsAnswer = { status: 200, tiles: 'https://tiles.example.net:8443' };
      const withTiles = pageSecurityHeaders(config, {
        mapTilesUrl: 'https://tiles.example.net:8443/{z}/{x}/{y}.png',
      })['content-security-policy'];
      expect(await policyOf('/')).toBe(withTiles);
      expect(await policyOf('/events/abc')).toBe(withTiles);
      expect(settingsAsked).toBe(2);
      // Changed: the next page has it, no restart.
      settingsAnswer = { status: 200 };
      const without = pageSecurityHeaders(config)['content-security-policy'];
      expect(await policyOf('/events/abc')).toBe(without);
      // Something that is not a bare origin never gets in, nor breaks the header.
      settingsAnswer = { status: 200, tiles: "https://t.example; script-src 'unsafe-eval'" };
      expect(await policyOf('/')).toBe(without);
      // The API cannot say: the page still goes out, with this origin's tiles only.
      settingsAnswer = { status: 503, tiles: 'https://tiles.example.net' };
      expect(await policyOf('/settings')).toBe(without);
    } finally {
      settingsAnswer = { status: 200 };
    }
  });

  it('leaves the API’s answers to the API', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(await response.text()).toBe('{"status":"success"}');
    expect(response.headers.get('content-security-policy')).toBeNull();
  });

  it('sends the build’s precompressed copy to a client that accepts gzip, and says it varies', async () => {
    const gzipped = await rawGet(port, '/main.1a2b3c4d5e.js', { 'accept-encoding': 'gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(gzipped.body).toString()).toContain('plantfolk plantfolk');
    const plain = await rawGet(port, '/main.1a2b3c4d5e.js', {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toContain('plantfolk plantfolk');
  });
});

/** A GET whose body is left as it came (fetch would decompress it). */
function rawGet(
  port: number,
  urlPath: string,
  headers: Record<string, string>,
): Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: urlPath, headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ headers: response.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on('error', reject);
  });
}
