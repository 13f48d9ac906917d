import { hasRole, isTrusted, type SessionState } from '@plantfolk/session';
import type { AccessPolicy } from '@plantfolk/ui';

export const LOGIN_PATH = '/auth/login';
export const VERIFY_PATH = '/auth/verify';
export const REGISTER_PATH = '/auth/register';
export const SUSPENDED_PATH = '/auth/suspended';

/** Why a logged-in user may not see a page however far they get: they lack a role. */
export type MissingRole = 'trusted' | 'admin';

export type AccessDecision =
  | { kind: 'allow' }
  /** The logged-in state is not known yet: show a loader, decide when it is. */
  | { kind: 'wait' }
  | { kind: 'redirect'; to: string }
  | { kind: 'forbidden'; missingRole: MissingRole };

const allow: AccessDecision = { kind: 'allow' };

/** `/path?query` as a `redirect` parameter that brings the user back. */
function withRedirect(target: string, back: string): string {
  return `${target}?redirect=${encodeURIComponent(back)}`;
}

/**
 * What the client does with a caller on a page (the server's policies, mirrored): guests log in
 * and come back, a signed-up user verifies the e-mail, a verified one registers, a suspended one
 * sees the suspension page, and a user without the needed role is told so.
 */
export function decideAccess(
  policy: AccessPolicy | null,
  session: Pick<SessionState, 'loggedIn' | 'user'>,
  here: string,
): AccessDecision {
  if (policy === null || policy === 'none') return allow;
  if (session.loggedIn === 'unknown') return { kind: 'wait' };

  const user = session.loggedIn === true ? session.user : null;
  if (user?.suspended) return { kind: 'redirect', to: SUSPENDED_PATH };
  if (policy === 'guest-or-authd') return allow;
  if (!user) return { kind: 'redirect', to: withRedirect(LOGIN_PATH, here) };
  if (policy === 'authd-only') return allow;

  if (policy === 'trusted-only' && !isTrusted(user)) {
    return { kind: 'forbidden', missingRole: 'trusted' };
  }
  if (policy === 'admin-auth' && !hasRole(user, 'admin')) {
    return { kind: 'forbidden', missingRole: 'admin' };
  }
  if (user.stage === 'signed-up') return { kind: 'redirect', to: VERIFY_PATH };
  if (policy === 'logged-in-only') return allow;
  if (user.stage === 'verified') return { kind: 'redirect', to: withRedirect(REGISTER_PATH, here) };
  return allow;
}
