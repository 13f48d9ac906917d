/** A failed API call: the HTTP status and the `error` part of the failure envelope. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    /** HTTP status, or 0 when the API could not be reached at all. */
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
    options?: { cause?: unknown; retryAfterSeconds?: number },
  ) {
    super(message, options);
    this.retryAfterSeconds = options?.retryAfterSeconds;
  }

  /** From `Retry-After` of a 429 (rate limited): how long to wait before trying again. */
  readonly retryAfterSeconds?: number;
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** Codes the client itself produces when the server gave no usable error envelope. */
export const clientErrorCodes = {
  network: 'NETWORK_ERROR',
  invalidResponse: 'INVALID_RESPONSE',
  unauthorized: 'UNAUTHORIZED',
} as const;

/** Codes the API answers with that the client reacts to by itself. */
export const serverErrorCodes = {
  csrfFailed: 'CSRF_FAILED',
  accountSuspended: 'ACCOUNT_SUSPENDED',
  validationFailed: 'VALIDATION_FAILED',
  rateLimited: 'RATE_LIMITED',
} as const;
