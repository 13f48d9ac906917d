// Hand-written types of the identity API (issue 3 contract), used until openapi.json carries the
// identity module; then these can become aliases of `components['schemas'][...]`.
import type { GeoLocation, SessionUser } from '@plantfolk/session';

/** The signed-in user as the API describes them (`GET /api/iam/authn/profile`). */
export type Profile = SessionUser;

/** A one-time login code (60 s), exchanged with the PKCE verifier for a session. */
export interface LoginCode {
  code: string;
  expires_in: number;
}

/** What the token endpoint (`POST /api/iam/authn/refresh`) answers. */
export interface Session {
  access_token: string;
  token_type: 'Bearer';
  /** Seconds the access token stays valid. */
  expires_in: number;
  user: Profile;
}

export interface Credentials {
  email: string;
  password: string;
}

export interface IsAuthenticated {
  authenticated: boolean;
  stage?: Profile['stage'];
  suspended?: boolean;
}

/** The location part of a profile, as the forms send it. */
export interface LocationInput {
  suburb_city: string;
  state: string;
  country: string;
  latitude: number;
  longitude: number;
}

export interface RegisterInput extends LocationInput {
  username: string;
}

export interface PasswordChangeInput {
  current_password: string;
  new_password: string;
  /** Ends every other session of the user (other devices, other browsers). */
  end_other_sessions?: boolean;
}

export type ProfileUpdateInput = Partial<RegisterInput> & Partial<PasswordChangeInput>;

export interface PhoneCheck {
  /** True when the number is invalid or no SMS could be sent; `recordId` is then ''. */
  unverifiable: boolean;
  recordId: string;
}

export interface PhoneConfirmation {
  verified: true;
  phone_verified: true;
}

/** One session (a logged-in browser or device) of the user. */
export interface UserSessionInfo {
  id: string;
  created_at: string;
  /** Null until the session is first renewed. */
  last_used_at: string | null;
  expires_at: string;
  user_agent: string | null;
  ip: string | null;
  current: boolean;
}

export type DistanceUnit = 'km' | 'mi';

export interface UserSettings {
  email_on_message: boolean;
  email_on_comment: boolean;
  email_on_event: boolean;
  show_in_nearby: boolean;
  distance_unit: DistanceUnit;
}

export const defaultUserSettings: Readonly<UserSettings> = Object.freeze({
  email_on_message: true,
  email_on_comment: true,
  email_on_event: true,
  show_in_nearby: true,
  distance_unit: 'km',
});

export type PermissionName = 'trusted' | 'admin' | 'create-page' | 'create-event' | 'messaging';

/** A field-level problem of a 400 VALIDATION_FAILED (`error.details`). */
export interface FieldProblem {
  field: string;
  messages: string[];
}

export type { GeoLocation };
