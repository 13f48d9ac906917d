/** A point on the map, as the API returns it. */
export interface GeoLocation {
  latitude: number;
  longitude: number;
}

/** Roles on top of being a member. Trusted members create pages and events and use messaging. */
export type Role = 'trusted' | 'admin';

/**
 * How far a user got: signed up (e-mail unverified) → e-mail verified → registered (username
 * and location chosen).
 */
export type RegistrationStage = 'signed-up' | 'verified' | 'registered';

/**
 * The signed-in user: the API's `Profile` (`GET /api/iam/authn/profile`, and `user` of every
 * session the API hands out).
 */
export interface SessionUser {
  uuid: string;
  email: string;
  email_verified: boolean;
  /** Null until the user has registered. */
  username: string | null;
  /** How they like to be called (plain text); null: the username alone. */
  display_name: string | null;
  /** A few words about themselves (plain text, line breaks kept); null when none. */
  bio: string | null;
  /** Image reference in the public images bucket, or null when the user has none. */
  avatar: string | null;
  avatar_blurhash: string | null;
  suburb_city: string | null;
  state: string | null;
  country: string | null;
  location: GeoLocation | null;
  /** Sent with every mutation; the API refuses a mutation without it. */
  csrf_token: string;
  phone_verified: boolean;
  stage: RegistrationStage;
  roles: Role[];
  suspended: boolean;
  created_at: string;
}

/** `unknown` until the first session check answers. */
export type LoggedInState = 'unknown' | true | false;

export interface SessionState {
  loggedIn: LoggedInState;
  user: SessionUser | null;
  /** Set when loading the profile failed (spec section 4). */
  profileError: boolean;
  /** Short-lived bearer token. Lives only in memory: never in localStorage or sessionStorage. */
  accessToken: string | null;
  /** When the access token stops working (epoch milliseconds), so it can be renewed before. */
  accessTokenExpiresAt: number | null;
}

/** Navigates; may return the router's promise so a caller can wait for the navigation. */
export type Navigate = (path: string) => void | Promise<void>;

export interface LogoutOptions {
  /**
   * Whether the server session still has to be ended (`POST /api/iam/authn/logout`). False when
   * the server has ended it already: the account was deleted, the refresh token was refused, or
   * another tab logged out.
   */
  endServerSession?: boolean;
}

/**
 * Called by `logout` after the local state has been cleared, with the session as it was.
 * The session client installs one that calls `POST /api/iam/authn/logout` and tells other tabs.
 */
export type LogoutHandler = (
  previous: SessionState,
  options: Required<LogoutOptions>,
) => Promise<void> | void;

/**
 * Renews the access token (the session client installs one). Resolves to the new token, or null
 * when the session could not be renewed.
 */
export type TokenRefresher = () => Promise<string | null>;
