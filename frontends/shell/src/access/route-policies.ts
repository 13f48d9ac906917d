import { reservedWords } from '../remotes/ownership';
import { compilePattern, matchesPattern, splitPath } from '../routing/path-pattern';

/** The spec's guard names; the API enforces the same policies on its handlers. */
export const accessPolicies = [
  'none',
  'guest-or-authd',
  'authd-only',
  'logged-in-only',
  'completed-regn',
  'trusted-only',
  'admin-auth',
] as const;
export type AccessPolicy = (typeof accessPolicies)[number];

/**
 * The guard of every route of the spec's route table (section 2), whichever slice serves it.
 * The shell checks it before rendering a page, so remotes need no guards of their own. Patterns
 * as in routing/path-pattern.ts; the first matching row wins, so specific rows come before the
 * `:handle` rows. A path without a row is nobody's page: the 404 page shows to anyone.
 */
export const routePolicyTable: ReadonlyArray<readonly [pattern: string, policy: AccessPolicy]> = [
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

  ['/tag/:name', 'guest-or-authd'],
  ['/pages', 'guest-or-authd'],
  ['/pages/nearby', 'none'],
  ['/pages/new', 'trusted-only'],
  ['/users', 'none'],
  ['/users/nearby', 'authd-only'],
  ['/events', 'guest-or-authd'],
  ['/event/:randomId', 'guest-or-authd'],
  ['/event/:randomId/edit', 'authd-only'],

  ['/invites/user', 'authd-only'],
  ['/invites', 'authd-only'],
  ['/invites/expired', 'none'],
  ['/invites/:id', 'none'],
  ['/user/interests', 'authd-only'],
  ['/user/my-interests', 'logged-in-only'],
  ['/plant/:plantId', 'guest-or-authd'],
  ['/post/:randomId', 'none'],

  ['/profile', 'authd-only'],
  ['/profile/plants', 'authd-only'],
  ['/profile/plants/create', 'authd-only'],
  ['/profile/plants/create2', 'authd-only'],
  ['/profile/plants/edit/:plantId', 'authd-only'],

  ['/messages', 'trusted-only'],
  ['/messages/:username', 'trusted-only'],
  ['/messages/:userHandle/to/:pageHandle', 'trusted-only'],

  ['/settings', 'completed-regn'],
  ['/settings/location', 'admin-auth'],
  ['/admin', 'admin-auth'],
  // Every admin screen (the spec's and any added later) is for admins only.
  ['/admin/*', 'admin-auth'],

  ['/docs/terms-of-use', 'none'],
  ['/docs/privacy-policy', 'none'],

  ['/:handle', 'guest-or-authd'],
  ['/:handle/edit', 'authd-only'],
  ['/:handle/events', 'guest-or-authd'],
  ['/:handle/events/new', 'trusted-only'],
];

const compiledTable = routePolicyTable.map(([pattern, policy]) => ({
  pattern: compilePattern(pattern),
  policy,
}));

/** The policy of the page at `pathname`, or null when the table has none (a 404). */
export function policyFor(pathname: string): AccessPolicy | null {
  const segments = splitPath(pathname);
  return (
    compiledTable.find((row) => matchesPattern(row.pattern, segments, reservedWords))?.policy ??
    null
  );
}
