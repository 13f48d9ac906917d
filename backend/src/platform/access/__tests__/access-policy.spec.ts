import { ACCESS_POLICIES, type AccessPolicy, type Caller, decideAccess } from '../access-policy';

const user = (overrides: Partial<Extract<Caller, { kind: 'user' }>>): Caller => ({
  kind: 'user',
  userId: 'u',
  sessionId: 's',
  csrfToken: 'c',
  stage: 'registered',
  trusted: false,
  admin: false,
  suspended: false,
  ...overrides,
});

const callers: Record<string, Caller> = {
  guest: { kind: 'guest' },
  'signed-up': user({ stage: 'signed-up' }),
  verified: user({ stage: 'verified' }),
  registered: user({}),
  trusted: user({ trusted: true }),
  admin: user({ admin: true }),
  suspended: user({ suspended: true, admin: true }),
  ops: user({ ops: true }),
};

// Rows: policy; columns in the order of `callers`. a = admit, u = 401, f = 403, s = suspended (403).
const expected: Record<AccessPolicy, string> = {
  none: 'a a a a a a a a',
  'guest-or-authd': 'a a a a a a s a',
  'authd-only': 'u a a a a a s a',
  'logged-in-only': 'u f a a a a s a',
  'completed-regn': 'u f f a a a s a',
  'trusted-only': 'u f f f a a s f',
  'admin-auth': 'u f f f f a s f',
  'ops-or-admin': 'u f f f f a s a',
};

const CODES = { a: 'admit', u: 'unauthenticated', f: 'forbidden', s: 'suspended' } as const;

describe('decideAccess', () => {
  it('covers every policy', () => {
    expect(Object.keys(expected).sort()).toEqual([...ACCESS_POLICIES].sort());
  });

  for (const policy of ACCESS_POLICIES) {
    const row = expected[policy].split(' ') as Array<keyof typeof CODES>;
    Object.entries(callers).forEach(([name, caller], column) => {
      it(`${policy} → ${name}: ${CODES[row[column]]}`, () => {
        expect(decideAccess(policy, caller)).toBe(CODES[row[column]]);
      });
    });
  }
});
