import type { ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ACCESS_POLICY } from '../access.decorator';
import { AccessGuard } from '../access.guard';
import type { Caller } from '../access-policy';
import { CallerResolver } from '../caller-resolver';
import { RATE_LIMIT, type RateLimitDeclaration } from '../../rate-limit/rate-limit.decorator';
import { RateLimitGuard } from '../../rate-limit/rate-limit.guard';
import type { RateLimiter } from '../../rate-limit/rate-limiter.service';

/** A handler carrying the given metadata, and an HTTP context for a request to it. */
function contextFor(metadata: Record<string, unknown>, request: Record<string, unknown>) {
  const handler = () => undefined;
  for (const [key, value] of Object.entries(metadata)) Reflect.defineMetadata(key, value, handler);
  class Controller {}
  return {
    getType: () => 'http',
    getHandler: () => handler,
    getClass: () => Controller,
    switchToHttp: () => ({ getRequest: () => request, getResponse: () => ({}) }),
  } as unknown as ExecutionContext;
}

class FixedResolver extends CallerResolver {
  constructor(private readonly answer: Caller | Promise<Caller>) {
    super();
  }
  resolve() {
    return this.answer;
  }
  async resolveToken(): Promise<Caller> {
    return { kind: 'guest', rejectedToken: true };
  }
}

const member: Caller = {
  kind: 'user',
  userId: 'u1',
  sessionId: 's1',
  csrfToken: 'csrf',
  stage: 'registered',
  trusted: false,
  admin: false,
  ops: false,
  suspended: false,
};

describe('the global guards answer at once when nothing needs waiting for', () => {
  const reflector = new Reflector();

  it('AccessGuard admits a guest synchronously and a member once the session is looked up', async () => {
    const guestRequest: Record<string, unknown> = { method: 'GET', headers: {} };
    const open = contextFor({ [ACCESS_POLICY]: 'guest-or-authd' }, guestRequest);
    expect(new AccessGuard(reflector, new FixedResolver({ kind: 'guest' })).canActivate(open)).toBe(
      true,
    );
    expect(guestRequest.caller).toEqual({ kind: 'guest' });

    const memberRequest: Record<string, unknown> = { method: 'GET', headers: {} };
    const signedIn = contextFor({ [ACCESS_POLICY]: 'authd-only' }, memberRequest);
    const verdict = new AccessGuard(
      reflector,
      new FixedResolver(Promise.resolve(member)),
    ).canActivate(signedIn);
    expect(verdict).toBeInstanceOf(Promise);
    await expect(verdict).resolves.toBe(true);
    expect(memberRequest.caller).toBe(member);
  });

  it('AccessGuard still refuses at once: a guest on a members-only route', () => {
    const context = contextFor({ [ACCESS_POLICY]: 'authd-only' }, { method: 'GET', headers: {} });
    expect(() =>
      new AccessGuard(reflector, new FixedResolver({ kind: 'guest' })).canActivate(context),
    ).toThrow(expect.objectContaining({ code: 'UNAUTHENTICATED' }));
  });

  it('RateLimitGuard asks the limiter only where a limit is declared and enforced', async () => {
    const consume = jest.fn(async () => ({ allowed: true as const }));
    const limiter = (enabled: boolean) => ({ enabled, consume }) as unknown as RateLimiter;
    const declaration: RateLimitDeclaration = {
      name: 'probe',
      rules: [{ by: 'ip', limit: 5, windowSeconds: 60 }],
    };
    const request = { ip: '203.0.113.7', headers: {} };
    const undeclared = contextFor({}, request);
    const declared = contextFor({ [RATE_LIMIT]: declaration }, request);

    expect(new RateLimitGuard(reflector, limiter(true)).canActivate(undeclared)).toBe(true);
    expect(new RateLimitGuard(reflector, limiter(false)).canActivate(declared)).toBe(true);
    expect(consume).not.toHaveBeenCalled();

    await expect(new RateLimitGuard(reflector, limiter(true)).canActivate(declared)).resolves.toBe(
      true,
    );
    expect(consume).toHaveBeenCalledWith('probe', [
      expect.objectContaining({ limit: 5, windowSeconds: 60 }),
    ]);
  });
});
