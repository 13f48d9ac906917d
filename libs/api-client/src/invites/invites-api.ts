import { apiFetch as defaultApiFetch, type ApiFetch } from '../api-fetch';
import { dataOf } from '../envelope';
import type { Schemas } from '../schemas';
import { createApiClient } from '../typed-client';

/** An invite as its sender sees it (status: valid, used, expired or revoked). */
export type Invite = Schemas['InviteDto'];
/** An invite as anyone with its link sees it. */
export type PublicInvite = Schemas['PublicInviteDto'];
export type InvitePage = Schemas['InvitePageDto'];
export type NewInviteInput = Schemas['NewInviteDto'];
export type AcceptedInvite = Schemas['AcceptedInviteDto'];
export type InviteType = Invite['inviteType'];
export type InviteStatus = Invite['status'];

/** The invite calls of the contract over the typed client. */
export function createInvitesApi(apiFetch: ApiFetch = defaultApiFetch) {
  const api = createApiClient(apiFetch);
  return {
    create: (body: NewInviteInput) => dataOf(api.post('/api/iam/invites/new', { body })),
    setValidity: (uuid: string, isValid: boolean) =>
      dataOf(
        api.put('/api/iam/users/invites/update-validity/{uuid}', {
          path: { uuid },
          body: { uuid, is_valid: isValid },
        }),
      ),
    /** The caller's sent invites, newest first; `cursor` null for the first page. */
    sent: (cursor: string | null, signal?: AbortSignal) =>
      dataOf(
        api.get('/api/iam/invites/sent', {
          query: cursor ? { cursorId: cursor } : {},
          signal,
        }),
      ),
    view: (uuid: string, signal?: AbortSignal) =>
      dataOf(api.get('/api/iam/invites/view/{uuid}', { path: { uuid }, signal })),
    accept: (uuid: string) =>
      dataOf(api.post('/api/iam/invites/accept/{uuid}', { path: { uuid } })),
  };
}

export type InvitesApi = ReturnType<typeof createInvitesApi>;
export const invitesApi: InvitesApi = createInvitesApi();
