import { Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { type DashboardMode, OpsAccess } from '../../platform/access/caller-resolver';
import { AccessTokens } from './access-tokens.service';
import { IdentityCallerResolver } from './identity-caller.resolver';
import { OPS_COOKIE } from './identity.constants';

/**
 * The queue dashboard is a plain page: the browser sends cookies, not the in-memory bearer token.
 * An admin first asks the API for a short-lived ops cookie (POST /api/iam/admin/queue-dashboard-session);
 * each dashboard request re-checks that its session is alive and still an admin's (full use) or an
 * operator's (look only: no retry, promote or clean).
 */
@Injectable()
export class IdentityOpsAccess extends OpsAccess {
  constructor(
    private readonly tokens: AccessTokens,
    private readonly callers: IdentityCallerResolver,
  ) {
    super();
  }

  async dashboardMode(request: FastifyRequest): Promise<DashboardMode> {
    const token = request.cookies?.[OPS_COOKIE];
    const claims = token ? await this.tokens.verify(token, 'plantfolk-ops') : null;
    if (!claims) return null;
    const caller = await this.callers.callerFor(claims.userId, claims.sessionId);
    if (caller?.kind !== 'user' || caller.suspended) return null;
    if (caller.admin) return 'full';
    return caller.ops ? 'read-only' : null;
  }
}
