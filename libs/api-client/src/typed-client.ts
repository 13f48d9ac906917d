import {
  apiFetch as defaultApiFetch,
  type ApiFetch,
  type ApiRequestInit,
  type QueryParams,
} from './api-fetch';
import type { ApiResult } from './envelope';
import type { paths } from './generated/schema';

/**
 * Types of the client, derived from the generated OpenAPI `paths`: each call's path, path
 * parameters, query, JSON body or form fields, and the `data` it resolves to come from the
 * document, so a path or field the API no longer has is a type error.
 */
export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

type PathItem<P extends keyof Paths, Paths> = Paths[P];

/** Paths of the document that declare an operation for method `M`. */
export type PathsWithMethod<M extends HttpMethod, Paths = paths> = {
  [P in keyof Paths]: PathItem<P, Paths> extends { [K in M]: infer Op }
    ? [Op] extends [never | undefined]
      ? never
      : P
    : never;
}[keyof Paths];

/**
 * The spec writes a few paths with a trailing slash (`init-phone-and-check/`); the document lists
 * them without, and the API ignores a trailing slash. A call may name either spelling.
 */
type CallablePath<M extends HttpMethod, Paths> =
  PathsWithMethod<M, Paths> | `${PathsWithMethod<M, Paths> & string}/`;
type DocumentPath<T, M extends HttpMethod, Paths> =
  T extends PathsWithMethod<M, Paths> ? T : T extends `${infer Base}/` ? Base : never;

export type OperationOf<P, M extends HttpMethod, Paths = paths> = P extends keyof Paths
  ? PathItem<P, Paths> extends { [K in M]: infer Op }
    ? Op
    : never
  : never;

type ParametersOf<Op> = Op extends { parameters: infer Params } ? Params : Record<string, never>;
/** `T[K]`, keeping the `undefined` of an optional member (so an optional query stays optional). */
type FieldOf<T, K extends string> = K extends keyof T ? T[K] : undefined;

/** `never`/absent → may not be passed; all-optional → optional; otherwise required. */
type Field<K extends string, T> = [T] extends [never] | [undefined]
  ? { [P in K]?: never }
  : undefined extends T
    ? { [P in K]?: Exclude<T, undefined> }
    : { [P in K]: T };

type BodyContentOf<Op, Type extends string> = Op extends {
  requestBody: { content: { [K in Type]: infer Content } };
}
  ? Content
  : Op extends { requestBody?: { content: { [K in Type]: infer Content } } }
    ? Content | undefined
    : undefined;

type JsonBodyOf<Op> = BodyContentOf<Op, 'application/json'>;

/** A form field: the document types a file as a (binary) string; the browser sends a Blob. */
type FormValue<T> = T extends readonly unknown[] ? readonly (Blob | string)[] : Blob | string;
type FormFields<Fields> = { [K in keyof Fields]: FormValue<Fields[K]> };

/** The fields of a `multipart/form-data` body; the client sends them as FormData. */
type FormOf<Op> = [BodyContentOf<Op, 'multipart/form-data'>] extends [infer Fields]
  ? Fields extends object
    ? FormFields<Fields>
    : Fields
  : never;

/** What a call may set besides its parameters and body; passed to the fetch wrapper as is. */
export type CallOptions = Pick<
  ApiRequestInit,
  | 'signal'
  | 'headers'
  | 'credentials'
  | 'redirectOnUnauthorized'
  | 'anonymous'
  | 'onUploadProgress'
  | 'early'
>;

export type RequestOptionsOf<Op> = Field<'path', FieldOf<ParametersOf<Op>, 'path'>> &
  Field<'query', FieldOf<ParametersOf<Op>, 'query'>> &
  Field<'body', JsonBodyOf<Op>> &
  Field<'form', FormOf<Op>> &
  CallOptions;

type SuccessStatus = 200 | 201 | 202 | 203 | 204 | 206;
type SuccessResponseOf<Op> = Op extends { responses: infer Responses }
  ? Responses[Extract<keyof Responses, SuccessStatus>]
  : never;
type JsonContentOf<Response> = Response extends { content: { 'application/json': infer Json } }
  ? Json
  : never;

/**
 * The unwrapped `data` of an operation's success envelope (`unknown` when undocumented). The API
 * documents every success as `{status: 'success', data, responders?}` (ApiSuccess in
 * backend/src/platform/openapi/api-envelope.decorators.ts); the fetch wrapper unwraps it.
 */
export type SuccessDataOf<Op> = [JsonContentOf<SuccessResponseOf<Op>>] extends [never]
  ? unknown
  : JsonContentOf<SuccessResponseOf<Op>> extends { data: infer Data }
    ? Data
    : unknown;

type ArgsFor<Op> =
  object extends RequestOptionsOf<Op>
    ? [options?: RequestOptionsOf<Op>]
    : [options: RequestOptionsOf<Op>];

type MethodCall<M extends HttpMethod, Paths> = <P extends CallablePath<M, Paths>>(
  path: P,
  ...args: ArgsFor<OperationOf<DocumentPath<P, M, Paths>, M, Paths>>
) => Promise<ApiResult<SuccessDataOf<OperationOf<DocumentPath<P, M, Paths>, M, Paths>>>>;

export type TypedApiClient<Paths = paths> = {
  [M in HttpMethod]: MethodCall<M, Paths>;
};

interface UntypedOptions extends CallOptions {
  path?: Record<string, string | number | boolean>;
  query?: QueryParams;
  body?: unknown;
  form?: Record<string, Blob | string | readonly (Blob | string)[]>;
}

/** Fills `{name}` placeholders of an OpenAPI path template, encoding each value. */
export function fillPathTemplate(
  template: string,
  params: Record<string, string | number | boolean> = {},
): string {
  return template.replace(/\{([^}]+)\}/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter "${name}" for ${template}`);
    return encodeURIComponent(String(value));
  });
}

function toFormData(fields: NonNullable<UntypedOptions['form']>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) form.append(name, item);
  }
  return form;
}

export function createApiClient<Paths = paths>(
  fetcher: ApiFetch = defaultApiFetch,
): TypedApiClient<Paths> {
  const call =
    (method: HttpMethod) =>
    (path: string, { path: params, form, body, ...options }: UntypedOptions = {}) =>
      fetcher(fillPathTemplate(path, params), {
        ...options,
        method: method.toUpperCase(),
        body: form ? toFormData(form) : body,
      });

  // The runtime is one untyped function per method; the mapped type above gives each its types.
  return {
    get: call('get'),
    post: call('post'),
    put: call('put'),
    patch: call('patch'),
    delete: call('delete'),
  } as unknown as TypedApiClient<Paths>;
}

/** The client every slice uses: same-origin, with the shared session's bearer token. */
export const api: TypedApiClient = createApiClient();
