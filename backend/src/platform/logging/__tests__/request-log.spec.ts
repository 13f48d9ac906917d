import type { FastifyReply, FastifyRequest } from 'fastify';
import { Writable } from 'node:stream';
import pino, { type LoggerOptions } from 'pino';
import { createLoggerOptions } from '../logger';
import { RequestLogController } from '../request-log';

function capture(options: LoggerOptions) {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  // A fixed time, so two loggers' lines can be compared byte for byte.
  return { logger: pino({ ...options, timestamp: () => ',"time":42' }, stream), lines };
}

const request = (fields: Partial<FastifyRequest>) =>
  ({ id: 'req-0001', method: 'GET', url: '/api/x', ip: '127.0.0.1', ...fields }) as FastifyRequest;
const reply = (statusCode: number, elapsedTime: number) =>
  ({ statusCode, elapsedTime }) as FastifyReply;

/** The line pino itself writes for a request (the controller's generic path). */
function pinoLines(options: LoggerOptions, req: FastifyRequest, res: FastifyReply): string[] {
  const { logger, lines } = capture(options);
  logger.child({}, { redact: [] }).info(
    {
      reqId: req.id,
      req: { method: req.method, url: req.url, ip: req.ip },
      res: { statusCode: res.statusCode },
      responseTime: res.elapsedTime,
    },
    'request completed',
  );
  return lines;
}

function controllerLines(options: LoggerOptions, req: FastifyRequest, res: FastifyReply) {
  const { logger, lines } = capture(options);
  const controller = new RequestLogController(logger);
  controller.incomingRequest();
  controller.requestCompleted(null, req, res);
  return Object.assign(lines, { fast: controller.writesLinesItself });
}

describe('RequestLogController: one line per request, when it is answered', () => {
  const cases: Array<[string, FastifyRequest, FastifyReply]> = [
    ['a plain read', request({}), reply(200, 1.234567)],
    [
      'a URL with secrets, quotes and non-ASCII',
      request({ url: '/api/x?token=s3cret&q="a\\b"&name=Zoë&code=1', method: 'POST' }),
      reply(404, 12),
    ],
    ['a caller-given request id', request({ id: 'proxy:"id"\u0001' }), reply(201, 0.5)],
  ];

  it.each(cases)('writes the bytes pino writes: %s', (_name, req, res) => {
    const options = createLoggerOptions('info');
    const written = controllerLines(options, req, res);
    expect(written.fast).toBe(true);
    expect([...written]).toEqual(pinoLines(options, req, res));
    expect(written).toHaveLength(1);
    const line = JSON.parse(written[0]);
    expect(line).toEqual({
      level: 30,
      time: 42,
      service: 'plantfolk-api',
      reqId: req.id,
      req: { method: req.method, url: expect.any(String), remoteAddress: req.ip },
      res: { statusCode: res.statusCode },
      responseTime: res.elapsedTime,
      msg: 'request completed',
    });
    expect(line.req.url).not.toContain('s3cret');
  });

  it('leaves the line to pino when the logger adds to it (a mixin)', () => {
    const options = { ...createLoggerOptions('info'), mixin: () => ({ extra: 1 }) };
    const req = request({});
    const res = reply(200, 3);
    const written = controllerLines(options, req, res);
    expect(written.fast).toBe(false);
    expect([...written]).toEqual(pinoLines(options, req, res));
    expect(JSON.parse(written[0]).extra).toBe(1);
  });

  it('writes nothing below info', () => {
    expect([...controllerLines(createLoggerOptions('warn'), request({}), reply(200, 1))]).toEqual(
      [],
    );
  });

  it('logs a failed request at error with its method, redacted URL, status and the error', () => {
    const { logger, lines } = capture(createLoggerOptions('info'));
    const controller = new RequestLogController(logger);
    const req = request({ url: '/api/x?token=s3cret' });
    const failed = {
      statusCode: 500,
      elapsedTime: 7,
      log: logger.child({ reqId: req.id }),
    } as unknown as FastifyReply;
    controller.requestCompleted(new Error('socket hang up'), req, failed);
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0]);
    expect(line).toMatchObject({
      level: 50,
      reqId: 'req-0001',
      req: { method: 'GET', url: '/api/x?token=[REDACTED]', remoteAddress: '127.0.0.1' },
      res: { statusCode: 500 },
      responseTime: 7,
      err: { message: 'socket hang up' },
      msg: 'request errored',
    });
    expect(lines[0]).not.toContain('s3cret');
  });
});
