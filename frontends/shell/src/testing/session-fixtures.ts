import { ok, type FakeReply } from '@plantfolk/api-client/testing';
import type { SessionState, SessionUser } from '@plantfolk/session';

/** A logged-in session as the store holds it, with a token good for 15 minutes. */
export function signedIn(user: SessionUser): Partial<SessionState> {
  return {
    loggedIn: true,
    user,
    accessToken: 'access-test',
    accessTokenExpiresAt: Date.now() + 15 * 60_000,
  };
}

/** What `POST /api/iam/authn/refresh` answers with a session for `user`. */
export function sessionReply(user: SessionUser, accessToken = 'access-new'): FakeReply {
  return ok({ access_token: accessToken, token_type: 'Bearer', expires_in: 900, user });
}
