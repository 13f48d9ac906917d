import { FastifyAdapter } from '@nestjs/platform-fastify';
import { successEnvelope } from './envelope';

/**
 * The Fastify adapter, answering every handler's result in the success envelope
 * (`{ status: 'success', data, responders? }`; a WithResponders result gives `responders`).
 *
 * Nest hands each handler's result to `reply` (and nothing else: errors go out through
 * AllExceptionsFilter, which writes the error envelope itself). Wrapping here rather than in a
 * global interceptor saves every request an rxjs pipeline and two AsyncResource bindings, which
 * cost more than the rest of Nest's routing on a small read. A handler that writes its own
 * response (`@Res()` without passthrough, marked RawResponse: files, redirects) never gets here.
 */
export class EnvelopeFastifyAdapter extends FastifyAdapter {
  override reply(...[response, body, statusCode]: Parameters<FastifyAdapter['reply']>) {
    return super.reply(response, successEnvelope(body), statusCode);
  }
}
