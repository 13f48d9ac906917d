/** The success and failure shapes every API response uses (spec section 7). */
export interface SuccessEnvelope<T> {
  status: 'success';
  data: T;
  responders?: unknown[];
}

export interface ErrorEnvelope {
  status: 'error';
  error: { code: string; message: string; details?: unknown };
}

/**
 * Return this from a handler to send `responders` (user summaries) next to a list,
 * so the client never has to ask per item.
 */
export class WithResponders<T, R = unknown> {
  constructor(
    readonly data: T,
    readonly responders: R[],
  ) {}
}

export function successEnvelope<T>(value: T | WithResponders<T>): SuccessEnvelope<T> {
  if (value instanceof WithResponders) {
    return { status: 'success', data: value.data, responders: value.responders };
  }
  return { status: 'success', data: value === undefined ? (null as T) : value };
}

export function errorEnvelope(code: string, message: string, details?: unknown): ErrorEnvelope {
  return {
    status: 'error',
    error: details === undefined ? { code, message } : { code, message, details },
  };
}
