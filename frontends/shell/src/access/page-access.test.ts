import type { UIMatch } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createRouteOwnership } from '../remotes/ownership';
import { defaultRuntimeConfig } from '../remotes/runtime-config';
import { pageAccessOf } from './page-access';

const ownership = createRouteOwnership(defaultRuntimeConfig.routes);

function match(id: string, handle: unknown, params: Record<string, string> = {}): UIMatch {
  return { id, pathname: '/', params, data: undefined, loaderData: undefined, handle };
}

const frame = [match('root', undefined), match('pages', undefined)];
const socialSlot = match('remote:social', { remote: 'social' });

describe('pageAccessOf: the policy the matched page declares', () => {
  it("reads the policy from the matched route's handle", () => {
    const matches = [...frame, socialSlot, match('profile', { access: 'authd-only' })];
    expect(pageAccessOf(matches, '/profile', ownership)).toEqual({
      kind: 'page',
      policy: 'authd-only',
    });
  });

  it('fails closed: a route that declares no policy is no page', () => {
    const matches = [...frame, socialSlot, match('profile', { title: 'Your profile' })];
    expect(pageAccessOf(matches, '/profile', ownership)).toEqual({ kind: 'unmatched' });
    expect(pageAccessOf([], '/profile', ownership)).toEqual({ kind: 'unmatched' });
  });

  it("is no page where a remote's pattern reaches a URL another slice owns", () => {
    // Social's `/:handle` also matches /events, which the events remote owns.
    const matches = [
      ...frame,
      socialSlot,
      match('handle', { access: 'guest-or-authd' }, { handle: 'events' }),
    ];
    expect(pageAccessOf(matches, '/events', ownership)).toEqual({ kind: 'unmatched' });
  });

  it.each(['messages', 'Settings', 'notifications'])(
    'never takes the reserved word %j for a handle',
    (word) => {
      const matches = [
        ...frame,
        socialSlot,
        match('handle', { access: 'guest-or-authd' }, { handle: word }),
      ];
      expect(pageAccessOf(matches, `/${word.toLowerCase()}`, ownership)).toEqual({
        kind: 'unmatched',
      });
    },
  );

  it('takes any other word for a handle', () => {
    const matches = [
      ...frame,
      socialSlot,
      match('handle', { access: 'guest-or-authd' }, { handle: 'green-thumbs' }),
    ];
    expect(pageAccessOf(matches, '/green-thumbs', ownership)).toEqual({
      kind: 'page',
      policy: 'guest-or-authd',
    });
  });
});
