import type { FastifyInstance } from 'fastify';

/**
 * The request bodies the API reads: `application/json`, and `multipart/form-data` on the routes
 * marked AcceptsUpload (see images/uploads.ts). A page on another site can make the browser post
 * `application/x-www-form-urlencoded`, `multipart/form-data` or `text/plain` without a CORS
 * preflight; if a JSON route read any of them, that page could drive the route with the victim's
 * cookies (e.g. trade the attacker's own login code for a session: login CSRF). So Nest's
 * urlencoded parser is never registered (`bodyParser: false` in createApp) and Fastify's built-in
 * text/plain parser is removed: any other content type that comes with a body is answered 415
 * (UNSUPPORTED_MEDIA_TYPE) before routing reaches a handler. A request without a body needs none.
 */
export function acceptJsonBodiesOnly(fastify: FastifyInstance): void {
  // Fastify's own JSON parser stays: it honours bodyLimit and refuses __proto__ / constructor keys.
  fastify.removeContentTypeParser('text/plain');
}
