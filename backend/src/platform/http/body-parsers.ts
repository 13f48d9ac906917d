import { RouteConfig } from '@nestjs/platform-fastify';
import type { FastifyInstance } from 'fastify';
import { PlatformErrors } from './platform.errors';

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

const FORM_POST_ROUTE = 'plantfolkFormPost';
const FORM_TYPE = 'application/x-www-form-urlencoded';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set by AcceptsFormPost: this route takes a small urlencoded form body. */
    plantfolkFormPost?: true;
  }
}

/**
 * Marks the rare route that must take an `application/x-www-form-urlencoded` body: RFC 8058's
 * one-click unsubscribe, which mail providers POST as `List-Unsubscribe=One-Click`. Such a route
 * must not act on the caller's cookies (it carries its own proof, e.g. a signed token), since any
 * page can post a form to it. Its body arrives as a string map of at most 1 KiB.
 */
export function AcceptsFormPost() {
  return RouteConfig({ [FORM_POST_ROUTE]: true });
}

/**
 * Parses urlencoded bodies for the routes marked AcceptsFormPost; every other route keeps
 * answering them 415, as before (called once from createApp, after acceptJsonBodiesOnly).
 */
export function acceptFormPostsWhereMarked(fastify: FastifyInstance): void {
  fastify.addContentTypeParser(
    FORM_TYPE,
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, body, done) => {
      const fields: Record<string, string> = Object.create(null) as Record<string, string>;
      for (const [name, value] of new URLSearchParams(String(body))) fields[name] = value;
      done(null, fields);
    },
  );
  fastify.addHook('preValidation', (request, _reply, done) => {
    const header = request.headers['content-type'];
    // Most requests (every GET) carry no body: nothing to take apart.
    if (header === undefined) return done();
    const type = String(header).split(';')[0].trim().toLowerCase();
    if (type === FORM_TYPE && !request.routeOptions?.config?.[FORM_POST_ROUTE])
      return done(PlatformErrors.UNSUPPORTED_MEDIA_TYPE());
    done();
  });
}
