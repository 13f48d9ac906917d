import {
  type ArgumentsHost,
  Catch,
  type ExceptionFilter,
  HttpException,
  HttpStatus,
  Logger,
} from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './app-error';
import { errorEnvelope } from './envelope';
import { PlatformErrors } from './platform.errors';

interface FrameworkError {
  statusCode?: number;
  code?: string;
  message?: string;
}

const STATUS_TO_ERROR: Record<number, () => AppError> = {
  400: () => PlatformErrors.MALFORMED_BODY(),
  401: () => PlatformErrors.UNAUTHENTICATED(),
  403: () => PlatformErrors.FORBIDDEN(),
  405: () => PlatformErrors.METHOD_NOT_ALLOWED(),
  409: () => PlatformErrors.CONFLICT(),
  413: () => PlatformErrors.PAYLOAD_TOO_LARGE(),
  415: () => PlatformErrors.UNSUPPORTED_MEDIA_TYPE(),
  429: () => PlatformErrors.RATE_LIMITED(),
  503: () => PlatformErrors.SERVICE_UNAVAILABLE(),
};

/**
 * The one place where failures become HTTP responses: `{status:'error', error:{code,message,details?}}`.
 * No stack, SQL or file path ever reaches the client; unexpected errors are logged with their request id.
 */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('HTTP');

  catch(exception: unknown, host: ArgumentsHost) {
    const request = host.switchToHttp().getRequest<FastifyRequest>();
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    const error = this.toAppError(exception, request);

    if (error.status >= 500 && error.code === 'INTERNAL') {
      this.logger.error({ err: exception, reqId: request.id, url: request.url }, 'Unhandled error');
    }
    if (reply.sent) return;
    reply
      .status(error.status)
      .header('cache-control', 'no-store')
      .send(errorEnvelope(error.code, error.message, error.details));
  }

  private toAppError(exception: unknown, request: FastifyRequest): AppError {
    if (exception instanceof AppError) return exception;

    const path = (request.url ?? '/').split('?')[0];
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      if (status === HttpStatus.NOT_FOUND) return PlatformErrors.NOT_FOUND({ path });
      if (status === HttpStatus.BAD_REQUEST) {
        // Nest turns an unreadable body (bad JSON, empty JSON body) into a plain 400; our own
        // validation never does (it raises VALIDATION_FAILED itself), and Nest's parse pipes say "Validation".
        if (/JSON|body/i.test(exception.message)) return PlatformErrors.MALFORMED_BODY();
        return PlatformErrors.VALIDATION_FAILED([{ field: null, messages: [exception.message] }]);
      }
      return (STATUS_TO_ERROR[status] ?? (() => PlatformErrors.INTERNAL()))();
    }

    // Errors raised by Fastify itself (body parsing, limits) carry a status and an FST_ code.
    const framework = exception as FrameworkError;
    if (
      typeof framework?.statusCode === 'number' &&
      framework.statusCode < 500 &&
      framework.code?.startsWith('FST_')
    ) {
      return (STATUS_TO_ERROR[framework.statusCode] ?? (() => PlatformErrors.MALFORMED_BODY()))();
    }
    return PlatformErrors.INTERNAL();
  }
}
