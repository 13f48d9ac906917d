import { Writable } from 'node:stream';
import pino from 'pino';
import { createLoggerOptions, redactUrl } from '../logger';

function capture() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()));
      done();
    },
  });
  return { logger: pino(createLoggerOptions('info'), stream), lines };
}

describe('logger', () => {
  it('redacts credentials wherever they appear', () => {
    const { logger, lines } = capture();
    logger.info({
      req: { headers: { authorization: 'Bearer abc', cookie: 'sid=1' } },
      body: { password: 'hunter22', csrf_token: 'tok', email: 'a@b.c' },
    });
    const text = JSON.stringify(lines[0]);
    expect(text).not.toMatch(/abc|sid=1|hunter22|"tok"/);
    expect(text).toContain('a@b.c');
  });

  it('redacts tokens in logged URLs', () => {
    expect(redactUrl('/api/x?token=secret&page=2&code=c0de')).toBe(
      '/api/x?token=[REDACTED]&page=2&code=[REDACTED]',
    );
    expect(redactUrl('/api/x?page=2')).toBe('/api/x?page=2');
  });
});
