/** A user summary the API sends next to list data (spec: Responder). */
export interface Responder {
  uuid: string;
  username: string;
  avatar: string | null;
  suburb_city: string | null;
  state: string | null;
  country: string | null;
}

/** What a successful call resolves to once the envelope is unwrapped. */
export interface ApiResult<T> {
  data: T;
  responders?: Responder[];
}

export interface SuccessEnvelope {
  status: 'success';
  data: unknown;
  responders?: Responder[];
}

export interface ErrorEnvelope {
  status: 'error';
  error: { code: string; message: string; details?: unknown };
}

export function isSuccessEnvelope(body: unknown): body is SuccessEnvelope {
  return isRecord(body) && body.status === 'success';
}

export function isErrorEnvelope(body: unknown): body is ErrorEnvelope {
  return (
    isRecord(body) &&
    body.status === 'error' &&
    isRecord(body.error) &&
    typeof body.error.code === 'string' &&
    typeof body.error.message === 'string'
  );
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
