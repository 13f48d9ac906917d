import { apiFetch as defaultApiFetch, type ApiFetch } from '../api-fetch';
import { SESSION_REFRESH_BODY, SESSION_REFRESH_PATH } from '../early-requests';
import { dataOf } from '../envelope';
import type { Schemas } from '../schemas';
import { createApiClient } from '../typed-client';
import type { UploadProgress } from '../upload-transport';

/**
 * The signed-in user as the API describes them (`GET /api/iam/authn/profile`). The session store
 * keeps it as `SessionUser` (libs/session cannot depend on this lib); a type test holds the two
 * equal.
 */
export type Profile = Schemas['ProfileDto'];
/** What the token endpoint (`POST /api/iam/authn/refresh`) answers. */
export type Session = Schemas['SessionGrantDto'];
export type Credentials = Schemas['SignUpDto'];
/** A one-time login code (60 s), exchanged with the PKCE verifier for a session. */
export type LoginCode = Schemas['LoginCodeDto'];
/** A verification link spent; with a PKCE challenge sent, also a one-time login code. */
export type EmailVerified = Schemas['EmailVerifiedDto'];
export type IsAuthenticated = Schemas['AuthStatusDto'];
export type RegisterInput = Schemas['RegisterDto'];
export type ProfileUpdateInput = Schemas['UpdateAccountDto'];
/** A member's own page (`/{handle}`): their summary with their bio. */
export type PublicProfile = Schemas['PublicProfileDto'];
export type PhoneCheck = Schemas['PhoneCheckStartedDto'];
export type PhoneConfirmation = Schemas['PhoneVerifiedDto'];
/** One session (a logged-in browser or device) of the user. */
export type UserSessionInfo = Schemas['SessionSummaryDto'];
export type UserSettings = Schemas['UserSettingsDto'];
export type DistanceUnit = UserSettings['distance_unit'];
/** A member as admins see them: e-mail, registration stage and roles included. */
export type AdminMember = Schemas['AdminUserDto'];
export type AdminMemberPage = Schemas['AdminUserPageDto'];
/** The admins' two member lists: complete profiles, and those not finished registering. */
export type AdminMemberList = 'registered' | 'incomplete';
export type MemberRolesInput = Schemas['UpdateMemberRolesDto'];

/** The PKCE challenge sent with a login or an e-mailed verification link. */
export type ChallengeInput = Pick<
  Schemas['CredentialsWithChallengeDto'],
  'code_challenge' | 'code_challenge_method'
>;

/**
 * The permissions `GET /api/iam/users/{uuid}/permission/{name}` knows. The document types that
 * path segment as any string (the API refuses others with a 400), so this union is the wrapper's.
 */
export type PermissionName = 'trusted' | 'admin' | 'create-page' | 'create-event' | 'messaging';

/** Calls that make or renew a session: no old token, and a 401 is an answer, not a logout. */
const sessionCall = { anonymous: true, redirectOnUnauthorized: false } as const;

/**
 * Every identity endpoint of the contract as a named function over the typed client. The
 * session flow (login, code exchange, renewal, logout) is driven by the session client; screens
 * call the rest.
 */
