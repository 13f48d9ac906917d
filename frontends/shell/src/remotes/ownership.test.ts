import { isReservedHandle } from '@plantfolk/api-client';
import { claimedFirstSegments } from '@plantfolk/ui';
import { describe, expect, it } from 'vitest';
import { createRouteOwnership, remoteNames, shellPatterns } from './ownership';
import { defaultRuntimeConfig } from './runtime-config';

const resolveOwner = createRouteOwnership(defaultRuntimeConfig.routes).ownerOf;

describe('resolveOwner', () => {
  it.each([
    ['/join', 'shell'],
    ['/about', 'shell'],
    ['/welcome', 'shell'],
    ['/auth/login', 'shell'],
    ['/auth/verifyemail', 'shell'],
    ['/docs/terms-of-use', 'shell'],
    ['/docs/privacy-policy', 'shell'],
    ['/settings', 'shell'],
  ])('the shell owns %s', (path, owner) => expect(resolveOwner(path)).toBe(owner));

  it.each([
    ['/', 'social'],
    ['/tag/succulents', 'social'],
    ['/pages', 'social'],
    ['/pages/nearby', 'social'],
    ['/pages/new', 'social'],
    ['/users', 'social'],
    ['/users/nearby', 'social'],
    ['/invites', 'social'],
    ['/invites/user', 'social'],
    ['/invites/3c1a', 'social'],
    ['/user/interests', 'social'],
    ['/plant/42', 'social'],
    ['/post/a1b2', 'social'],
    ['/profile', 'social'],
    ['/profile/plants/create2', 'social'],
    ['/messages', 'social'],
    ['/messages/alice/to/green-thumbs', 'social'],
    ['/alice', 'social'],
    ['/green-thumbs/edit', 'social'],
  ])('the social remote owns %s', (path, owner) => expect(resolveOwner(path)).toBe(owner));

  it.each([
    ['/events', 'events'],
    ['/event/x7Yz', 'events'],
    ['/event/x7Yz/edit', 'events'],
    ['/green-thumbs/events', 'events'],
    ['/green-thumbs/events/new', 'events'],
  ])('the events remote owns %s', (path, owner) => expect(resolveOwner(path)).toBe(owner));

  it.each([
    ['/admin', 'admin'],
    ['/admin/users/incomplete', 'admin'],
    ['/admin/settings/video', 'admin'],
    ['/settings/location', 'admin'],
  ])('the admin remote owns %s', (path, owner) => expect(resolveOwner(path)).toBe(owner));

  it('ignores a trailing slash', () => {
    expect(resolveOwner('/events/')).toBe('events');
    expect(resolveOwner('/alice/')).toBe('social');
  });

  it.each([
    '/nope/deeper/still',
    '/settings/other',
    '/events/extra',
    '/docs',
    '/alice/unknown-tab',
    '/tag',
    '/user',
  ])('nobody owns %s', (path) => {
    expect(resolveOwner(path)).toBeNull();
  });

  it('never treats a reserved word as a handle', () => {
    expect(resolveOwner('/about/edit')).toBeNull();
    expect(resolveOwner('/events/events')).toBeNull();
    expect(resolveOwner('/Admin/edit')).toBeNull();
  });
});

describe('the ownership table of the runtime config', () => {
  it('takes a route a remote adds in the runtime config, without a shell rebuild', () => {
    const ownership = createRouteOwnership({
      ...defaultRuntimeConfig.routes,
      social: [...defaultRuntimeConfig.routes.social, '/notifications'],
    });
    expect(resolveOwner('/notifications')).toBeNull();
    expect(ownership.ownerOf('/notifications')).toBe('social');
  });

  it("keeps the shell's own paths whatever the runtime config says", () => {
    const ownership = createRouteOwnership({
      social: ['/settings', '/about'],
      events: [],
      admin: [],
    });
    expect(ownership.ownerOf('/settings')).toBe('shell');
    expect(ownership.ownerOf('/about')).toBe('shell');
  });

  it('lists each pattern once', () => {
    const patterns = [
      ...shellPatterns,
      ...remoteNames.flatMap((name) => defaultRuntimeConfig.routes[name]),
    ];
    expect(new Set(patterns).size).toBe(patterns.length);
  });

  it('reserves the paths the gateway sends past the shell', () => {
    expect(['api', 'storage', 'remotes'].filter((segment) => !isReservedHandle(segment))).toEqual(
      [],
    );
  });

  it('claims only first path segments that no handle can take', () => {
    const patterns = [
      ...shellPatterns,
      ...remoteNames.flatMap((name) => defaultRuntimeConfig.routes[name]),
    ];
    expect(claimedFirstSegments(patterns).filter((segment) => !isReservedHandle(segment))).toEqual(
      [],
    );
  });
});
