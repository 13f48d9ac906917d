import helmet from 'helmet';
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { Writable } from 'node:stream';
import pino from 'pino';
import { createLoggerOptions } from '../src/platform/logging/logger';
import { helmetOptions } from '../src/platform/http/security-headers';
import { ProbeModule } from './support/probe.module';
import { startTestApp, type TestApp } from './support/test-app';

describe('HTTP platform', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({
      extraModules: [ProbeModule],
      env: { CORS_ORIGINS: 'https://app.plantfolk.example', BODY_LIMIT_BYTES: '2048' },
    });
  });
  afterAll(() => t.close());

  it('wraps handler results in the success envelope', async () => {
    const response = await t.http().post('/api/test-probe/echo').send({ name: 'fern' }).expect(201);
    expect(response.body).toEqual({ status: 'success', data: { received: 'fern' } });
  });

  it('sends responders next to the data', async () => {
    const response = await t.http().get('/api/test-probe/responders').expect(200);
    expect(response.body).toEqual({
      status: 'success',
      data: [{ id: 1 }],
      responders: [{ uuid: 'u-1', username: 'fern' }],
    });
  });

  it("answers unknown paths with the spec's 404 text", async () => {
    const response = await t.http().get('/api/no/such/thing?x=1').expect(404);
    expect(response.body).toEqual({
      status: 'error',
      error: { code: 'NOT_FOUND', message: 'Page not found: /api/no/such/thing' },
    });
  });

  it('rejects invalid fields with 400 and says which', async () => {
    const response = await t
      .http()
      .post('/api/test-probe/echo')
      .send({ name: 'far too long' })
      .expect(400);
    expect(response.body.status).toBe('error');
    expect(response.body.error.code).toBe('VALIDATION_FAILED');
    expect(response.body.error.details).toEqual([
      { field: 'name', messages: ['name must be shorter than or equal to 5 characters'] },
    ]);
  });

  it('refuses unknown fields instead of dropping them', async () => {
    const response = await t
      .http()
      .post('/api/test-probe/echo')
      .send({ name: 'ok', admin: true })
      .expect(400);
    expect(response.body.error.details).toEqual([
      { field: 'admin', messages: ['property admin should not exist'] },
    ]);
  });

  it('refuses an array where a string is expected', async () => {
    const response = await t
      .http()
      .post('/api/test-probe/echo')
      .send({ name: ['a', 'b'] })
      .expect(400);
    expect(response.body.error.code).toBe('VALIDATION_FAILED');
  });

  it('answers malformed JSON with 400', async () => {
    const response = await t
      .http()
      .post('/api/test-probe/echo')
      .set('content-type', 'application/json')
      .send('{"name": ')
      .expect(400);
    expect(response.body.error.code).toBe('MALFORMED_BODY');
  });

  it('answers an oversized body with 413', async () => {
    const response = await t
      .http()
      .post('/api/test-probe/echo')
      .send({ name: 'x'.repeat(4096) })
      .expect(413);
    expect(response.body).toEqual({
      status: 'error',
      error: { code: 'PAYLOAD_TOO_LARGE', message: 'The request is too large' },
    });
  });

  it('answers an unsupported content type with 415', async () => {
    const response = await t
      .http()
      .post('/api/test-probe/echo')
      .set('content-type', 'application/xml')
      .send('<name>x</name>')
      .expect(415);
    expect(response.body.error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('never leaks internals of an unexpected error', async () => {
    const response = await t.http().get('/api/test-probe/boom').expect(500);
    expect(response.body).toEqual({
      status: 'error',
      error: { code: 'INTERNAL', message: 'Something went wrong on our side; please try again' },
    });
    expect(JSON.stringify(response.body)).not.toMatch(/secret_table|dist\/main|stack/);
  });

  it('asks a guest to log in for a members-only route', async () => {
    const response = await t.http().get('/api/test-probe/members').expect(401);
    expect(response.body.error.code).toBe('UNAUTHENTICATED');
  });

  it('tags every response with a request id, keeping a sane incoming one', async () => {
    const generated = await t.http().get('/api/health');
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await t.http().get('/api/health').set('x-request-id', 'edge-1234abcd');
    expect(kept.headers['x-request-id']).toBe('edge-1234abcd');
    const replaced = await t.http().get('/api/health').set('x-request-id', 'bad id\twith spaces');
    expect(replaced.headers['x-request-id']).not.toBe('bad id\twith spaces');
  });

  it('sends security headers', async () => {
    const response = await t.http().get('/api/health');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
  });

  it("sends every header helmet's own middleware sets, on answers and errors alike", async () => {
    // Helmet run as a middleware on a real response, as @fastify/helmet ran it per request.
    const probe = new ServerResponse(new IncomingMessage(new Socket()));
    helmet(helmetOptions(t.config.isProduction))(probe.req, probe, (error) => {
      if (error) throw error;
    });
    const expected = probe.getHeaders();
    expect(Object.keys(expected).length).toBeGreaterThan(8);
    for (const path of ['/api/health', '/api/no/such/thing']) {
      const response = await t.http().get(path);
      for (const [name, value] of Object.entries(expected))
        expect({ path, name, value: response.headers[name] }).toEqual({ path, name, value });
    }
  });

  it('allows CORS only for listed origins', async () => {
    const allowed = await t
      .http()
      .options('/api/health')
      .set('origin', 'https://app.plantfolk.example')
      .set('access-control-request-method', 'GET');
    expect(allowed.headers['access-control-allow-origin']).toBe('https://app.plantfolk.example');
    const refused = await t
      .http()
      .options('/api/health')
      .set('origin', 'https://evil.example')
      .set('access-control-request-method', 'GET');
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('serves the API docs and their JSON', async () => {
    await t.http().get('/api/docs').expect(200).expect('content-type', /html/);
    const json = await t.http().get('/api/docs-json').expect(200);
    expect(json.body.paths['/api/health']).toBeDefined();
  });
});

describe('HTTP platform: empty JSON body', () => {
  let t: TestApp;
  beforeAll(async () => (t = await startTestApp({ extraModules: [ProbeModule] })));
  afterAll(() => t.close());

  it('answers an empty JSON body with 400 MALFORMED_BODY', async () => {
    const response = await t
      .http()
      .post('/api/test-probe/echo')
      .set('content-type', 'application/json')
      .send('');
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('MALFORMED_BODY');
  });
});

describe('HTTP platform: request log', () => {
  let t: TestApp;
  const lines: Array<Record<string, unknown>> = [];

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()));
        done();
      },
    });
    t = await startTestApp({ logger: pino(createLoggerOptions('info'), stream) });
  });
  afterAll(() => t.close());

  it('logs each request once at info, answered, with no secret of its URL', async () => {
    await t.http().get('/api/health?token=s3cret&page=2').set('x-request-id', 'log-test-0001');
    const logged = lines.filter((line) => line.reqId === 'log-test-0001');
    expect(logged.map(({ time: _time, ...line }) => line)).toEqual([
      {
        level: 30,
        service: 'plantfolk-api',
        reqId: 'log-test-0001',
        req: {
          method: 'GET',
          url: '/api/health?token=[REDACTED]&page=2',
          remoteAddress: expect.any(String),
        },
        res: { statusCode: 200 },
        msg: 'request completed',
        responseTime: expect.any(Number),
      },
    ]);
    expect(JSON.stringify(logged)).not.toContain('s3cret');
  });
});
