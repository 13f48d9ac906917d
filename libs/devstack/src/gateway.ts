import fs from 'node:fs/promises';
import { type IncomingHttpHeaders } from 'node:http';
import path from 'node:path';
import { Readable } from 'node:stream';
import httpProxy from '@fastify/http-proxy';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { liveSettingsFrom, type LiveSettingsReader } from './live-settings.js';
import { pageSecurityHeaders } from './page-headers.js';
import type { RuntimeConfig } from './runtime-config.js';

export interface StartGatewayOptions {
  port: number;
  /** Interface to listen on (default `localhost`: both loopbacks, nothing else). */
  host?: string;
  /** Origin of the API, e.g. `http://127.0.0.1:3001`. */
  apiUrl: string;
  /** The shell's build output (`frontends/shell/dist`). */
  shellDir: string;
  /** Remote name → its build output; served at `/remotes/<name>/`. */
  remotes: Record<string, string>;
  /** Served as `/runtime-config.json`, overriding the copy in the shell's dist; its remote
   *  origins are the only other origins the pages' Content-Security-Policy allows. */
  runtimeConfig: RuntimeConfig;
  /** Largest request body passed on to the API (default PROXY_BODY_LIMIT_BYTES). */
  proxyBodyLimitBytes?: number;
  /** Receives one line per proxy error (API unreachable and the like). */
  log?: (line: string) => void;
  /** Where the page headers read the site settings they depend on (default: the API's). */
  liveSettings?: LiveSettingsReader;
}

export interface Gateway {
  /** The public origin, e.g. `http://localhost:3000`. */
  url: string;
  port: number;
  stop(): Promise<void>;
}

/** Paths the gateway hands to the API, each with everything below it. */
export const API_PREFIXES = ['/api', '/storage', '/admin/queues'] as const;

/**
 * The largest request body the gateway reads for the API: above the API's own largest (an upload
 * of 10 files of 10 MB), so the API, not the gateway, decides what is too large.
 */
export const PROXY_BODY_LIMIT_BYTES = 128 * 1024 * 1024;

const NO_CACHE_FILES = new Set([
  'index.html',
  'runtime-config.json',
  'build-manifest.json',
  'mf-manifest.json',
  'remoteEntry.js',
]);
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** A content hash in the name (`main.e27a1f9595.js`, `103.af917dce54.css`, `x.1a2b3c4d.js.map`). */
const CONTENT_HASHED = /[.-][0-9a-f]{8,}\./i;

/**
 * Entry points (index.html, runtime-config.json, build-manifest.json, mf-manifest.json,
 * remoteEntry.js) are revalidated on every load, so a deploy shows up at once; content-hashed
 * assets are cached for a year. A file with neither (say favicon.svg) is revalidated too: caching
 * an unhashed name for a year would pin its old content.
 */
export function cacheControlFor(file: string): string {
  const name = path.basename(file);
  if (NO_CACHE_FILES.has(name) || name.endsWith('.html')) return 'no-cache';
  return CONTENT_HASHED.test(name) ? IMMUTABLE : 'no-cache';
}

/**
 * Extensions of files a page loads by itself (scripts, styles, fonts, images, manifests). A
 * missing one is a real 404, never the SPA's index.html, so chunk-load errors stay detectable.
 */
const ASSET_EXTENSIONS = new Set([
  '.js',
  '.mjs',
  '.cjs',
  '.css',
  '.map',
  '.json',
  '.wasm',
  '.txt',
  '.xml',
  '.webmanifest',
  '.png',
  '.jpg',
  '.jpeg',
  '.gif',
  '.webp',
  '.avif',
  '.svg',
  '.ico',
  '.bmp',
  '.woff',
  '.woff2',
  '.ttf',
  '.otf',
  '.eot',
  '.mp4',
  '.webm',
  '.mp3',
  '.ogg',
  '.pdf',
  '.zip',
  '.ts',
]);

type Resolved = { kind: 'file'; file: string } | { kind: 'missing' } | { kind: 'bad' };

/**
 * Maps a URL path onto a file under `root`. Dot segments, encoded separators and NUL bytes are
 * rejected before touching the disk; symlinks may not lead outside the root.
 */
