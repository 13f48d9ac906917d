import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Gateway, startGateway } from '../gateway.js';
import { getFreePort } from '../ports.js';
import { runtimeConfigFromEnv } from '../runtime-config.js';

interface SeenRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

let root: string;
let upstream: http.Server;
let gateway: Gateway;
const seen: SeenRequest[] = [];
const upgrades: SeenRequest[] = [];
const upgradedSockets = new Set<net.Socket>();

const IMMUTABLE = 'public, max-age=31536000, immutable';
const BIG_SCRIPT = `console.log(${JSON.stringify('plantfolk '.repeat(300))});`;

async function write(file: string, content: string): Promise<void> {
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, content);
}

/** The fake API: a real HTTP server that echoes what reached it (and accepts websockets). */
function startUpstream(): Promise<http.Server> {
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      seen.push({ method: request.method!, url: request.url!, headers: request.headers, body });
      if (request.url === '/api/flaky') {
        response.writeHead(503, { 'content-type': 'application/json' });
        response.end('{"status":"error","error":{"code":"DOWN","message":"down"}}');
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json', 'x-upstream': 'api' });
      response.end(JSON.stringify({ method: request.method, url: request.url, body }));
    });
  });
  server.on('upgrade', (request: http.IncomingMessage, socket: net.Socket) => {
    upgrades.push({
      method: request.method!,
      url: request.url!,
      headers: request.headers,
      body: '',
    });
    upgradedSockets.add(socket);
    const accept = crypto
      .createHash('sha1')
      .update(`${request.headers['sec-websocket-key']}258EAFA5-E914-47DA-95CA-C5AB0DC85B11`)
      .digest('base64');
    socket.write(
      'HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n' +
        `Sec-WebSocket-Accept: ${accept}\r\n\r\n`,
    );
    // One unmasked text frame from the server.
    const payload = Buffer.from('hello from the api');
    socket.write(Buffer.concat([Buffer.from([0x81, payload.length]), payload]));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** A GET that sends the path exactly as written (fetch would normalise dot segments). */
function rawRequest(
  urlPath: string,
  options: { method?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port: gateway.port,
        path: urlPath,
        method: options.method ?? 'GET',
        headers: options.headers,
      },
      (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
        response.on('end', () =>
          resolve({ status: response.statusCode!, headers: response.headers, body }),
        );
      },
    );
    request.on('error', reject);
    request.end();
  });
}

const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'plantfolk-gateway-'));
  await write(path.join(root, 'secret.txt'), 'TOP SECRET');
  await write(path.join(root, 'shell', 'index.html'), '<!doctype html><title>shell</title>');
  await write(path.join(root, 'shell', 'runtime-config.json'), '{"remotes":{"social":"/stale"}}');
  await write(path.join(root, 'shell', 'build-manifest.json'), '{"name":"shell","buildId":"abc"}');
  await write(
    path.join(root, 'shell', 'static', 'js', 'main.1a2b3c4d5e.js'),
    'console.log("shell")',
  );
  await write(path.join(root, 'shell', 'static', 'css', 'main.1a2b3c4d.css'), 'body{}');
  await write(path.join(root, 'shell', '.env'), 'DOTFILE=1');
  await write(path.join(root, 'shell', 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await fs.symlink(path.join(root, 'secret.txt'), path.join(root, 'shell', 'escape.txt'));
  await write(path.join(root, 'social', 'mf-manifest.json'), '{"name":"social"}');
  await write(path.join(root, 'social', 'remoteEntry.js'), 'var social;');
  await write(path.join(root, 'social', 'build-manifest.json'), '{"name":"social","buildId":"s1"}');
  await write(path.join(root, 'social', 'static', 'js', '123.4d5e6f7a8b.js'), 'chunk');
  // What the build writes beside each text asset: its gzip and brotli copies.
  await write(path.join(root, 'shell', 'app.1a2b3c4d5e.js'), BIG_SCRIPT);
  await fs.writeFile(path.join(root, 'shell', 'app.1a2b3c4d5e.js.gz'), zlib.gzipSync(BIG_SCRIPT));
  await fs.writeFile(
    path.join(root, 'shell', 'app.1a2b3c4d5e.js.br'),
    zlib.brotliCompressSync(BIG_SCRIPT),
  );
  upstream = await startUpstream();
  const address = upstream.address() as net.AddressInfo;
  gateway = await startGateway({
    port: 0,
    host: '127.0.0.1',
    apiUrl: `http://127.0.0.1:${address.port}`,
    shellDir: path.join(root, 'shell'),
    remotes: { social: path.join(root, 'social') },
    runtimeConfig: runtimeConfigFromEnv({
      REMOTE_ADMIN_URL: 'https://admin.example.org/mf-manifest.json',
    }),
    // No site setting adds to the policy here (and the upstream sees only what is proxied).
    liveSettings: { read: async () => ({}) },
  });
});

