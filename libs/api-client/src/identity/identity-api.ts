import { apiFetch as defaultApiFetch, type ApiFetch } from '../api-fetch';
import type { Responder } from '../envelope';
import type { UploadProgress } from '../upload-transport';
import type {
  Credentials,
  IsAuthenticated,
  LoginCode,
  PermissionName,
  PhoneCheck,
  PhoneConfirmation,
  Profile,
  ProfileUpdateInput,
  RegisterInput,
  Session,
  UserSessionInfo,
  UserSettings,
} from './identity-types';

const AUTHN = '/api/iam/authn';

/** The PKCE challenge sent with a login or signup. */
export interface ChallengeInput {
  code_challenge: string;
  code_challenge_method: 'S256';
}

/** Calls that make or renew a session: no old token, and a 401 is an answer, not a logout. */
const sessionCall = { anonymous: true, redirectOnUnauthorized: false } as const;

/**
 * Every identity endpoint of the contract as a typed function. The session flow (login, code
 * exchange, renewal, logout) is driven by the session client; screens call the rest.
 */
export function createIdentityApi(apiFetch: ApiFetch = defaultApiFetch) {
  const data = async <T>(promise: Promise<{ data: T }>) => (await promise).data;

  return {
    signup: (body: Credentials & ChallengeInput) =>
      data(apiFetch<LoginCode>(`${AUTHN}/signup`, { method: 'POST', body, ...sessionCall })),

    login: (body: Credentials & ChallengeInput) =>
      data(apiFetch<LoginCode>(`${AUTHN}/login`, { method: 'POST', body, ...sessionCall })),

    exchangeCode: (code: string, codeVerifier: string) =>
      data(
        apiFetch<Session>(`${AUTHN}/refresh`, {
          method: 'POST',
          body: { grant_type: 'authorization_code', code, code_verifier: codeVerifier },
          ...sessionCall,
        }),
      ),

    /** Renews the session from the httpOnly refresh cookie (sent by the browser itself). */
    refresh: () =>
      data(
        apiFetch<Session>(`${AUTHN}/refresh`, {
          method: 'POST',
          body: { grant_type: 'refresh_token' },
          credentials: 'include',
          ...sessionCall,
        }),
      ),

    /** Ends a session; the token and csrf token are passed in because the store is cleared by then. */
    logout: (accessToken: string, csrfToken: string) =>
      data(
        apiFetch<{ loggedOut: boolean }>(`${AUTHN}/logout`, {
          method: 'POST',
          body: {},
          headers: { authorization: `Bearer ${accessToken}`, 'x-csrf-token': csrfToken },
          ...sessionCall,
        }),
      ),

    isAuthenticated: () => data(apiFetch<IsAuthenticated>(`${AUTHN}/isauthenticated`)),

    profile: (signal?: AbortSignal) => data(apiFetch<Profile>(`${AUTHN}/profile`, { signal })),

    register: (body: RegisterInput) =>
      data(apiFetch<Profile>(`${AUTHN}/register`, { method: 'POST', body })),

    update: (body: ProfileUpdateInput) =>
      data(apiFetch<Profile>(`${AUTHN}/update`, { method: 'PUT', body })),

    /** The password is checked again; the server ends the session and clears the cookie. */
    deleteAccount: (uuid: string, password: string) =>
      data(
        apiFetch<{ deleted: boolean }>(`${AUTHN}/delete`, {
          method: 'DELETE',
          body: { uuid, password },
          redirectOnUnauthorized: false,
        }),
      ),

    /** (Re)sends the verification link. Answers the same whether or not the address exists. */
    resendVerification: (email: string) =>
      data(
        apiFetch<{ sent: boolean }>(`${AUTHN}/verifyemail`, { method: 'POST', body: { email } }),
      ),

    verifyEmailToken: (token: string) =>
      data(
        apiFetch<{ verified: boolean }>(`${AUTHN}/verifyemailtoken`, {
          method: 'POST',
          body: { token },
          anonymous: true,
        }),
      ),

    requestPasswordReset: (email: string) =>
      data(
        apiFetch<{ sent: boolean }>(`${AUTHN}/reset`, {
          method: 'POST',
          body: { email },
          anonymous: true,
        }),
      ),

    verifyResetToken: (token: string) =>
      data(
        apiFetch<{ valid: boolean }>('/api/iam/pwreset/verify', {
          method: 'POST',
          body: { token },
          anonymous: true,
        }),
      ),

    /** Sets the new password of a reset link; the server ends every session of that user. */
    resetPassword: (token: string, password: string) =>
      data(
        apiFetch<{ updated: boolean }>('/api/iam/pwreset/update', {
          method: 'PUT',
          body: { token, password },
          anonymous: true,
        }),
      ),

    startPhoneCheck: (phoneNo: string, userId: string) =>
      data(
        apiFetch<PhoneCheck>(`${AUTHN}/init-phone-and-check/`, {
          method: 'POST',
          body: { phoneNo, userId },
        }),
      ),

    confirmPhone: (body: { phoneNo: string; userId: string; recordId: string; code: string }) =>
      data(
        apiFetch<PhoneConfirmation>(`${AUTHN}/confirm-phone-and-record/`, { method: 'PUT', body }),
      ),

    sessions: (signal?: AbortSignal) =>
      data(apiFetch<UserSessionInfo[]>(`${AUTHN}/sessions`, { signal })),

    revokeSession: (id: string) =>
      data(
        apiFetch<{ revoked: boolean }>(`${AUTHN}/sessions/${encodeURIComponent(id)}`, {
          method: 'DELETE',
        }),
      ),

    userSettings: (signal?: AbortSignal) =>
      data(apiFetch<UserSettings>('/api/iam/users/user-settings', { signal })),

    createUserSettings: () =>
      data(
        apiFetch<UserSettings>('/api/iam/users/create-user-settings', { method: 'POST', body: {} }),
      ),

    updateUserSettings: (body: Partial<UserSettings>) =>
      data(apiFetch<UserSettings>('/api/iam/users/update-user-settings', { method: 'PUT', body })),

    permission: (uuid: string, name: PermissionName) =>
      data(
        apiFetch<{ permitted: boolean }>(
          `/api/iam/users/${encodeURIComponent(uuid)}/permission/${name}`,
        ),
      ),

    uploadAvatar: (
      file: Blob,
      options: { onProgress?: (progress: UploadProgress) => void; signal?: AbortSignal } = {},
    ) => {
      const form = new FormData();
      form.append('file', file);
      return data(
        apiFetch<Profile>('/api/iam/users/avatar', {
          method: 'POST',
          body: form,
          signal: options.signal,
          onUploadProgress: options.onProgress,
        }),
      );
    },

    deleteAvatar: () => data(apiFetch<Profile>('/api/iam/users/avatar', { method: 'DELETE' })),

    /** Anyone's public summary (`GET /api/user/get-user-by-uuid/{uuid}`). */
    userSummary: (uuid: string, signal?: AbortSignal) =>
      data(
        apiFetch<Responder>(`/api/user/get-user-by-uuid/${encodeURIComponent(uuid)}`, { signal }),
      ),

    /** Sets the httpOnly cookie that opens the queue dashboard (admins). */
    openQueueDashboardSession: () =>
      data(
        apiFetch<{ url: string }>('/api/iam/admin/queue-dashboard-session', {
          method: 'POST',
          body: {},
        }),
      ),
  };
}

export type IdentityApi = ReturnType<typeof createIdentityApi>;

/** The identity calls over the page's one fetch wrapper. */
export const identityApi: IdentityApi = createIdentityApi();
