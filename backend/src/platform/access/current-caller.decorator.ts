import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { PlatformErrors } from '../http/platform.errors';
import type { Caller } from './access-policy';

export type Member = Extract<Caller, { kind: 'user' }>;

/** The logged-in caller of a route whose policy admits only members. */
export const CurrentMember = createParamDecorator(
  (_data: unknown, context: ExecutionContext): Member => {
    const caller = context.switchToHttp().getRequest<FastifyRequest>().caller;
    if (caller?.kind !== 'user') throw PlatformErrors.UNAUTHENTICATED();
    return caller;
  },
);

/** The caller, guest or member, of a route open to both. */
export const CurrentCaller = createParamDecorator(
  (_data: unknown, context: ExecutionContext): Caller =>
    context.switchToHttp().getRequest<FastifyRequest>().caller ?? { kind: 'guest' },
);
