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

/** The lines pino itself writes for the two request lines (the controller's generic path). */
function pinoLines(options: LoggerOptions, req: FastifyRequest, res: FastifyReply): string[] {
  const { logger, lines } = capture(options);
  const plain = logger.child({}, { redact: [] });
  plain.info(
    { reqId: req.id, req: { method: req.method, url: req.url, ip: req.ip } },
    'incoming request',
  );
  plain.info(
    { reqId: req.id, res: { statusCode: res.statusCode }, responseTime: res.elapsedTime },
    'request completed',
  );
  return lines;
}

function controllerLines(options: LoggerOptions, req: FastifyRequest, res: FastifyReply) {
  const { logger, lines } = capture(options);
  const controller = new RequestLogController(logger);
  controller.incomingRequest(req);
  controller.requestCompleted(null, req, res);
  return Object.assign(lines, { fast: controller.writesLinesItself });
}

describe('RequestLogController', () => {
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
    expect(written).toHaveLength(2);
    for (const line of written) expect(() => JSON.parse(line)).not.toThrow();
    expect(JSON.parse(written[0]).req.url).not.toContain('s3cret');
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
});
