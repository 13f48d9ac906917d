import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import pino, { type Logger } from 'pino';
import { redactUrl, serializeRequest, serializeResponse } from './logger';

/** pino's own symbols (pino.symbols; `msgPrefixSym` is missing from its typings). */
const SYMBOLS = pino.symbols as unknown as Record<string, symbol>;

/** One of a pino logger's internals, by the name of its symbol. */
function internal<T>(logger: Logger, name: string): T {
  return (logger as unknown as Record<symbol, T>)[SYMBOLS[name]];
}

interface PinoStream {
  write(line: string): unknown;
  [key: symbol]: unknown;
}

/**
 * Writes one request line, `{"level":30,"time":…,<bindings>,<fields>,"msg":…}`, the bytes pino
 * writes for `logger.info(fields, msg)` with the app's `req`/`res` serializers (see
 * createLoggerOptions), built as one string: pino's generic path (serializers, a walk of every
 * field, the stringifiers) cost a small read about as much as Fastify's routing. Null when the
 * logger is set up in a way this does not reproduce (a mixin, a log formatter, a message prefix,
 * a nested key, other serializers, a stream that wants metadata): then pino writes the line.
 */
type LineWriter = (fields: string, msg: string) => void;

function lineWriter(logger: Logger): LineWriter | null {
  const stream = internal<PinoStream>(logger, 'streamSym');
  const serializers = internal<Record<string, unknown>>(logger, 'serializersSym');
  if (
    internal(logger, 'mixinSym') ||
    internal<{ log?: unknown }>(logger, 'formattersSym').log ||
    internal<{ streamWrite?: unknown }>(logger, 'hooksSym').streamWrite ||
    internal(logger, 'msgPrefixSym') ||
    internal(logger, 'nestedKeySym') ||
    internal(logger, 'messageKeySym') !== 'msg' ||
    serializers.req !== serializeRequest ||
    serializers.res !== serializeResponse ||
    serializers.reqId ||
    serializers.responseTime ||
    serializers.msg ||
    stream[SYMBOLS.needsMetadataGsym] === true
  )
    return null;
  const level = internal<Record<number, string>>(logger, 'lsCacheSym')[pino.levels.values.info];
  const time = internal<() => string>(logger, 'timeSym');
  const bindings = internal<string>(logger, 'chindingsSym');
  const end = internal<string>(logger, 'endSym');
  return (fields, msg) => {
    stream.write(`${level}${time.call(logger)}${bindings}${fields},"msg":${msg}${end}`);
  };
}

/** JSON for a string field, as pino writes it (a non-string one is left out, as pino does undefined). */
function field(name: string, value: unknown): string {
  return typeof value === 'string' ? `,"${name}":${JSON.stringify(value)}` : '';
}

const INCOMING = JSON.stringify('incoming request');
const COMPLETED = JSON.stringify('request completed');

/**
 * Fastify's two lines per request ("incoming request", "request completed"), the same fields in
 * the same shape (reqId, req: method, url with secrets redacted, remoteAddress; res: statusCode,
 * responseTime), written by a logger without pino's `redact`.
 *
 * Redaction is the costliest part of a log line (its wildcard paths clone and walk every value,
 * the message included), and these two lines are written for every request, yet hold nothing it
 * could find: only the fields above, taken one by one from the request (the URL goes through
 * redactUrl). Every other line, a failed request's included, still goes through the redacting
 * logger.
 */
export class RequestLogController extends LogController {
  private readonly lines: Logger;
  private readonly write: LineWriter | null;

  constructor(logger: Logger) {
    super();
    this.lines = logger.child({}, { redact: [] });
    this.write = lineWriter(this.lines);
  }

  /** Whether the lines are built here (else pino builds them; see lineWriter). */
  get writesLinesItself(): boolean {
    return this.write !== null;
  }

  override incomingRequest(request: FastifyRequest): void {
    if (!this.lines.isLevelEnabled('info')) return;
    const { id, method, url, ip } = request;
    if (!this.write || typeof id !== 'string' || typeof method !== 'string') {
      this.lines.info({ reqId: id, req: { method, url, ip } }, 'incoming request');
      return;
    }
    const redacted = typeof url === 'string' ? redactUrl(url) : undefined;
    this.write(
      `,"reqId":${JSON.stringify(id)},"req":{"method":${JSON.stringify(method)}` +
        `${field('url', redacted)}${field('remoteAddress', ip)}}`,
      INCOMING,
    );
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (error) {
      super.requestCompleted(error, request, reply);
      return;
    }
    if (!this.lines.isLevelEnabled('info')) return;
    const responseTime = reply.elapsedTime;
    if (
      !this.write ||
      typeof request.id !== 'string' ||
      !Number.isInteger(reply.statusCode) ||
      !Number.isFinite(responseTime)
    ) {
      this.lines.info(
        { reqId: request.id, res: { statusCode: reply.statusCode }, responseTime },
        'request completed',
      );
      return;
    }
    this.write(
      `,"reqId":${JSON.stringify(request.id)},"res":{"statusCode":${reply.statusCode}}` +
        `,"responseTime":${responseTime}`,
      COMPLETED,
    );
  }
}
