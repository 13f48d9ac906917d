import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { addVary } from './cache-headers';

/** The API's CORS rules (what `app.enableCors` was given). */
export interface CorsPolicy {
  /** Origins a browser may call from; a request without an Origin header is allowed too. */
  origins: readonly string[];
  methods: readonly string[];
  allowedHeaders: readonly string[];
  exposedHeaders: readonly string[];
  maxAgeSeconds: number;
}

/**
 * The headers every response starts with, set by one `onRequest` hook: the request id, helmet's
 * security headers (`securityHeaders`, worked out once) and CORS.
 *
 * CORS answers as @fastify/cors did with these options and an origin function (`callback(null,
 * !origin || allowed)`), header for header (pinned in response-headers.spec.ts against the plugin
 * itself): `Vary: Origin` on every answer; for an allowed origin or none,
 * `Access-Control-Allow-Credentials` and `-Expose-Headers`, plus `-Allow-Origin` when there is an
 * origin; a preflight (OPTIONS with Origin and Access-Control-Request-Method) answered 204 with the
 * methods, headers and max age, an OPTIONS without them 400 `Invalid Preflight Request`, and an
 * OPTIONS from another origin 404. It replaces `app.enableCors`, which ran the plugin's hook (its
 * options copied, the origin resolved through two callbacks) and then Nest's copy of its headers
 * onto the raw response (each validated by Node twice): about a tenth of the API's own work on a
 * small read. All headers go on the reply, not the raw response, so Node checks each once when
 * the response is written, and a handler may still set its own (images do).
 */
export function registerResponseHeaders(
  fastify: FastifyInstance,
  security: Record<string, string>,
  cors: CorsPolicy,
): void {
  const allowed = new Set(cors.origins);
  const common = Object.entries(security);
  const credentials = 'true';
  const exposed = cors.exposedHeaders.join(', ');
  const methods = cors.methods.join(', ');
  const allowedHeaders = cors.allowedHeaders.join(', ');
  const maxAge = String(cors.maxAgeSeconds);

  fastify.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    for (let i = 0; i < common.length; i++) reply.header(common[i][0], common[i][1]);

    addVary(reply, 'Origin');
    const origin = request.headers.origin;
    if (origin !== undefined && !allowed.has(origin)) {
      done();
      return;
    }
    if (origin) reply.header('access-control-allow-origin', origin);
    reply.header('access-control-allow-credentials', credentials);
    reply.header('access-control-expose-headers', exposed);
    if (request.method !== 'OPTIONS') {
      done();
      return;
    }
    answerPreflight(request, reply, methods, allowedHeaders, maxAge);
  });

  // An OPTIONS request that is no preflight of an allowed origin reaches the router: the plugin's
  // catch-all route sent it to the not-found handler (and the metrics' route label is `*`).
  fastify.options('*', (_request, reply) => {
    reply.callNotFound();
  });
}

function answerPreflight(
  request: FastifyRequest,
  reply: FastifyReply,
  methods: string,
  allowedHeaders: string,
  maxAge: string,
): void {
  if (!request.headers.origin || !request.headers['access-control-request-method']) {
    reply.status(400).type('text/plain').send('Invalid Preflight Request');
    return;
  }
  reply
    .header('access-control-allow-methods', methods)
    .header('access-control-allow-headers', allowedHeaders)
    .header('access-control-max-age', maxAge)
    .code(204)
    .header('content-length', '0')
    .send();
}
