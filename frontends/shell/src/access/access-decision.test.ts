import { fakeProfile } from '@plantfolk/api-client/testing';
import type { SessionState } from '@plantfolk/session';
import { describe, expect, it } from 'vitest';
import type { AccessPolicy } from '@plantfolk/ui';
import { decideAccess, type AccessDecision } from './access-decision';

type Caller = Pick<SessionState, 'loggedIn' | 'user'>;

const callers: Record<string, Caller> = {
  unknown: { loggedIn: 'unknown', user: null },
  guest: { loggedIn: false, user: null },
  'signed-up': { loggedIn: true, user: fakeProfile({ stage: 'signed-up', username: null }) },
  verified: { loggedIn: true, user: fakeProfile({ stage: 'verified', username: null }) },
  registered: { loggedIn: true, user: fakeProfile() },
  trusted: { loggedIn: true, user: fakeProfile({ roles: ['trusted'] }) },
  admin: { loggedIn: true, user: fakeProfile({ roles: ['admin'] }) },
  suspended: { loggedIn: true, user: fakeProfile({ suspended: true }) },
};

const allow: AccessDecision = { kind: 'allow' };
const wait: AccessDecision = { kind: 'wait' };
const to = (path: string): AccessDecision => ({ kind: 'redirect', to: path });
const forbidden = (missingRole: 'trusted' | 'admin'): AccessDecision => ({
  kind: 'forbidden',
  missingRole,
});

/** The spec's guard of each representative route below (section 2). */
const specPolicies: Record<string, AccessPolicy> = {
  '/auth/login': 'none',
  '/events': 'guest-or-authd',
  '/welcome': 'authd-only',
  '/auth/register': 'logged-in-only',
  '/settings': 'completed-regn',
  '/messages/alice': 'trusted-only',
  '/admin/users/registered': 'admin-auth',
};

const decide = (path: string, caller: string) =>
  decideAccess(specPolicies[path]!, callers[caller]!, path);

// Each caller kind × a representative route of each policy.
const matrix: [path: string, expected: Record<string, AccessDecision>][] = [
  [
    '/auth/login',
    {
      unknown: allow,
      guest: allow,
      'signed-up': allow,
      verified: allow,
      registered: allow,
      trusted: allow,
      admin: allow,
      suspended: allow,
    },
  ],
  [
    '/events',
    {
      unknown: wait,
      guest: allow,
      'signed-up': allow,
      verified: allow,
      registered: allow,
      trusted: allow,
      admin: allow,
      suspended: to('/auth/suspended'),
    },
  ],
  [
    '/welcome',
    {
      unknown: wait,
      guest: to('/auth/login?redirect=%2Fwelcome'),
      'signed-up': allow,
      verified: allow,
      registered: allow,
      trusted: allow,
      admin: allow,
      suspended: to('/auth/suspended'),
    },
  ],
  [
    '/auth/register',
    {
      unknown: wait,
      guest: to('/auth/login?redirect=%2Fauth%2Fregister'),
      'signed-up': to('/auth/verify'),
      verified: allow,
      registered: allow,
      trusted: allow,
      admin: allow,
      suspended: to('/auth/suspended'),
    },
  ],
  [
    '/settings',
    {
      unknown: wait,
      guest: to('/auth/login?redirect=%2Fsettings'),
      'signed-up': to('/auth/verify'),
      verified: to('/auth/register?redirect=%2Fsettings'),
      registered: allow,
      trusted: allow,
      admin: allow,
      suspended: to('/auth/suspended'),
    },
  ],
  [
    '/messages/alice',
    {
      unknown: wait,
      guest: to('/auth/login?redirect=%2Fmessages%2Falice'),
      'signed-up': forbidden('trusted'),
      verified: forbidden('trusted'),
      registered: forbidden('trusted'),
      trusted: allow,
      admin: allow,
      suspended: to('/auth/suspended'),
    },
  ],
  [
    '/admin/users/registered',
    {
      unknown: wait,
      guest: to('/auth/login?redirect=%2Fadmin%2Fusers%2Fregistered'),
      'signed-up': forbidden('admin'),
      verified: forbidden('admin'),
      registered: forbidden('admin'),
      trusted: forbidden('admin'),
      admin: allow,
      suspended: to('/auth/suspended'),
    },
  ],
];

describe('decideAccess', () => {
  describe.each(matrix)('%s', (path, expected) => {
    it.each(Object.entries(expected))('%s → %o', (caller, decision) => {
      expect(decide(path, caller)).toEqual(decision);
    });
  });

  it('keeps the query string in the way back', () => {
    expect(decideAccess('authd-only', callers.guest!, '/profile?tab=plants')).toEqual(
      to('/auth/login?redirect=%2Fprofile%3Ftab%3Dplants'),
    );
  });

  it('lets anyone see a page without a policy (the 404 page)', () => {
    expect(decideAccess(null, callers.suspended!, '/nope')).toEqual(allow);
  });
});
