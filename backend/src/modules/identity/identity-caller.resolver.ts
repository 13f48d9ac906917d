import { Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { Caller } from '../../platform/access/access-policy';
import { CallerResolver } from '../../platform/access/caller-resolver';
import { Sql } from '../../platform/database/sql';
import type { SqlRunner } from '../../platform/database/sql-runner';
import { AccessTokens } from './access-tokens.service';
import { stageOf } from './profile';
import { callerRowOf } from './sessions.queries';

/**
 * Bearer token → session → user, in one indexed query per request, so logging out, a revoked
 * session or a deleted account take effect at once, not when the token expires.
 */
@Injectable()
export class IdentityCallerResolver extends CallerResolver {
  constructor(
    private readonly tokens: AccessTokens,
    private readonly sql: Sql,
  ) {
    super();
  }

  resolve(request: FastifyRequest): Caller | Promise<Caller> {
    const header = request.headers.authorization;
    // No credential: a guest, answered at once (see CallerResolver.resolve).
    if (!header) return { kind: 'guest' };
    const match = /^Bearer ([A-Za-z0-9._~+/-]+=*)$/.exec(header);
    return match ? this.resolveToken(match[1]) : { kind: 'guest', rejectedToken: true };
  }

  async resolveToken(token: string): Promise<Caller> {
    const claims = await this.tokens.verify(token);
    if (!claims) return { kind: 'guest', rejectedToken: true };
    return (
      (await this.callerFor(claims.userId, claims.sessionId)) ?? {
        kind: 'guest',
        rejectedToken: true,
      }
    );
  }

  callerFor(userId: string, sessionId: string): Promise<Caller | null> {
    return sessionCaller(this.sql, userId, sessionId);
  }
}

/** The caller a live session stands for, or null when the session is gone, revoked or expired. */
export async function sessionCaller(
  db: SqlRunner,
  userId: string,
  sessionId: string,
): Promise<Caller | null> {
  const row = await callerRowOf(db, sessionId, userId);
  if (!row) return null;
  return {
    kind: 'user',
    userId,
    sessionId,
    csrfToken: row.csrf_token,
    stage: stageOf({ emailVerifiedAt: row.email_verified_at, registeredAt: row.registered_at }),
    trusted: row.is_trusted,
    admin: row.is_admin,
    ops: row.is_ops,
    suspended: Boolean(row.suspended_at),
  };
}
