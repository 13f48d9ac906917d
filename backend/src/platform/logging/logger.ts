import { type LoggerService } from '@nestjs/common';
import pino, { type Logger, type LoggerOptions } from 'pino';

/** Query parameters whose values must never reach a log line. */
const SECRET_QUERY_PARAMS =
  /([?&](?:token|code|code_verifier|password|csrf_token|refresh_token)=)[^&]*/gi;

export function redactUrl(url: string): string {
  // Every URL is logged, and most hold no `=`, without which nothing matches: no regex run then.
  return url.includes('=') ? url.replace(SECRET_QUERY_PARAMS, '$1[REDACTED]') : url;
}

/** Headers are left out of request logs on purpose; the redact paths cover other shapes. */
export function serializeRequest(req: { method?: string; url?: string; ip?: string }) {
  return {
    method: req.method,
    url: typeof req.url === 'string' ? redactUrl(req.url) : undefined,
    remoteAddress: req.ip,
  };
}

export function serializeResponse(res: { statusCode: number }) {
  return { statusCode: res.statusCode };
}

export function createLoggerOptions(level: string): LoggerOptions {
  return {
    level,
    base: { service: 'plantfolk-api' },
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers["x-csrf-token"]',
        'res.headers["set-cookie"]',
        '*.password',
        '*.newPassword',
        '*.token',
        '*.accessToken',
        '*.refreshToken',
        '*.csrf_token',
        '*.code_verifier',
        '*.secret',
        '*.jwtSecret',
      ],
      censor: '[REDACTED]',
    },
    serializers: { req: serializeRequest, res: serializeResponse, err: pino.stdSerializers.err },
  };
}

/**
 * Characters of log lines gathered before they are written out (or after FLUSH_EVERY_MS, if
 * fewer), and the most one write of sonic-boom takes.
 */
const WRITE_AT_CHARS = 16 * 1024;
const MAX_WRITE_BYTES = 32 * 1024;
const FLUSH_EVERY_MS = 1000;

type Destination = ReturnType<typeof pino.destination>;

/**
 * Makes `destination` gather the lines written to it in a list and hand them over joined, once
 * about `writeAt` characters are waiting, or when it is flushed or ended (pino's exit handler and
 * its `fatal` flush it the same way). sonic-boom's own gathering (`minLength`) appends each line
 * to the pending string and then measures that whole string's UTF-8 length, flattening it, at
 * every line: at 16 KB pending that cost ~5 µs of CPU a line, two lines a request (a list and a
 * count of characters: ~1.5 µs a line, the write itself included). The destination's methods are
 * replaced on the instance, so whatever holds it (pino, the exit handler) goes through them.
 */
export function gatherLines(destination: Destination, writeAt: number): Destination {
  const writeOut = destination.write.bind(destination);
  const flushOut = destination.flush.bind(destination);
  const flushSyncOut = destination.flushSync.bind(destination);
  const endOut = destination.end.bind(destination);
  let lines: string[] = [];
  let waiting = 0;
  const handOver = () => {
    if (!lines.length) return;
    const chunk = lines.length === 1 ? lines[0] : lines.join('');
    lines = [];
    waiting = 0;
    writeOut(chunk);
  };
  destination.write = (line: string) => {
    lines.push(line);
    waiting += line.length;
    if (waiting >= writeAt) handOver();
    return true;
  };
  destination.flush = (callback?: (error?: Error) => void) => {
    handOver();
    flushOut(callback);
  };
  destination.flushSync = () => {
    handOver();
    flushSyncOut();
  };
  destination.end = () => {
    handOver();
    endOut();
  };
  return destination;
}

/**
 * The process's logger, writing JSON lines to stdout. Lines are gathered and written out
 * asynchronously, about 16 KB at a time (at the latest a second after they were logged, and at
 * exit: pino flushes then), so logging every request at `info` (production's level) costs a
 * list append (see gatherLines). Written one by one, each line was a write handed to a libuv
 * thread, whose wake-ups took a fifth of a small read's CPU on a busy machine; at 4 KB a write
 * (about eight requests' lines) the writes still cost a busy API 10–20 µs a request.
 */
export function createLogger(level: string): Logger {
  const destination = gatherLines(
    pino.destination({ dest: 1, sync: false, maxWrite: MAX_WRITE_BYTES }),
    WRITE_AT_CHARS,
  );
  const flusher = setInterval(() => destination.flush(), FLUSH_EVERY_MS).unref();
  destination.once('close', () => clearInterval(flusher));
  return pino(createLoggerOptions(level), destination);
}

/** Nest's boot chatter (one line per module and route) is useful only when debugging. */
const CHATTY_CONTEXTS = new Set([
  'InstanceLoader',
  'RoutesResolver',
  'RouterExplorer',
  'NestFactory',
]);

/** Routes Nest's own log calls into the same pino logger as the request logs. */
export class NestPinoLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  log(message: unknown, ...rest: unknown[]) {
    const context = rest[rest.length - 1];
    this.write(
      typeof context === 'string' && CHATTY_CONTEXTS.has(context) ? 'debug' : 'info',
      message,
      rest,
    );
  }
  error(message: unknown, ...rest: unknown[]) {
    this.write('error', message, rest);
  }
  warn(message: unknown, ...rest: unknown[]) {
    this.write('warn', message, rest);
  }
  debug(message: unknown, ...rest: unknown[]) {
    this.write('debug', message, rest);
  }
  verbose(message: unknown, ...rest: unknown[]) {
    this.write('trace', message, rest);
  }
  fatal(message: unknown, ...rest: unknown[]) {
    this.write('fatal', message, rest);
  }

  private write(level: pino.Level, message: unknown, rest: unknown[]) {
    // Nest passes the context (class name) last, and for errors a stack before it.
    const context = typeof rest[rest.length - 1] === 'string' ? (rest.pop() as string) : undefined;
    const stack =
      typeof rest[0] === 'string' && level === 'error' ? (rest.shift() as string) : undefined;
    if (message instanceof Error) {
      this.logger[level]({ context, err: message }, message.message);
    } else if (typeof message === 'object' && message !== null) {
      this.logger[level]({ context, ...message });
    } else {
      this.logger[level]({ context, ...(stack ? { stack } : {}) }, String(message));
    }
  }
}
