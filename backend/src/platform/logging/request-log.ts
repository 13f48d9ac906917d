import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import type { Logger } from 'pino';

/**
 * Fastify's two lines per request ("incoming request", "request completed"), the same fields in
 * the same shape (reqId, req: method, url with secrets redacted, remoteAddress; res: statusCode,
 * responseTime), written by a logger without pino's `redact`.
 *
 * Redaction is the costliest part of a log line (its wildcard paths clone and walk every value,
 * the message included), and these two lines are written for every request, yet hold nothing it
 * could find: only the fields above, taken one by one from the request (the URL goes through
 * redactUrl, in the `req` serializer). Every other line, a failed request's included, still goes
 * through the redacting logger.
 */
export class RequestLogController extends LogController {
  private readonly lines: Logger;

  constructor(logger: Logger) {
    super();
    this.lines = logger.child({}, { redact: [] });
  }

  override incomingRequest(request: FastifyRequest): void {
    if (!this.lines.isLevelEnabled('info')) return;
    this.lines.info(
      { reqId: request.id, req: { method: request.method, url: request.url, ip: request.ip } },
      'incoming request',
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
    this.lines.info(
      { reqId: request.id, res: { statusCode: reply.statusCode }, responseTime: reply.elapsedTime },
      'request completed',
    );
  }
}
