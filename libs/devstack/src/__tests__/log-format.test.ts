import { describe, expect, it } from 'vitest';
import { formatPinoLine, paintFor, redactUrl } from '../log-format.js';

const plain = paintFor({ isTTY: false });
const time = Date.UTC(2026, 0, 2, 3, 4, 5);
const clock = new Date(time).toTimeString().slice(0, 8);

describe('formatPinoLine', () => {
  it('prints time, level, context and message', () => {
    const line = JSON.stringify({
      level: 30,
      time,
      pid: 1,
      hostname: 'h',
      context: 'Queues',
      msg: 'Consuming queues',
    });
    expect(formatPinoLine(line, plain)).toBe(`${clock} INFO  [Queues] Consuming queues`);
  });

  it('adds request details and response time', () => {
    const incoming = JSON.stringify({
      level: 30,
      time,
      req: { method: 'GET', url: '/api/health' },
      msg: 'incoming request',
    });
    const done = JSON.stringify({
      level: 30,
      time,
      res: { statusCode: 503 },
      responseTime: 4.6,
      msg: 'request completed',
    });
    expect(formatPinoLine(incoming, plain)).toBe(
      `${clock} INFO  incoming request (GET /api/health)`,
    );
    expect(formatPinoLine(done, plain)).toBe(`${clock} INFO  request completed (503 5 ms)`);
  });

  it('shows the stack of an error below the message', () => {
    const line = JSON.stringify({
      level: 50,
      time,
      msg: 'Job failed',
      err: { type: 'Error', message: 'boom', stack: 'Error: boom\n    at run (job.js:1:1)' },
    });
    expect(formatPinoLine(line, plain)).toBe(
      `${clock} ERROR Job failed\n    Error: boom\n        at run (job.js:1:1)`,
    );
  });

  it('leaves lines that are not pino JSON alone', () => {
    expect(formatPinoLine('Plantfolk API failed to start: DATABASE_URL is invalid', plain)).toBe(
      'Plantfolk API failed to start: DATABASE_URL is invalid',
    );
    expect(formatPinoLine('{not json', plain)).toBe('{not json');
  });
});

describe('redactUrl', () => {
  it('hides the password of a connection URL', () => {
    expect(redactUrl('postgres://app:s3cret@db:5432/plantfolk')).toBe(
      'postgres://app:***@db:5432/plantfolk',
    );
    expect(redactUrl('redis://127.0.0.1:6379')).toBe('redis://127.0.0.1:6379');
  });
});
