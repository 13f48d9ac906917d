import Fastify from 'fastify';
import { Writable } from 'node:stream';
import pino from 'pino';
import { lazyChildLogger } from '../lazy-child-logger';
import { createLoggerOptions } from '../logger';

function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  // A fixed time, so two loggers' lines can be compared byte for byte.
  const logger = pino({ ...createLoggerOptions('info'), timestamp: () => ',"time":42' }, stream);
  return { logger, lines };
}

describe('lazyChildLogger', () => {
  it('makes no child until something logs, then writes what the child writes', () => {
    const { logger, lines } = capture();
    const made = jest.spyOn(logger, 'child');
    const lazy = lazyChildLogger(logger, { reqId: 'req-1' }, { level: 'info' });
    // Fastify's check of a child logger: its methods are functions.
    for (const method of ['info', 'error', 'debug', 'fatal', 'warn', 'trace', 'child'])
      expect(typeof (lazy as unknown as Record<string, unknown>)[method]).toBe('function');
    expect(made).not.toHaveBeenCalled();

    lazy.info({ body: { password: 'hunter2' } }, 'first');
    lazy.debug('below the level');
    lazy.warn('second');
    expect(made).toHaveBeenCalledTimes(1);
    made.mockRestore();

    const direct = capture();
    const child = direct.logger.child({ reqId: 'req-1' }, { level: 'info' });
    child.info({ body: { password: 'hunter2' } }, 'first');
    child.debug('below the level');
    child.warn('second');
    expect(lines).toEqual(direct.lines);
    expect(lines.join('')).not.toContain('hunter2');
  });

  it('reads and sets other properties on the child (its level)', () => {
    const { logger, lines } = capture();
    const lazy = lazyChildLogger(logger, { reqId: 'req-2' }, {});
    expect(lazy.level).toBe('info');
    lazy.level = 'debug';
    lazy.debug('now shown');
    expect(logger.level).toBe('info');
    expect(lines.map((line) => JSON.parse(line).msg)).toEqual(['now shown']);
  });

  it('serves as Fastify’s child logger factory: request.log logs with the reqId', async () => {
    const { logger, lines } = capture();
    const app = Fastify({
      loggerInstance: logger,
      childLoggerFactory: lazyChildLogger,
      genReqId: () => 'req-3',
    });
    app.get('/', async (request) => {
      request.log.info('in the handler');
      return { ok: true };
    });
    const response = await app.inject({ method: 'GET', url: '/' });
    await app.close();
    expect(response.statusCode).toBe(200);
    const logged = lines.map((line) => JSON.parse(line));
    expect(logged).toContainEqual(
      expect.objectContaining({ reqId: 'req-3', msg: 'in the handler', level: 30 }),
    );
  });
});
