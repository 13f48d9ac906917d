import { EMAIL_RULE, RESERVED_HANDLE_LIST } from './generated/field-rules';

/**
 * The e-mail rule of spec section 5, one rule for the browser and the API. The API owns it: its
 * `EmailField` decorator (backend/src/platform/http/fields.ts) validates with it and writes it into
 * the OpenAPI document as the field's `pattern`, and `npm run generate` copies it from the
 * committed document into generated/field-rules.ts, beside the client types. Tests fail when the
 * document or that copy is stale, and both sides run one table of cases
 * (email-address-cases.json). A shared runtime package was the alternative, but the backend
 * builds from backend/src alone and ships without libs/, while the document already travels.
 */
const EMAIL_PATTERN = new RegExp(EMAIL_RULE.pattern);

/** Whether the API will take this address (after trimming what a user may type around it). */
export function isValidEmail(value: string): boolean {
  const email = value.trim();
  return (
    email.length >= EMAIL_RULE.minLength &&
    email.length <= EMAIL_RULE.maxLength &&
    EMAIL_PATTERN.test(email)
  );
}

export const MAX_EMAIL_LENGTH: number = EMAIL_RULE.maxLength;

/**
 * The words a username or page handle may not be, compared lower-cased: every first path segment
 * the app uses (`/events`, `/admin`, `/api`, …), so `/{handle}` never shadows a page. The API owns
 * the list (backend/src/modules/identity/identity.constants.ts) and writes it into the OpenAPI
 * document, from where `npm run generate` copies it, like the e-mail rule above. The shell reads
 * it to tell a handle from a path, and each slice's tests check its routes against it.
 */
export const RESERVED_HANDLES: ReadonlySet<string> = new Set(RESERVED_HANDLE_LIST);

/** Whether `segment` may not be a handle (it names a part of the app). */
export function isReservedHandle(segment: string): boolean {
  return RESERVED_HANDLES.has(segment.toLowerCase());
}
