import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { createLoggerOptions, gatherLines, redactUrl } from '../logger';

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
    expect(redactUrl('/api/tags/a&b/token')).toBe('/api/tags/a&b/token');
    expect(redactUrl('/api/tags/a&token=x')).toBe('/api/tags/a&token=[REDACTED]');
  });

  describe('gatherLines', () => {
    let dir: string;
    beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'gather-lines-'))));
    afterEach(() => rmSync(dir, { recursive: true, force: true }));

    function gathered(writeAt: number) {
      const file = join(dir, 'log');
      const destination = gatherLines(pino.destination({ dest: file, sync: true }), writeAt);
      return { destination, written: () => readFileSync(file, 'utf8') };
    }

    it('hands lines over in order, once enough are waiting', () => {
      const { destination, written } = gathered(10);
      destination.write('one\n');
      destination.write('two\n');
      expect(written()).toBe('');
      destination.write('three\n');
      expect(written()).toBe('one\ntwo\nthree\n');
      destination.write('four\n');
      expect(written()).toBe('one\ntwo\nthree\n');
    });

    it('writes what is waiting when flushed (pino at exit and after fatal) or ended', () => {
      const { destination, written } = gathered(1024);
      destination.write('a\n');
      destination.flushSync();
      expect(written()).toBe('a\n');
      destination.write('b\n');
      destination.end();
      expect(written()).toBe('a\nb\n');
    });

    it('keeps the lines of a pino logger whole and in order', () => {
      const { destination, written } = gathered(64);
      const logger = pino(createLoggerOptions('info'), destination);
      for (let n = 0; n < 20; n += 1) logger.info({ n }, 'line');
      logger.flush();
      const numbers = written()
        .trim()
        .split('\n')
        .map((line) => (JSON.parse(line) as { n: number }).n);
      expect(numbers).toEqual([...Array(20).keys()]);
    });
  });
});
