import { describe, expect, it } from 'vitest';
import { ownershipTable } from '../remotes/ownership';
import { policyFor, routePolicyTable } from './route-policies';

describe('policyFor: the route table of spec section 2', () => {
  it.each([
    ['/join', 'none'],
    ['/about', 'guest-or-authd'],
    ['/', 'guest-or-authd'],
    ['/welcome', 'authd-only'],
    ['/auth/login', 'none'],
    ['/auth/reset', 'none'],
    ['/auth/signup', 'none'],
    ['/auth/verify', 'none'],
    ['/auth/verifyemail', 'none'],
    ['/auth/verifyfailed', 'none'],
    ['/auth/verifysuccessful', 'none'],
    ['/auth/suspended', 'none'],
    ['/auth/sms', 'authd-only'],
    ['/auth/setup-page', 'authd-only'],
    ['/auth/register', 'logged-in-only'],
    ['/tag/succulents', 'guest-or-authd'],
    ['/pages', 'guest-or-authd'],
    ['/pages/nearby', 'none'],
    ['/pages/new', 'trusted-only'],
    ['/users', 'none'],
    ['/users/nearby', 'authd-only'],
    ['/events', 'guest-or-authd'],
    ['/event/x7Yz', 'guest-or-authd'],
    ['/event/x7Yz/edit', 'authd-only'],
    ['/green-thumbs', 'guest-or-authd'],
    ['/green-thumbs/edit', 'authd-only'],
    ['/green-thumbs/events', 'guest-or-authd'],
    ['/green-thumbs/events/new', 'trusted-only'],
    ['/invites/user', 'authd-only'],
    ['/invites', 'authd-only'],
    ['/invites/3c1a', 'none'],
    ['/invites/expired', 'none'],
    ['/user/interests', 'authd-only'],
    ['/user/my-interests', 'logged-in-only'],
    ['/plant/42', 'guest-or-authd'],
    ['/post/a1b2', 'none'],
    ['/profile', 'authd-only'],
    ['/profile/plants', 'authd-only'],
    ['/profile/plants/create', 'authd-only'],
    ['/profile/plants/create2', 'authd-only'],
    ['/profile/plants/edit/42', 'authd-only'],
    ['/messages', 'trusted-only'],
    ['/messages/alice', 'trusted-only'],
    ['/messages/alice/to/green-thumbs', 'trusted-only'],
    ['/settings', 'completed-regn'],
    ['/settings/location', 'admin-auth'],
    ['/admin', 'admin-auth'],
    ['/admin/tags', 'admin-auth'],
    ['/admin/email', 'admin-auth'],
    ['/admin/database', 'admin-auth'],
    ['/admin/settings', 'admin-auth'],
    ['/admin/settings/video', 'admin-auth'],
    ['/admin/users/incomplete', 'admin-auth'],
    ['/admin/users/registered', 'admin-auth'],
    ['/docs/terms-of-use', 'none'],
    ['/docs/privacy-policy', 'none'],
  ])('%s is %s', (path, policy) => expect(policyFor(path)).toBe(policy));

  it('never takes a reserved word for a handle', () => {
    expect(policyFor('/settings/edit')).toBeNull();
    expect(policyFor('/events/events')).toBeNull();
  });

  it('has no policy for a path nobody serves (the 404 page shows to anyone)', () => {
    expect(policyFor('/nope/deeper/still')).toBeNull();
  });

  it('gives every literal route of the ownership table a policy', () => {
    const literal = ownershipTable
      .map(([pattern]) => pattern)
      .filter((pattern) => !pattern.includes('*'));
    for (const pattern of literal) {
      expect(policyFor(pattern.replace(':handle', 'someone')), pattern).not.toBeNull();
    }
  });

  it('lists each pattern once', () => {
    const patterns = routePolicyTable.map(([pattern]) => pattern);
    expect(new Set(patterns).size).toBe(patterns.length);
  });
});
