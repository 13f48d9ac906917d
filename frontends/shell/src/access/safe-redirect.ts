import type { SessionUser } from '@plantfolk/session';
import { REGISTER_PATH, VERIFY_PATH } from './access-decision';

/**
 * The `?redirect=` of a login link, if it is a path on this site. Anything else (another
 * origin, `//evil.example`, `javascript:`) is dropped, so a crafted link cannot send a user who
 * just logged in to someone else's page.
 */
export function safeRedirectPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) {
    return null;
  }
  try {
    const url = new URL(value, 'https://plantfolk.invalid');
    if (url.origin !== 'https://plantfolk.invalid') return null;
    // Going back to an auth page after logging in would only loop.
    if (url.pathname === '/auth/login' || url.pathname === '/auth/signup') return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}

/** Where a user goes after logging in: back where they came from, or on with their sign-up. */
export function destinationAfterLogin(user: SessionUser, redirect: string | null): string {
  if (redirect) return redirect;
  if (user.suspended) return '/auth/suspended';
  if (user.stage === 'signed-up') return VERIFY_PATH;
  if (user.stage === 'verified') return REGISTER_PATH;
  return '/';
}
