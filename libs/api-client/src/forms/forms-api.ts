import { apiFetch as defaultApiFetch, type ApiFetch } from '../api-fetch';
import { dataOf } from '../envelope';
import type { Schemas } from '../schemas';
import { createApiClient } from '../typed-client';

/** The contact/feedback form's rules for the caller, with the token to send it with. */
export type FormRules = Schemas['FormRulesDto'];
export type NewFormEntryInput = Schemas['NewFormEntryDto'];
export type FormEntry = Schemas['FormEntryDto'];
export type FormEntryPage = Schemas['FormEntryPageDto'];
export type FormKind = FormRules['kinds'][number];

/** The forms calls of the contract over the typed client (the list and handling: admins). */
export function createFormsApi(apiFetch: ApiFetch = defaultApiFetch) {
  const api = createApiClient(apiFetch);
  return {
    rules: (signal?: AbortSignal) => dataOf(api.get('/api/iam/forms/validate', { signal })),
    send: (body: NewFormEntryInput) => dataOf(api.post('/api/iam/forms/new', { body })),
    /** Admins: entries newest first; `cursor` null for the first page. */
    entries: (cursor: string | null, signal?: AbortSignal) =>
      dataOf(
        api.get('/api/iam/admin/forms', { query: cursor ? { cursorId: cursor } : {}, signal }),
      ),
    markHandled: (id: string, handled: boolean) =>
      dataOf(api.put('/api/iam/admin/forms/{id}/handled', { path: { id }, body: { handled } })),
  };
}

export type FormsApi = ReturnType<typeof createFormsApi>;
export const formsApi: FormsApi = createFormsApi();
