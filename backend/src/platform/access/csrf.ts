import type { FastifyRequest } from 'fastify';
import { timingSafeEqual } from 'node:crypto';

const MUTATIONS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
export const CSRF_HEADER = 'x-csrf-token';
export const CSRF_FIELD = 'csrf_token';

export function isMutation(method: string): boolean {
  return MUTATIONS.has(method.toUpperCase());
}

/**
 * The csrf_token a request carries, from the header or the JSON body. The body field is removed
 * either way, so DTOs never have to declare it.
 */
export function takeCsrfToken(request: FastifyRequest): string | undefined {
  const body = request.body as Record<string, unknown> | undefined;
  let fromBody: unknown;
  if (body && typeof body === 'object' && !Array.isArray(body) && CSRF_FIELD in body) {
    fromBody = body[CSRF_FIELD];
    delete body[CSRF_FIELD];
  }
  const header = request.headers[CSRF_HEADER];
  const value = typeof header === 'string' ? header : fromBody;
  return typeof value === 'string' ? value : undefined;
}

export function csrfMatches(presented: string | undefined, expected: string): boolean {
  if (!presented) return false;
  const a = Buffer.from(presented);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
