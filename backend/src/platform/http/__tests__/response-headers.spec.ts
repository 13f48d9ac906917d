import cors from '@fastify/cors';
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { type CorsPolicy, registerResponseHeaders } from '../response-headers';

const POLICY: CorsPolicy = {
  origins: ['https://app.plantfolk.example', 'http://localhost:3000'],
  methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
  allowedHeaders: ['content-type', 'authorization', 'x-csrf-token'],
  exposedHeaders: ['x-request-id', 'retry-after'],
  maxAgeSeconds: 600,
};

const SECURITY = { 'x-content-type-options': 'nosniff', 'x-frame-options': 'SAMEORIGIN' };

function routes(app: FastifyInstance): FastifyInstance {
  app.get('/x', async () => ({ ok: true }));
  app.post('/x', async () => ({ made: true }));
  // A handler's own header wins over the ones set for every response.
  app.get('/own', async (_request, reply) => {
    reply.header('x-frame-options', 'DENY');
    return { ok: true };
  });
  return app;
}

/** The API's CORS as it was: @fastify/cors with the options `app.enableCors` was given. */
async function withPlugin(): Promise<FastifyInstance> {
  const app = Fastify();
  const allowed = new Set(POLICY.origins);
  await app.register(cors, {
    origin: (origin, callback) => callback(null, !origin || allowed.has(origin)),
    credentials: true,
    methods: [...POLICY.methods],
    allowedHeaders: [...POLICY.allowedHeaders],
    exposedHeaders: [...POLICY.exposedHeaders],
    maxAge: POLICY.maxAgeSeconds,
  });
  return routes(app);
}

async function withHook(): Promise<FastifyInstance> {
  const app = Fastify();
  registerResponseHeaders(app, SECURITY, POLICY);
  return routes(app);
}

type Case = { method: 'GET' | 'POST' | 'OPTIONS'; url: string; headers: Record<string, string> };

const ORIGINS: Array<Record<string, string>> = [
  {},
  { origin: 'https://app.plantfolk.example' },
  { origin: 'http://localhost:3000' },
  { origin: 'https://evil.example' },
  { origin: 'null' },
];
const PREFLIGHT: Array<Record<string, string>> = [
  {},
  { 'access-control-request-method': 'POST' },
  {
    'access-control-request-method': 'PUT',
    'access-control-request-headers': 'content-type, x-evil',
  },
];

const CASES: Case[] = [];
for (const method of ['GET', 'POST', 'OPTIONS'] as const)
  for (const url of ['/x', '/nowhere'])
    for (const origin of ORIGINS)
      for (const preflight of method === 'OPTIONS' ? PREFLIGHT : [{}])
        CASES.push({ method, url, headers: { ...origin, ...preflight } });

/** What a response says, less what only the new hook adds on purpose (and the clock). */
function observed(response: LightMyRequestResponse) {
  const headers: Record<string, unknown> = { ...response.headers };
  for (const name of ['date', 'x-request-id', ...Object.keys(SECURITY)]) delete headers[name];
  return { status: response.statusCode, headers, body: response.body };
}

describe('registerResponseHeaders', () => {
  let before: FastifyInstance;
  let after: FastifyInstance;

  beforeAll(async () => {
    [before, after] = await Promise.all([withPlugin(), withHook()]);
    await Promise.all([before.ready(), after.ready()]);
  });
  afterAll(() => Promise.all([before.close(), after.close()]));

  it.each(CASES.map((c) => [`${c.method} ${c.url} ${JSON.stringify(c.headers)}`, c]))(
    'answers CORS as @fastify/cors did: %s',
    async (_name, c) => {
      const [was, now] = await Promise.all([before.inject(c), after.inject(c)]);
      expect(observed(now)).toEqual(observed(was));
    },
  );

  it('answers a preflight of a listed origin 204 with the methods, headers and max age', async () => {
    const response = await after.inject({
      method: 'OPTIONS',
      url: '/x',
      headers: { origin: 'http://localhost:3000', 'access-control-request-method': 'POST' },
    });
    expect(response.statusCode).toBe(204);
    expect(response.headers).toMatchObject({
      'access-control-allow-origin': 'http://localhost:3000',
      'access-control-allow-credentials': 'true',
      'access-control-allow-methods': 'GET, HEAD, POST, PUT, PATCH, DELETE',
      'access-control-allow-headers': 'content-type, authorization, x-csrf-token',
      'access-control-max-age': '600',
      'access-control-expose-headers': 'x-request-id, retry-after',
      vary: 'Origin',
      ...SECURITY,
    });
    expect(response.headers['x-request-id']).toEqual(expect.any(String));
  });

  it('gives another origin nothing but Vary: Origin', async () => {
    for (const method of ['GET', 'OPTIONS'] as const) {
      const response = await after.inject({
        method,
        url: '/x',
        headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' },
      });
      expect(response.statusCode).toBe(method === 'GET' ? 200 : 404);
      expect(Object.keys(response.headers).filter((name) => name.startsWith('access-'))).toEqual(
        [],
      );
      expect(response.headers.vary).toBe('Origin');
    }
  });

  it('sends the request id and security headers on every answer, a handler able to override one', async () => {
    const plain = await after.inject({ method: 'GET', url: '/x' });
    const missing = await after.inject({ method: 'GET', url: '/nowhere' });
    const own = await after.inject({ method: 'GET', url: '/own' });
    for (const response of [plain, missing]) {
      expect(response.headers).toMatchObject(SECURITY);
      expect(response.headers['x-request-id']).toEqual(expect.any(String));
    }
    expect(own.headers['x-frame-options']).toBe('DENY');
    expect(own.headers['x-content-type-options']).toBe('nosniff');
  });
});
