import { applyDecorators, SetMetadata } from '@nestjs/common';
import { ApiBearerAuth, ApiExtension } from '@nestjs/swagger';
import { type AccessPolicy } from './access-policy';

export const ACCESS_POLICY = 'plantfolk:access-policy';

/**
 * Declares who may call a handler. Every handler declares exactly one policy; the app refuses to
 * start otherwise ("public" is a declared policy, never the absence of one).
 */
export function Access(policy: AccessPolicy) {
  const decorators = [SetMetadata(ACCESS_POLICY, policy), ApiExtension('x-access-policy', policy)];
  if (policy !== 'none' && policy !== 'guest-or-authd') decorators.push(ApiBearerAuth());
  return applyDecorators(...decorators);
}
