// Imports nothing: the shell's first script reads the hint before the shared libraries have
// loaded (frontends/shell/src/remotes/early-start.ts), as the session client does at page start.

/**
 * The API sets this cookie (`1`, no secret, readable by scripts) beside the httpOnly refresh
 * cookie and clears it with it (backend identity.constants.ts, SESSION_HINT_COOKIE).
 */
export const SESSION_HINT_COOKIE = 'pf_session';

/** Whether a `document.cookie` string carries the session hint. */
export function hasSessionHint(cookies: string): boolean {
  return cookies.split(';').some((cookie) => cookie.trim() === `${SESSION_HINT_COOKIE}=1`);
}
