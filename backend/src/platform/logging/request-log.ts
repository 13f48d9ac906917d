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

const COMPLETED = JSON.stringify('request completed');

/**
 * One access line per request, when its answer is sent: `{reqId, req: {method, url with secrets
 * redacted, remoteAddress}, res: {statusCode}, responseTime, msg: "request completed"}` — what
 * Fastify's two lines ("incoming request", "request completed") said between them, with the
 * same fields in the same shape. A request that fails is logged at `error` with the same fields
 * and the error ("request errored", through the redacting logger). Fastify's "incoming request"
 * line is not written: it told nothing the answered line does not, and cost every request a
 * second line (~2.5 µs).
 *
 * Redaction is the costliest part of a log line (its wildcard paths clone and walk every value,
 * the message included), and the answered line is written for every request, yet holds nothing
 * it could find: only the fields above, taken one by one from the request (the URL goes through
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

  /** Nothing: the request is logged once, answered (see requestCompleted). */
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const { id, method, url, ip } = request;
    const responseTime = reply.elapsedTime;
    if (error) {
      reply.log.error(
        { req: { method, url, ip }, res: reply, err: error, responseTime },
        'request errored',
      );
      return;
    }
    if (!this.lines.isLevelEnabled('info')) return;
    if (
      !this.write ||
      typeof id !== 'string' ||
      typeof method !== 'string' ||
      !Number.isInteger(reply.statusCode) ||
      !Number.isFinite(responseTime)
    ) {
      this.lines.info(
        {
          reqId: id,
          req: { method, url, ip },
          res: { statusCode: reply.statusCode },
          responseTime,
        },
        'request completed',
      );
      return;
    }
    const redacted = typeof url === 'string' ? redactUrl(url) : undefined;
    this.write(
      `,"reqId":${JSON.stringify(id)},"req":{"method":${JSON.stringify(method)}` +
        `${field('url', redacted)}${field('remoteAddress', ip)}}` +
        `,"res":{"statusCode":${reply.statusCode}},"responseTime":${responseTime}`,
      COMPLETED,
    );
  }
}
