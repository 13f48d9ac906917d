import { createFakeApi, fakeProfile, type FakeApi } from '@plantfolk/api-client/testing';
import { initialSessionState, sessionStore } from '@plantfolk/session';
import { renderRoutes } from '@plantfolk/ui/testing';
import axe from 'axe-core';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { routes } from '../routes';

/** The signed-in admin's bearer token and csrf token, as the fake API sees them. */
export const ADMIN_TOKEN = 'admin-token';
export const ADMIN_CSRF = 'csrf-1';

/**
 * For the tests of the describe block it is called in: a fresh fake API as `fetch` (with the
 * answers `serve` gives it) and an admin signed in before each test; both undone after it, with
 * the colour scheme an axe check may have switched. Read the API as `admin.api` inside a test;
 * `profile` overrides the admin's own profile (e.g. their uuid).
 */
export function signedInAdmin(
  serve: (api: FakeApi) => FakeApi = (api) => api,
  profile: Parameters<typeof fakeProfile>[0] = {},
): {
  readonly api: FakeApi;
} {
  let current: FakeApi | undefined;
  beforeEach(() => {
    current = serve(createFakeApi());
    vi.stubGlobal('fetch', current.fetch);
    sessionStore.setSession({
      loggedIn: true,
      accessToken: ADMIN_TOKEN,
      user: fakeProfile({
        username: 'root',
        roles: ['admin'],
        csrf_token: ADMIN_CSRF,
        ...profile,
      }),
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStore.setSession(initialSessionState);
    document.documentElement.removeAttribute('data-mantine-color-scheme');
  });
  return {
    get api() {
      if (!current) throw new Error('signedInAdmin: the API exists only inside a test');
      return current;
    },
  };
}

/** The admin remote's routes rendered at `path`. */
export function renderAdmin(path: string) {
  return renderRoutes(routes, path);
}

/** Axe finds nothing in light nor in dark mode (contrast is the e2e journeys' job: jsdom has no layout). */
export async function expectNoAxeViolations(container: HTMLElement): Promise<void> {
  for (const scheme of ['light', 'dark']) {
    document.documentElement.setAttribute('data-mantine-color-scheme', scheme);
    const report = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(
      report.violations.map((violation) => violation.id),
      scheme,
    ).toEqual([]);
  }
}