async function resolveFile(root: string, rawPath: string): Promise<Resolved> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    return { kind: 'bad' };
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return { kind: 'bad' };
  const segments = decoded.split('/').filter(Boolean);
  if (segments.some((segment) => segment === '.' || segment === '..')) return { kind: 'bad' };
  if (segments.some((segment) => segment.startsWith('.'))) return { kind: 'missing' };

  const file = path.resolve(root, ...segments);
  if (file !== root && !file.startsWith(root + path.sep)) return { kind: 'bad' };
  try {
    const stat = await fs.stat(file);
    if (!stat.isFile()) return { kind: 'missing' };
    const real = await fs.realpath(file);
    const realRoot = await fs.realpath(root);
    if (real !== realRoot && !real.startsWith(realRoot + path.sep)) return { kind: 'missing' };
    return { kind: 'file', file };
  } catch {
    return { kind: 'missing' };
  }
}

function wantsHtmlPage(request: FastifyRequest, urlPath: string): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (!(request.headers.accept ?? '').includes('text/html')) return false;
  const extension = path.posix.extname(urlPath).toLowerCase();
  return !ASSET_EXTENSIONS.has(extension);
}

function pathOf(request: FastifyRequest): string {
  const url = request.raw.url ?? '/';
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

function sendFile(
  reply: FastifyReply,
  root: string,
  file: string,
  pageHeaders: Record<string, string> = {},
): FastifyReply {
  reply.header('cache-control', cacheControlFor(file));
  reply.header('x-content-type-options', 'nosniff');
  if (file.endsWith('.html')) reply.headers(pageHeaders);
  return reply.sendFile(path.relative(root, file).split(path.sep).join('/'), root, {
    cacheControl: false,
    dotfiles: 'deny',
  });
}

function notFound(reply: FastifyReply): FastifyReply {
  return reply
    .code(404)
    .header('cache-control', 'no-store')
    .type('text/plain; charset=utf-8')
    .send('Not found');
}

function badPath(reply: FastifyReply): FastifyReply {
  return reply
    .code(400)
    .header('cache-control', 'no-store')
    .type('text/plain; charset=utf-8')
    .send('Bad request path');
}

/**
 * The dev gateway: one origin for the shell, each remote (as if deployed on its own) and the API.
 *   /api/*, /storage/*, /admin/queues[/*]  → the API (websocket upgrades pass through on /api)
 *   /remotes/<name>/*                      → that remote's dist (missing file = 404)
 *   /runtime-config.json                   → `runtimeConfig`
 *   everything else                        → the shell's dist; an HTML navigation to a path that is
 *                                            not a file gets the shell's index.html (SPA routing)
 */
export async function startGateway(options: StartGatewayOptions): Promise<Gateway> {
  const log = options.log ?? (() => undefined);
  const shellDir = path.resolve(options.shellDir);
  // Checked once: a remote URL that is neither a path nor an http(s) URL stops the start here.
  pageSecurityHeaders(options.runtimeConfig);
  // Then built per page with the site settings of the moment (the map tiles' origin).
  const liveSettings = options.liveSettings ?? liveSettingsFrom(options.apiUrl);
  const pageHeaders = async () =>
    pageSecurityHeaders(options.runtimeConfig, await liveSettings.read());
  const app = Fastify({
    logger: false,
    // This is the edge: the client's own X-Forwarded-* headers are replaced, never trusted.
    trustProxy: false,
    forceCloseConnections: true,
    return503OnClosing: true,
  });

  // The builds write `.br` and `.gz` beside each text asset (libs/ui/rspack/bundle-report.mjs):
  // sent as the client accepts them (brotli first), with `Vary: Accept-Encoding`, as nginx's
  // gzip_static does in production.
  await app.register(fastifyStatic, { root: shellDir, serve: false, preCompressed: true });

  // Request bodies for the API are read whole before they are sent on (as nginx buffers them).
  // The API refuses a body that is too large from its Content-Length and closes the connection
  // without reading the rest; a body streamed through would then fail mid-write, the client's own
  // request would be torn down with it, and the API's 413 would reach the client as our 502.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    '*',
    { parseAs: 'buffer', bodyLimit: options.proxyBodyLimitBytes ?? PROXY_BODY_LIMIT_BYTES },
    (_request, body, done) => done(null, Readable.from([body])),
  );
  // What the gateway itself refuses (a body over its own limit) reads like the API's refusals.
  app.setErrorHandler((error: { statusCode?: number }, _request, reply) => {
    const tooLarge = error.statusCode === 413;
    const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 500;
    return reply
      .code(status)
      .header('cache-control', 'no-store')
      .send({
        status: 'error',
        error: tooLarge
          ? { code: 'PAYLOAD_TOO_LARGE', message: 'The request is too large' }
          : {
              code: status < 500 ? 'BAD_REQUEST' : 'GATEWAY_ERROR',
              message: 'The gateway could not pass this request on',
            },
      });
  });

  const forwarded = (request: {
    socket: { remoteAddress?: string };
    headers: { host?: string };
  }): Record<string, string> => ({
    'x-forwarded-for': request.socket.remoteAddress ?? '',
    'x-forwarded-proto': 'http',
    'x-forwarded-host': request.headers.host ?? '',
  });

  for (const prefix of API_PREFIXES) {
    await app.register(httpProxy, {
      upstream: options.apiUrl,
      prefix,
      rewritePrefix: prefix,
      // The body parser above hands the body on; the plugin's own streams it unread.
      proxyPayloads: false,
      replyOptions: {
        rewriteRequestHeaders: (request, headers) => ({ ...headers, ...forwarded(request) }),
        // A proxy must not replay requests: the API answers 503 itself when a dependency is down.
        retryDelay: () => null,
        onError: (reply, { error }) => {
          const status = (error as { statusCode?: number }).statusCode === 504 ? 504 : 502;
          log(`${reply.request.method} ${reply.request.url} → ${status}: ${error.message}`);
          void reply
            .code(status)
            .header('cache-control', 'no-store')
            .send({
              status: 'error',
              error: {
                code: status === 504 ? 'API_TIMEOUT' : 'API_UNAVAILABLE',
                message:
                  status === 504
                    ? 'The API did not answer in time.'
                    : 'The API is not reachable right now. Try again in a moment.',
              },
            });
        },
      },
      ...(prefix === '/api'
        ? {
            websocket: true as const,
            // The plugin reads wsClientOptions.rewriteRequestHeaders, which its types leave out
            // (hence the assertion on the options below).
            wsClientOptions: {
              rewriteRequestHeaders: (headers: IncomingHttpHeaders, request: FastifyRequest) => {
                const pass: Record<string, string> = {};
                for (const name of ['cookie', 'authorization', 'origin', 'user-agent']) {
                  const value = request.headers[name];
                  if (typeof value === 'string') pass[name] = value;
                }
                return { ...headers, ...pass, ...forwarded(request) };
              },
            },
          }
        : { websocket: false as const }),
    } as Parameters<typeof httpProxy>[1]);
  }

  app.get('/runtime-config.json', async (_request, reply) =>
    reply
      .header('cache-control', 'no-cache')
      .type('application/json; charset=utf-8')
      .send(JSON.stringify(options.runtimeConfig)),
  );

  for (const [name, dir] of Object.entries(options.remotes)) {
    const root = path.resolve(dir);
    const prefix = `/remotes/${name}`;
    app.get(`${prefix}/*`, async (request, reply) => {
      // Each remote behaves like a separately deployed origin: other origins may load it.
      reply.header('access-control-allow-origin', '*');
      const resolved = await resolveFile(root, pathOf(request).slice(prefix.length));
      if (resolved.kind === 'bad') return badPath(reply);
      if (resolved.kind === 'missing') return notFound(reply);
      return sendFile(reply, root, resolved.file);
    });
  }

  app.get('/*', async (request, reply) => {
    const urlPath = pathOf(request);
    const resolved = await resolveFile(shellDir, urlPath);
    if (resolved.kind === 'bad') return badPath(reply);
    if (resolved.kind === 'file')
      return sendFile(
        reply,
        shellDir,
        resolved.file,
        resolved.file.endsWith('.html') ? await pageHeaders() : {},
      );
    if (urlPath !== '/' && !wantsHtmlPage(request, urlPath)) return notFound(reply);
    const index = path.join(shellDir, 'index.html');
    try {
      await fs.access(index);
    } catch {
      return reply
        .code(503)
        .header('cache-control', 'no-store')
        .type('text/plain; charset=utf-8')
        .send(`The shell is not built: ${index} is missing. Run \`npx nx run shell:build\`.`);
    }
    return sendFile(reply, shellDir, index, await pageHeaders());
  });

  const host = options.host ?? 'localhost';
  await app.listen({ port: options.port, host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const urlHost = host === 'localhost' || host === '0.0.0.0' || host === '::' ? 'localhost' : host;
  return {
    url: `http://${urlHost.includes(':') ? `[${urlHost}]` : urlHost}:${port}`,
    port,
    stop: () => app.close(),
  };
}
