import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppConfig } from '../../platform/config/app-config';
import {
  OPS_COOKIE,
  REFRESH_COOKIE,
  REFRESH_COOKIE_PATH,
  SESSION_HINT_COOKIE,
  SESSION_LIFETIME_DAYS,
} from './identity.constants';
import type { ClientInfo } from './sessions.service';

export function clientInfo(request: FastifyRequest): ClientInfo {
  const userAgent = request.headers['user-agent'];
  return { userAgent: typeof userAgent === 'string' ? userAgent : undefined, ip: request.ip };
}

function secure(config: AppConfig): boolean {
  return config.publicUrl.startsWith('https://');
}

/**
 * The refresh token lives only in this httpOnly cookie, sent only to the auth endpoints. Beside
 * it goes the session hint (`1`, no secret, readable by the page): see SESSION_HINT_COOKIE.
 */
export function setRefreshCookie(reply: FastifyReply, token: string, config: AppConfig): void {
  const both = {
    secure: secure(config),
    sameSite: 'lax',
    maxAge: SESSION_LIFETIME_DAYS * 24 * 3600,
  } as const;
  reply.setCookie(REFRESH_COOKIE, token, {
    ...both,
    httpOnly: true,
    path: REFRESH_COOKIE_PATH,
  });
  reply.setCookie(SESSION_HINT_COOKIE, '1', { ...both, httpOnly: false, path: '/' });
}

export function clearRefreshCookie(reply: FastifyReply, config: AppConfig): void {
  reply.clearCookie(REFRESH_COOKIE, {
    path: REFRESH_COOKIE_PATH,
    secure: secure(config),
    sameSite: 'lax',
    httpOnly: true,
  });
  reply.clearCookie(SESSION_HINT_COOKIE, { path: '/', secure: secure(config), sameSite: 'lax' });
}

export function readRefreshCookie(request: FastifyRequest): string | undefined {
  return request.cookies?.[REFRESH_COOKIE];
}

/** The ops pass opens /admin/queues for an hour; strict same-site, never readable by scripts. */
export function setOpsCookie(
  reply: FastifyReply,
  token: string,
  maxAgeSeconds: number,
  config: AppConfig,
): void {
  reply.setCookie(OPS_COOKIE, token, {
    httpOnly: true,
    secure: secure(config),
    sameSite: 'strict',
    path: '/admin/queues',
    maxAge: maxAgeSeconds,
  });
}