afterAll(async () => {
  await gateway?.stop();
  // Upgraded sockets are no longer the HTTP server's to close.
  for (const socket of upgradedSockets) socket.destroy();
  upstream?.closeAllConnections();
  await new Promise((resolve) => upstream?.close(resolve));
  await fs.rm(root, { recursive: true, force: true });
});

describe('gateway: API routes', () => {
  it.each([
    ['/api/health?verbose=1'],
    ['/api/iam/login'],
    ['/storage/v1/object/public/images/ab/cd%20ef.webp'],
    ['/admin/queues'],
    ['/admin/queues/api/queues?page=1'],
  ])('sends %s to the API unchanged', async (urlPath) => {
    const response = await fetch(`${gateway.url}${urlPath}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('x-upstream')).toBe('api');
    expect(((await response.json()) as { url: string }).url).toBe(urlPath);
  });

  it('passes method and body through and sets X-Forwarded-* (replacing spoofed ones)', async () => {
    seen.length = 0;
    const response = await fetch(`${gateway.url}/api/posts`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-forwarded-for': '6.6.6.6',
        cookie: 'sid=1',
      },
      body: JSON.stringify({ text: 'Monstera cutting' }),
    });
    expect(response.status).toBe(200);
    const request = seen.at(-1)!;
    expect(request.method).toBe('POST');
    expect(request.body).toBe('{"text":"Monstera cutting"}');
    expect(request.headers['x-forwarded-for']).toBe('127.0.0.1');
    expect(request.headers['x-forwarded-proto']).toBe('http');
    expect(request.headers['x-forwarded-host']).toBe(`127.0.0.1:${gateway.port}`);
    expect(request.headers.cookie).toBe('sid=1');
  });

  it('passes an API 503 through once, without retrying it', async () => {
    seen.length = 0;
    const response = await fetch(`${gateway.url}/api/flaky`);
    expect(response.status).toBe(503);
    expect(seen.filter((r) => r.url === '/api/flaky')).toHaveLength(1);
  });

  it('does not treat look-alike paths as API paths', async () => {
    seen.length = 0;
    for (const urlPath of ['/admin', '/admin/queuesx', '/apix', '/storagex']) {
      const response = await rawRequest(urlPath, { headers: html });
      expect(response.status, urlPath).toBe(200);
      expect(response.body, urlPath).toContain('<title>shell</title>');
    }
    expect(seen).toHaveLength(0);
  });

  it('passes websocket upgrades on /api through to the API', async () => {
    upgrades.length = 0;
    const frame = await new Promise<Buffer>((resolve, reject) => {
      const request = http.request({
        host: '127.0.0.1',
        port: gateway.port,
        path: '/api/socket.io/?EIO=4&transport=websocket',
        headers: {
          connection: 'Upgrade',
          upgrade: 'websocket',
          'sec-websocket-version': '13',
          'sec-websocket-key': crypto.randomBytes(16).toString('base64'),
          cookie: 'sid=ws',
        },
      });
      request.on('upgrade', (response, socket) => {
        expect(response.statusCode).toBe(101);
        socket.once('data', (data: Buffer) => {
          socket.destroy();
          resolve(data);
        });
      });
      request.on('response', (response) =>
        reject(new Error(`no upgrade: HTTP ${response.statusCode}`)),
      );
      request.on('error', reject);
      request.end();
    });
    expect(frame.subarray(2).toString('utf8')).toBe('hello from the api');
    expect(upgrades[0]!.url).toBe('/api/socket.io/?EIO=4&transport=websocket');
    expect(upgrades[0]!.headers.cookie).toBe('sid=ws');
    expect(upgrades[0]!.headers['x-forwarded-for']).toBe('127.0.0.1');
  });
});

describe('gateway: static files and caching', () => {
  it('serves entry points and unhashed files with no-cache, content-hashed assets as immutable', async () => {
    const cases: [string, string, string][] = [
      ['/', 'no-cache', 'text/html'],
      ['/index.html', 'no-cache', 'text/html'],
      ['/build-manifest.json', 'no-cache', 'application/json'],
      ['/static/js/main.1a2b3c4d5e.js', IMMUTABLE, 'javascript'],
      ['/static/css/main.1a2b3c4d.css', IMMUTABLE, 'text/css'],
      ['/favicon.svg', 'no-cache', 'image/svg+xml'],
      ['/remotes/social/mf-manifest.json', 'no-cache', 'application/json'],
      ['/remotes/social/remoteEntry.js', 'no-cache', 'javascript'],
      ['/remotes/social/build-manifest.json', 'no-cache', 'application/json'],
      ['/remotes/social/static/js/123.4d5e6f7a8b.js', IMMUTABLE, 'javascript'],
    ];
    for (const [urlPath, cacheControl, type] of cases) {
      const response = await fetch(`${gateway.url}${urlPath}`);
      expect(response.status, urlPath).toBe(200);
      expect(response.headers.get('cache-control'), urlPath).toBe(cacheControl);
      expect(response.headers.get('content-type'), urlPath).toContain(type);
    }
  });

  it('sends the precompressed copy the client accepts (brotli first), as nginx does', async () => {
    const get = (encoding?: string) =>
      new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        http
          .get(
            {
              host: '127.0.0.1',
              port: gateway.port,
              path: '/app.1a2b3c4d5e.js',
              headers: encoding ? { 'accept-encoding': encoding } : {},
            },
            (response) => {
              const chunks: Buffer[] = [];
              response.on('data', (chunk: Buffer) => chunks.push(chunk));
              response.on('end', () =>
                resolve({ headers: response.headers, body: Buffer.concat(chunks) }),
              );
            },
          )
          .on('error', reject);
      });
    const brotli = await get('gzip, deflate, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toContain('javascript');
    expect(brotli.headers['cache-control']).toBe(IMMUTABLE);
    expect(zlib.brotliDecompressSync(brotli.body).toString()).toBe(BIG_SCRIPT);
    const gzip = await get('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.body).toString()).toBe(BIG_SCRIPT);
    const plain = await get();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(BIG_SCRIPT);
    for (const response of [brotli, gzip, plain])
      expect(response.headers.vary).toMatch(/accept-encoding/i);
  });

  it('lets other origins load a remote, as if it were deployed on its own', async () => {
    const response = await fetch(`${gateway.url}/remotes/social/mf-manifest.json`);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('answers /runtime-config.json from the environment, not the copy in the dist', async () => {
    const response = await fetch(`${gateway.url}/runtime-config.json`);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(await response.json()).toEqual({
      remotes: {
        social: '/remotes/social/mf-manifest.json',
        events: '/remotes/events/mf-manifest.json',
        admin: 'https://admin.example.org/mf-manifest.json',
      },
    });
  });

  it('gives HTML navigations to app paths the shell index (GET and HEAD)', async () => {
    for (const urlPath of [
      '/post/8c1d',
      '/events/2026/spring-swap',
      '/ada.lovelace',
      '/settings/',
    ]) {
      const response = await fetch(`${gateway.url}${urlPath}`, { headers: html });
      expect(response.status, urlPath).toBe(200);
      expect(response.headers.get('cache-control'), urlPath).toBe('no-cache');
      expect(await response.text(), urlPath).toContain('<title>shell</title>');
    }
    const head = await fetch(`${gateway.url}/post/8c1d`, { method: 'HEAD', headers: html });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toContain('text/html');
  });

  it('answers a missing asset with a real 404, even for a browser asking for HTML', async () => {
    for (const urlPath of [
      '/static/js/main.000000.js',
      '/static/css/gone.css',
      '/remotes/social/static/js/999.deadbeef.js',
      '/remotes/social/remoteEntry.js.map',
    ]) {
      const response = await fetch(`${gateway.url}${urlPath}`, { headers: html });
      expect(response.status, urlPath).toBe(404);
      expect(await response.text(), urlPath).not.toContain('<title>shell</title>');
    }
  });

  it('does not fall back to the shell for non-HTML requests or inside a remote', async () => {
    expect(
      (await fetch(`${gateway.url}/post/8c1d`, { headers: { accept: 'application/json' } })).status,
    ).toBe(404);
    expect((await fetch(`${gateway.url}/remotes/social/some/page`, { headers: html })).status).toBe(
      404,
    );
    expect((await fetch(`${gateway.url}/remotes/social/`, { headers: html })).status).toBe(404);
  });

  it('never serves a file outside the dist folders', async () => {
    const attempts = [
      '/..%2fsecret.txt',
      '/..%2f..%2f..%2f..%2f..%2fetc/passwd',
      '/%2e%2e/secret.txt',
      '/%2e%2e%2fsecret.txt',
      '/../secret.txt',
      '/static/../../secret.txt',
      '/..%5csecret.txt',
      '/remotes/social/..%2fsecret.txt',
      '/remotes/social/../secret.txt',
      '/remotes/social/%2e%2e/shell/index.html',
      '/escape.txt',
      '/.env',
      '/index.html%00.js',
    ];
    for (const urlPath of attempts) {
      const response = await rawRequest(urlPath, { headers: { accept: '*/*' } });
      expect(response.status, urlPath).toBeGreaterThanOrEqual(400);
      expect(response.body, urlPath).not.toContain('TOP SECRET');
      expect(response.body, urlPath).not.toContain('root:');
      expect(response.body, urlPath).not.toContain('DOTFILE');
    }
  });
});

describe('gateway: page security headers', () => {
  it.each(['/', '/post/abc', '/settings'])(
    'sends CSP, X-Frame-Options, Referrer-Policy and nosniff on %s',
    async (urlPath) => {
      const response = await fetch(`${gateway.url}${urlPath}`, { headers: html });
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('<title>shell</title>');
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      const policy = response.headers.get('content-security-policy') ?? '';
      expect(policy).toContain("frame-ancestors 'none'");
      expect(policy).toContain("default-src 'self'");
      // The gateway's runtime config puts the admin remote on https://admin.example.org: that
      // origin, and no other, is allowed besides this one.
      // (frame-src names only the video players a post may embed.)
      const withoutFrames = policy
        .split('; ')
        .filter((directive) => !directive.startsWith('frame-src '))
        .join('; ');
      expect([...new Set(withoutFrames.match(/https?:\/\/[^\s;]+/g))]).toEqual([
        'https://admin.example.org',
      ]);
      expect(policy).toMatch(/script-src 'self' https:\/\/admin\.example\.org;/);
      expect(policy).toMatch(/connect-src 'self' https:\/\/admin\.example\.org;/);
    },
  );

  it('allows the map tiles’ origin of the site setting of the moment, without a restart', async () => {
    const settings: { mapTilesUrl: unknown } = { mapTilesUrl: '' };
    const live = await startGateway({
      port: 0,
      host: '127.0.0.1',
      apiUrl: 'http://127.0.0.1:9',
      shellDir: path.join(root, 'shell'),
      remotes: {},
      runtimeConfig: runtimeConfigFromEnv({}),
      liveSettings: { read: async () => ({ ...settings }) },
    });
    try {
      const imgSrc = async () => {
        const response = await fetch(`${live.url}/events`, { headers: html });
        const policy = response.headers.get('content-security-policy') ?? '';
        return policy.split('; ').find((directive) => directive.startsWith('img-src '));
      };
      expect(await imgSrc()).toBe("img-src 'self' data: blob:");
      settings.mapTilesUrl = 'https://Tiles.Example.net:8443/osm/{z}/{x}/{y}.png';
      expect(await imgSrc()).toBe("img-src 'self' data: blob: https://tiles.example.net:8443");
      // A value the API would refuse never reaches the header, nor breaks it.
      settings.mapTilesUrl = "https://t.example/{z}/{x}/{y}.png; script-src 'unsafe-eval'";
      expect(await imgSrc()).toBe("img-src 'self' data: blob:");
      settings.mapTilesUrl = '/tiles/{z}/{x}/{y}.png';
      expect(await imgSrc()).toBe("img-src 'self' data: blob:");
    } finally {
      await live.stop();
    }
  });

  it('leaves the API’s answers (and their own headers) to the API', async () => {
    const response = await fetch(`${gateway.url}/api/health`);
    expect(response.headers.get('x-upstream')).toBe('api');
    expect(response.headers.get('content-security-policy')).toBeNull();
    expect(response.headers.get('x-frame-options')).toBeNull();
  });

  it('refuses to start with a remote URL it cannot put in the policy', async () => {
    await expect(
      startGateway({
        port: 0,
        host: '127.0.0.1',
        apiUrl: 'http://127.0.0.1:9',
        shellDir: path.join(root, 'shell'),
        remotes: {},
        runtimeConfig: runtimeConfigFromEnv({ REMOTE_SOCIAL_URL: 'javascript:alert(1)' }),
      }),
    ).rejects.toThrow(/path on this origin or an http\(s\) URL/);
  });
});

describe('gateway: the API answers a body too large for it', () => {
  it('passes the API’s own 413 through instead of a 502', async () => {
    // Like the API: Fastify with a small body limit answers 413 from the Content-Length alone,
    // without reading the body, and closes the connection while the body is still coming.
    const api = Fastify({ bodyLimit: 1024 });
    api.setErrorHandler((error: { statusCode?: number }, _request, reply) =>
      reply.code(error.statusCode ?? 500).send({
        status: 'error',
        error: { code: 'PAYLOAD_TOO_LARGE', message: 'The request is too large' },
      }),
    );
    api.post('/api/echo', async (request) => ({ status: 'success', data: request.body }));
    await api.listen({ port: 0, host: '127.0.0.1' });
    const proxied = await startGateway({
      port: 0,
      host: '127.0.0.1',
      apiUrl: `http://127.0.0.1:${(api.server.address() as net.AddressInfo).port}`,
      shellDir: path.join(root, 'shell'),
      remotes: {},
      runtimeConfig: runtimeConfigFromEnv({}),
    });
    try {
      for (const size of [4 * 1024, 3 * 1024 * 1024, 12 * 1024 * 1024]) {
        const response = await fetch(`${proxied.url}/api/echo`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ text: 'x'.repeat(size) }),
        });
        expect(response.status, `${size} bytes`).toBe(413);
        expect(await response.json()).toEqual({
          status: 'error',
          error: { code: 'PAYLOAD_TOO_LARGE', message: 'The request is too large' },
        });
      }
      // The gateway keeps working (and a small body still reaches the API).
      const small = await fetch(`${proxied.url}/api/echo`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ text: 'ok' }),
      });
      expect(await small.json()).toEqual({ status: 'success', data: { text: 'ok' } });
    } finally {
      await proxied.stop();
      await api.close();
    }
  });
});

