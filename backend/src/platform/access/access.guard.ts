import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { defineErrors } from '../http/app-error';
import { PlatformErrors } from '../http/platform.errors';
import { RouteMetadata } from '../http/route-metadata';
import { type AccessPolicy, type Caller, decideAccess } from './access-policy';
import { ACCESS_POLICY } from './access.decorator';
import { CallerResolver } from './caller-resolver';
import { csrfMatches, isMutation, takeCsrfToken } from './csrf';

export const AccessErrors = defineErrors({
  ACCOUNT_SUSPENDED: { status: 403, message: 'This account is suspended' },
  NOT_PERMITTED: { status: 403, message: 'Your account cannot do this yet' },
  NO_POLICY: { status: 403, message: 'This route has no access policy' },
  INVALID_TOKEN: { status: 401, message: 'Your session has expired; please log in again' },
  CSRF_FAILED: {
    status: 403,
    message: 'This request is missing its security token; please reload the page',
  },
});

declare module 'fastify' {
  interface FastifyRequest {
    caller?: Caller;
  }
}

/**
 * The one global guard: resolves the caller, enforces the handler's declared policy, and for
 * a logged-in caller's mutations checks the session's csrf_token.
 */
@Injectable()
export class AccessGuard implements CanActivate {
  private readonly policies: RouteMetadata<AccessPolicy>;

  constructor(
    reflector: Reflector,
    private readonly callers: CallerResolver,
  ) {
    this.policies = new RouteMetadata(reflector, ACCESS_POLICY);
  }

  /**
   * Synchronous when the caller is known at once (a guest: see CallerResolver.resolve), so Nest
   * runs the next guard in the same turn; a promise when the session must be looked up.
   */
  canActivate(context: ExecutionContext): boolean | Promise<boolean> {
    const policy = this.policies.of(context);
    // Default deny. The boot audit makes this unreachable for controllers, but it must still fail closed.
    if (!policy) throw AccessErrors.NO_POLICY();

    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const caller = this.callers.resolve(request);
    return 'then' in caller
      ? caller.then((resolved) => this.admit(request, policy, resolved))
      : this.admit(request, policy, caller);
  }

  /** Admits the resolved caller under the policy (and checks a member's csrf token), or throws. */
  private admit(request: FastifyRequest, policy: AccessPolicy, caller: Caller): true {
    request.caller = caller;
    // A credential that fails is an error, not anonymity: the client should refresh or log in again.
    if (caller.kind === 'guest' && caller.rejectedToken && policy !== 'none')
      throw AccessErrors.INVALID_TOKEN();

    switch (decideAccess(policy, caller)) {
      case 'unauthenticated':
        throw PlatformErrors.UNAUTHENTICATED();
      case 'suspended':
        throw AccessErrors.ACCOUNT_SUSPENDED();
      case 'forbidden':
        throw AccessErrors.NOT_PERMITTED();
      case 'admit':
        break;
    }

    const presented = takeCsrfToken(request);
    if (
      caller.kind === 'user' &&
      isMutation(request.method) &&
      !csrfMatches(presented, caller.csrfToken)
    ) {
      throw AccessErrors.CSRF_FAILED();
    }
    return true;
  }
}
