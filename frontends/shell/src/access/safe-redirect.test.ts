import { fakeProfile } from '@plantfolk/api-client/testing';
import { describe, expect, it } from 'vitest';
import { destinationAfterLogin, safeRedirectPath } from './safe-redirect';

describe('safeRedirectPath', () => {
  it.each([
    ['/settings', '/settings'],
    ['/profile/plants?filter=plantsAvail#top', '/profile/plants?filter=plantsAvail#top'],
  ])('keeps the path %s on this site', (value, expected) =>
    expect(safeRedirectPath(value)).toBe(expected),
  );

  it.each([
    null,
    '',
    'https://evil.example/phish',
    '//evil.example/phish',
    '/\\evil.example',
    'javascript:alert(1)',
    'settings',
    '/auth/login?redirect=%2Fsettings',
  ])('drops %j', (value) => expect(safeRedirectPath(value)).toBeNull());
});

describe('destinationAfterLogin', () => {
  it('goes back to the page the user came from', () => {
    expect(destinationAfterLogin(fakeProfile(), '/settings')).toBe('/settings');
  });

  it('otherwise moves an unfinished sign-up on, or goes home', () => {
    expect(destinationAfterLogin(fakeProfile({ stage: 'signed-up' }), null)).toBe('/auth/verify');
    expect(destinationAfterLogin(fakeProfile({ stage: 'verified' }), null)).toBe('/auth/register');
    expect(destinationAfterLogin(fakeProfile({ suspended: true }), null)).toBe('/auth/suspended');
    expect(destinationAfterLogin(fakeProfile(), null)).toBe('/');
  });
});