describe('gateway: a body over its own limit', () => {
  it('answers 413 in the API error shape without calling the API', async () => {
    seen.length = 0;
    const small = await startGateway({
      port: 0,
      host: '127.0.0.1',
      apiUrl: `http://127.0.0.1:${(upstream.address() as net.AddressInfo).port}`,
      shellDir: path.join(root, 'shell'),
      remotes: {},
      runtimeConfig: runtimeConfigFromEnv({}),
      proxyBodyLimitBytes: 1000,
    });
    try {
      const response = await fetch(`${small.url}/api/posts`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ text: 'x'.repeat(5000) }),
      });
      expect(response.status).toBe(413);
      expect(await response.json()).toEqual({
        status: 'error',
        error: { code: 'PAYLOAD_TOO_LARGE', message: 'The request is too large' },
      });
      expect(seen).toHaveLength(0);
    } finally {
      await small.stop();
    }
  });
});

describe('gateway: API down', () => {
  it('answers with a 502 in the API error shape', async () => {
    const closedPort = await getFreePort();
    const lonely = await startGateway({
      port: 0,
      host: '127.0.0.1',
      apiUrl: `http://127.0.0.1:${closedPort}`,
      shellDir: path.join(root, 'shell'),
      remotes: {},
      runtimeConfig: runtimeConfigFromEnv({}),
    });
    try {
      const response = await fetch(`${lonely.url}/api/health`);
      expect(response.status).toBe(502);
      expect(await response.json()).toEqual({
        status: 'error',
        error: { code: 'API_UNAVAILABLE', message: expect.any(String) },
      });
    } finally {
      await lonely.stop();
    }
  });

  it('says so when the shell is not built', async () => {
    const empty = await fs.mkdtemp(path.join(os.tmpdir(), 'plantfolk-empty-'));
    const bare = await startGateway({
      port: 0,
      host: '127.0.0.1',
      apiUrl: 'http://127.0.0.1:9',
      shellDir: empty,
      remotes: {},
      runtimeConfig: runtimeConfigFromEnv({}),
    });
    try {
      const response = await fetch(`${bare.url}/`, { headers: html });
      expect(response.status).toBe(503);
      expect(await response.text()).toContain('shell:build');
    } finally {
      await bare.stop();
      await fs.rm(empty, { recursive: true, force: true });
    }
  });
});

describe('runtimeConfigFromEnv', () => {
  it('defaults each remote to its own path on this origin and takes REMOTE_*_URL overrides', () => {
    expect(runtimeConfigFromEnv({})).toEqual({
      remotes: {
        social: '/remotes/social/mf-manifest.json',
        events: '/remotes/events/mf-manifest.json',
        admin: '/remotes/admin/mf-manifest.json',
      },
    });
    expect(
      runtimeConfigFromEnv({
        REMOTE_EVENTS_URL: 'https://events.example.org/mf-manifest.json',
        REMOTE_SOCIAL_URL: ' ',
      }).remotes,
    ).toMatchObject({
      events: 'https://events.example.org/mf-manifest.json',
      social: '/remotes/social/mf-manifest.json',
    });
  });
});
