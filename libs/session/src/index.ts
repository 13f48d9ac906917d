export {
  createSessionStore,
  displayNameOf,
  hasRole,
  initialSessionState,
  isTrusted,
  sessionStore,
  type SessionStore,
} from './session-store';
export type {
  GeoLocation,
  LoggedInState,
  LogoutHandler,
  LogoutOptions,
  Navigate,
  RegistrationStage,
  Role,
  SessionState,
  SessionUser,
  TokenRefresher,
} from './session-types';
export { useSession } from './use-session';
export {
  base64UrlEncode,
  createCodeChallenge,
  createCodeVerifier,
  createPkcePair,
  PKCE_METHOD,
  type PkcePair,
} from './auth/pkce';
export {
  createRefreshLock,
  REFRESH_LOCK_NAME,
  type LockManagerLike,
  type RefreshLock,
} from './auth/refresh-lock';
export {
  createSessionChannel,
  SESSION_CHANNEL_NAME,
  type SessionChannel,
  type SessionMessage,
} from './auth/session-channel';
