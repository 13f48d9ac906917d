import { webcrypto } from 'node:crypto';
import type { AppConfig } from '../../../platform/config/app-config';
import { AccessTokens } from '../access-tokens.service';

const config = { jwtSecret: 'a-test-secret-that-is-long-enough-for-hs256' } as AppConfig;
const claims = { userId: '7f1c2a4e-0d36-4a8e-9f0b-2b8f3f7f9a11', sessionId: 's-1' };

describe('AccessTokens', () => {
  afterEach(() => jest.useRealTimers());

  it('verifies a token once through WebCrypto and answers again from memory', async () => {
    const tokens = new AccessTokens(config);
    const { token } = await tokens.issue(claims);
    const verify = jest.spyOn(webcrypto.subtle, 'verify');
    expect(await tokens.verify(token)).toEqual(claims);
    expect(await tokens.verify(token)).toEqual(claims);
    expect(verify).toHaveBeenCalledTimes(1);
    verify.mockRestore();
  });

  it('refuses a remembered token once it has expired', async () => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    jest.setSystemTime(new Date('2026-11-24T06:00:00Z'));
    const tokens = new AccessTokens(config);
    const { token } = await tokens.issue(claims, 'plantfolk-api', 60);
    expect(await tokens.verify(token)).toEqual(claims);
    jest.setSystemTime(new Date('2026-11-24T06:01:01Z'));
    expect(await tokens.verify(token)).toBeNull();
  });

  it('keeps audiences apart and refuses a tampered token', async () => {
    const tokens = new AccessTokens(config);
    const { token } = await tokens.issue(claims);
    expect(await tokens.verify(token)).toEqual(claims);
    expect(await tokens.verify(token, 'plantfolk-ops')).toBeNull();
    const [header, payload, signature] = token.split('.');
    const flipped = signature.startsWith('A') ? `B${signature.slice(1)}` : `A${signature.slice(1)}`;
    expect(await tokens.verify(`${header}.${payload}.${flipped}`)).toBeNull();
  });

  it('forgets the oldest token when the memory is full, and still verifies it again', async () => {
    const tokens = new AccessTokens(config);
    const { token: first } = await tokens.issue(claims);
    await tokens.verify(first);
    const remembered = (tokens as unknown as { verified: Map<string, unknown> }).verified;
    for (let index = 0; index < 10_000; index += 1) remembered.set(`filler ${index}`, {});
    const { token: second } = await tokens.issue({ ...claims, sessionId: 's-2' });
    await tokens.verify(second);
    expect(remembered.size).toBe(10_001);
    expect(remembered.has(`plantfolk-api ${first}`)).toBe(false);
    expect(await tokens.verify(first)).toEqual(claims);
  });
});
