import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Adds `value` to the reply's Vary header unless it is already named there (or Vary is `*`). */
export function addVary(reply: FastifyReply, value: string): void {
  const current = reply.getHeader('vary');
  // Most answers have no Vary yet: then it is only `value`, as the general case below would say.
  if (current === undefined) {
    reply.header('vary', value);
    return;
  }
  // Most others name one header (CORS's `Origin`): no list to take apart.
  if (typeof current === 'string' && !current.includes(',')) {
    const name = current.trim();
    if (name === '*' || name.toLowerCase() === value.toLowerCase()) return;
    if (name) {
      reply.header('vary', `${name}, ${value}`);
      return;
    }
  }
  const names = (Array.isArray(current) ? current.join(',') : String(current ?? ''))
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (names.includes('*') || names.some((name) => name.toLowerCase() === value.toLowerCase()))
    return;
  reply.header('vary', [...names, value].join(', '));
}

/**
 * Whether the answer was made for one caller: asked with a bearer token, or it sets a cookie (the
 * refresh token, the dashboard pass). A Cookie header alone does not count: our own cookies are
 * limited to the paths that set them, and any other cookie of the site would make every public
 * image and feed uncacheable.
 */
function isPersonal(request: FastifyRequest, reply: FastifyReply): boolean {
  return request.headers.authorization !== undefined || reply.hasHeader('set-cookie');
}

/**
 * Cache rules for every response. An answer made for one caller (see isPersonal) is
 * `Cache-Control: no-store`: the profile holds the session's csrf_token and the e-mail address,
 * and no browser or shared cache may keep it. Other answers keep their own rules (public feeds,
 * immutable images) and say `Vary: Authorization`, so a cache that keeps a guest's answer never
 * hands it to a signed-in caller.
 */
export function registerCacheHeaders(fastify: FastifyInstance): void {
  fastify.addHook('onSend', (request, reply, payload, done) => {
    if (isPersonal(request, reply)) reply.header('cache-control', 'no-store');
    else addVary(reply, 'Authorization');
    done(null, payload);
  });
}
