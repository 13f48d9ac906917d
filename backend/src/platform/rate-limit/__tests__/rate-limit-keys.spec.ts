import { checkRateLimitDeclaration, RateLimit } from '../rate-limit.decorator';
import { bodyValueKey, clientAddressKey } from '../rate-limit-keys';

describe('clientAddressKey', () => {
  it('keeps IPv4 addresses as they are', () => {
    expect(clientAddressKey('203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts an IPv4-mapped IPv6 address as its IPv4 address', () => {
    expect(clientAddressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddressKey('::FFFF:cb00:7107')).toBe('203.0.113.7');
  });

  it('counts IPv6 clients by their /64 network', () => {
    const key = clientAddressKey('2001:db8:85a3:12::8a2e:370:7334');
    expect(key).toBe('2001:db8:85a3:12::/64');
    expect(clientAddressKey('2001:0db8:85a3:0012:ffff:ffff:ffff:ffff')).toBe(key);
    expect(clientAddressKey('2001:db8:85a3:12::1%eth0')).toBe(key);
    expect(clientAddressKey('2001:db8:85a3:13::1')).not.toBe(key);
    expect(clientAddressKey('::1')).toBe('0:0:0:0::/64');
  });

  it('never fails on odd input', () => {
    expect(clientAddressKey(undefined)).toBe('unknown');
    expect(clientAddressKey('')).toBe('unknown');
    expect(clientAddressKey('not an address')).toBe('unknown');
  });
});

describe('bodyValueKey', () => {
  it('ignores case and surrounding or inner whitespace', () => {
    const key = bodyValueKey('fern@example.com');
    expect(key).toMatch(/^[A-Za-z0-9_-]{32}$/);
    for (const variant of [' Fern@Example.com ', 'FERN@EXAMPLE.COM\t', '\nfern@example.com']) {
      expect(bodyValueKey(variant)).toBe(key);
    }
    expect(bodyValueKey('fern@example.org')).not.toBe(key);
  });

  it('folds compatibility characters (full-width letters) together', () => {
    expect(bodyValueKey('ｆｅｒｎ@example.com')).toBe(bodyValueKey('fern@example.com'));
  });

  it('never stores the value itself', () => {
    expect(bodyValueKey('fern@example.com')).not.toContain('fern');
  });

  it('accepts numbers', () => {
    expect(bodyValueKey(61412345678)).toBe(bodyValueKey('61412345678'));
  });

  it.each([
    ['an array', ['fern@example.com']],
    ['an object', { email: 'fern@example.com' }],
    ['null', null],
    ['a missing value', undefined],
    ['a boolean', true],
    ['an empty string', '   '],
    ['NaN', Number.NaN],
  ])('never uses %s as a key', (_label, value) => {
    expect(bodyValueKey(value)).toBeNull();
  });
});

describe('@RateLimit declarations', () => {
  it('accepts a sensible declaration', () => {
    expect(() =>
      RateLimit('login', [
        { by: 'ip', limit: 10, windowSeconds: 60 },
        { by: 'body:email', limit: 5, windowSeconds: 900 },
        { by: 'user', limit: 100, windowSeconds: 3600 },
      ]),
    ).not.toThrow();
  });

  it.each([
    ['Login Form', [{ by: 'ip', limit: 1, windowSeconds: 1 }], /kebab-case/],
    ['login', [], /at least one rule/],
    ['login', [{ by: 'cookie', limit: 1, windowSeconds: 1 }], /not ip, user or body/],
    ['login', [{ by: 'body:', limit: 1, windowSeconds: 1 }], /not ip, user or body/],
    ['login', [{ by: 'body:a.b', limit: 1, windowSeconds: 1 }], /not ip, user or body/],
    ['login', [{ by: 'ip', limit: 0, windowSeconds: 1 }], /limit 0/],
    ['login', [{ by: 'ip', limit: 1.5, windowSeconds: 1 }], /limit 1.5/],
    ['login', [{ by: 'ip', limit: 1, windowSeconds: 0 }], /windowSeconds 0/],
    ['login', [{ by: 'ip', limit: 1, windowSeconds: 0.5 }], /windowSeconds 0.5/],
    [
      'login',
      [
        { by: 'ip', limit: 1, windowSeconds: 60 },
        { by: 'ip', limit: 5, windowSeconds: 60 },
      ],
      /two rules by ip/,
    ],
  ])('refuses %j with %j', (name, rules, problem) => {
    expect(() => checkRateLimitDeclaration(name as string, rules as never)).toThrow(problem);
  });
});
