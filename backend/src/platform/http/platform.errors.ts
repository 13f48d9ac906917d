import { defineErrors } from './app-error';

/** Errors raised by the HTTP platform itself, before or around any module's rules. */
export const PlatformErrors = defineErrors({
  VALIDATION_FAILED: { status: 400, message: 'Some fields are not valid' },
  MALFORMED_BODY: { status: 400, message: 'The request body could not be read' },
  MALFORMED_URL: { status: 400, message: 'The address could not be read' },
  /** A list cursor we did not make (platform/paging, and the tags catalogue's name cursor). */
  INVALID_CURSOR: { status: 400, message: 'This list position is not valid; please reload' },
  UNAUTHENTICATED: { status: 401, message: 'Please log in to continue' },
  FORBIDDEN: { status: 403, message: 'You are not allowed to do that' },
  NOT_FOUND: { status: 404, message: 'Page not found: {path}' },
  METHOD_NOT_ALLOWED: { status: 405, message: 'This method is not allowed here' },
  CONFLICT: { status: 409, message: 'This conflicts with the current state' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'The request is too large' },
  URI_TOO_LONG: { status: 414, message: 'The address is too long' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'This content type is not supported' },
  RATE_LIMITED: { status: 429, message: 'Too many requests; please wait a moment and try again' },
  INTERNAL: { status: 500, message: 'Something went wrong on our side; please try again' },
  SERVICE_UNAVAILABLE: { status: 503, message: 'The service is temporarily unavailable' },
});