export function createIdentityApi(apiFetch: ApiFetch = defaultApiFetch) {
  const api = createApiClient(apiFetch);

  return {
    /**
     * Creates the account and e-mails its verification link; answers `{sent: true}` alike for an
     * address that already has an account, so it signs nobody in (the link does).
     */
    signup: (body: Credentials) =>
      dataOf(api.post('/api/iam/authn/signup', { body, ...sessionCall })),

    login: (body: Credentials & ChallengeInput) =>
      dataOf(api.post('/api/iam/authn/login', { body, ...sessionCall })),

    exchangeCode: (code: string, codeVerifier: string) =>
      dataOf(
        api.post('/api/iam/authn/refresh', {
          body: { grant_type: 'authorization_code', code, code_verifier: codeVerifier },
          ...sessionCall,
        }),
      ),

    /** Renews the session from the httpOnly refresh cookie (sent by the browser itself). */
    refresh: () =>
      dataOf(
        api.post(SESSION_REFRESH_PATH, {
          body: SESSION_REFRESH_BODY,
          credentials: 'include',
          // The page-start renewal may have been sent by the shell's first script already.
          early: true,
          ...sessionCall,
        }),
      ),

    /** Ends a session; the token and csrf token are passed in because the store is cleared by then. */
    logout: (accessToken: string, csrfToken: string) =>
      dataOf(
        api.post('/api/iam/authn/logout', {
          headers: { authorization: `Bearer ${accessToken}`, 'x-csrf-token': csrfToken },
          ...sessionCall,
        }),
      ),

    isAuthenticated: () => dataOf(api.get('/api/iam/authn/isauthenticated')),

    profile: (signal?: AbortSignal) => dataOf(api.get('/api/iam/authn/profile', { signal })),

    register: (body: RegisterInput) => dataOf(api.post('/api/iam/authn/register', { body })),

    update: (body: ProfileUpdateInput) => dataOf(api.put('/api/iam/authn/update', { body })),

    /** The password is checked again; the server ends the session and clears the cookie. */
    deleteAccount: (uuid: string, password: string) =>
      dataOf(
        api.delete('/api/iam/authn/delete', {
          body: { uuid, password },
          redirectOnUnauthorized: false,
        }),
      ),

    /** (Re)sends the verification link. Answers the same whether or not the address exists. */
    resendVerification: (email: string) =>
      dataOf(api.post('/api/iam/authn/verifyemail', { body: { email } })),

    /** Spends a verification link; with a challenge the answer carries a one-time login code. */
    verifyEmailToken: (token: string, challenge?: ChallengeInput) =>
      dataOf(
        api.post('/api/iam/authn/verifyemailtoken', {
          body: { token, ...challenge },
          ...sessionCall,
        }),
      ),

    requestPasswordReset: (email: string) =>
      dataOf(api.post('/api/iam/authn/reset', { body: { email }, anonymous: true })),

    verifyResetToken: (token: string) =>
      dataOf(api.post('/api/iam/pwreset/verify', { body: { token }, anonymous: true })),

    /** Sets the new password of a reset link; the server ends every session of that user. */
    resetPassword: (token: string, password: string) =>
      dataOf(api.put('/api/iam/pwreset/update', { body: { token, password }, anonymous: true })),

    // The spec writes these two paths with a trailing slash; the client sends them as written.
    startPhoneCheck: (phoneNo: string, userId: string) =>
      dataOf(api.post('/api/iam/authn/init-phone-and-check/', { body: { phoneNo, userId } })),

    confirmPhone: (body: Schemas['ConfirmPhoneDto']) =>
      dataOf(api.put('/api/iam/authn/confirm-phone-and-record/', { body })),

    sessions: (signal?: AbortSignal) => dataOf(api.get('/api/iam/authn/sessions', { signal })),

    revokeSession: (id: string) =>
      dataOf(api.delete('/api/iam/authn/sessions/{id}', { path: { id } })),

    userSettings: (signal?: AbortSignal) =>
      dataOf(api.get('/api/iam/users/user-settings', { signal })),

    createUserSettings: () => dataOf(api.post('/api/iam/users/create-user-settings')),

    updateUserSettings: (body: Schemas['UpdateUserSettingsDto']) =>
      dataOf(api.put('/api/iam/users/update-user-settings', { body })),

    permission: (uuid: string, name: PermissionName) =>
      dataOf(api.get('/api/iam/users/{uuid}/permission/{name}', { path: { uuid, name } })),

    uploadAvatar: (
      file: Blob,
      options: { onProgress?: (progress: UploadProgress) => void; signal?: AbortSignal } = {},
    ) =>
      dataOf(
        api.post('/api/iam/users/avatar', {
          form: { file },
          signal: options.signal,
          onUploadProgress: options.onProgress,
        }),
      ),

    deleteAvatar: () => dataOf(api.delete('/api/iam/users/avatar')),

    /** Anyone's public summary (`GET /api/user/get-user-by-uuid/{uuid}`). */
    userSummary: (uuid: string, signal?: AbortSignal) =>
      dataOf(api.get('/api/user/get-user-by-uuid/{uuid}', { path: { uuid }, signal })),

    /**
     * A page of members for admins, newest first; `search` keeps those whose username, display
     * name or e-mail contains it (any case); `cursor` is the previous page's `next_cursor`.
     */
    adminMembers: (
      list: AdminMemberList,
      options: {
        search?: string;
        cursor?: string | null;
        take?: number;
        signal?: AbortSignal;
      } = {},
    ) =>
      dataOf(
        api.get('/api/iam/users/all/{x}', {
          path: { x: list },
          query: {
            ...(options.search?.trim() ? { q: options.search.trim() } : {}),
            ...(options.cursor ? { cursorId: options.cursor } : {}),
            ...(options.take ? { take: String(options.take) } : {}),
          },
          signal: options.signal,
        }),
      ),

    /** Grants or withdraws trust, suspends or reinstates a member (admins). */
    updateMemberRoles: (uuid: string, body: MemberRolesInput) =>
      dataOf(api.put('/api/iam/users/{uuid}', { path: { uuid }, body })),

    /** Deletes a member's account and everything of it (admins). */
    deleteMember: (uuid: string) => dataOf(api.delete('/api/iam/users/{uuid}', { path: { uuid } })),

    /** Sets the httpOnly cookie that opens the queue dashboard (admins). */
    openQueueDashboardSession: () => dataOf(api.post('/api/iam/admin/queue-dashboard-session')),
  };
}

export type IdentityApi = ReturnType<typeof createIdentityApi>;

/** The identity calls over the page's one fetch wrapper. */
export const identityApi: IdentityApi = createIdentityApi();
