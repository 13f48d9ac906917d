import type { FastifyInstance } from 'fastify';

export interface ServedRoute {
  /** e.g. 'GET' */
  method: string;
  /** As registered, e.g. '/api/iam/users/:uuid' */
  url: string;
}

const served = new WeakMap<FastifyInstance, ServedRoute[]>();

/**
 * Records every route the HTTP server registers, whoever registers it (Nest controllers, the
 * queue dashboard, static files), so the authorization-matrix test can hold the whole router
 * against its table: a route added outside a controller cannot slip past it.
 */
export function recordServedRoutes(fastify: FastifyInstance): void {
  const routes: ServedRoute[] = [];
  served.set(fastify, routes);
  fastify.addHook('onRoute', (route) => {
    for (const method of ([] as string[]).concat(route.method)) {
      // Fastify adds HEAD beside every GET itself.
      if (method === 'HEAD' && route.method !== 'HEAD') continue;
      routes.push({ method, url: route.url });
    }
  });
}

/** Every route registered on this server since recordServedRoutes. */
export function servedRoutesOf(fastify: FastifyInstance): readonly ServedRoute[] {
  return served.get(fastify) ?? [];
}
