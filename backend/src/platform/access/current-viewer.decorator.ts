import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { GUEST, type Viewer, viewerOf } from './viewer';

/** Who is looking, for privacy: a guest, or a member (with the admin flag). */
export const CurrentViewer = createParamDecorator(
  (_data: unknown, context: ExecutionContext): Viewer => {
    const caller = context.switchToHttp().getRequest<FastifyRequest>().caller;
    return caller ? viewerOf(caller) : GUEST;
  },
);
