import type { components } from './generated/schema';

/** A user summary the API sends next to list data (spec: Responder). */
export type Responder = components['schemas']['UserSummaryDto'];

/** What a successful call resolves to once the envelope is unwrapped. */
export interface ApiResult<T> {
  data: T;
  responders?: Responder[];
}

/** A list answer: the data and the summaries of every user it mentions. */
export interface Listed<T> {
  data: T;
  responders: Responder[];
}

/** A call's `data`, for wrappers that answer nothing else. */
export async function dataOf<T>(call: Promise<ApiResult<T>>): Promise<T> {
  return (await call).data;
}

/** A call's `data` with its `responders` (none sent: an empty list). */
export async function listedOf<T>(call: Promise<ApiResult<T>>): Promise<Listed<T>> {
  const result = await call;
  return { data: result.data, responders: result.responders ?? [] };
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
