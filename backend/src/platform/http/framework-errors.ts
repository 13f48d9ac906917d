import type { FastifyReply, FastifyRequest } from 'fastify';
import { errorEnvelope } from './envelope';
import { PlatformErrors } from './platform.errors';

/**
 * Fastify answers a few malformed requests itself, before routing (so before Nest's exception
 * filter): a path with broken percent-encoding (`/api/posts/%`, an overlong `%C0%80`) and a path
 * parameter over maxParamLength. Its own body for them is not our envelope; this is Fastify's
 * `frameworkErrors` option, giving them the envelope like every other failure.
 */
export function answerFrameworkError(
  error: { code?: string },
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  const failure =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? PlatformErrors.URI_TOO_LONG()
      : PlatformErrors.MALFORMED_URL();
  void reply
    .status(failure.status)
    .header('cache-control', 'no-store')
    .send(errorEnvelope(failure.code, failure.message));
}
