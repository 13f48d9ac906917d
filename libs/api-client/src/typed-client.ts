import { apiFetch as defaultApiFetch, type ApiFetch, type QueryParams } from './api-fetch';
import type { ApiResult } from './envelope';
import type { paths } from './generated/schema';

/**
 * Types of the client, derived from the generated OpenAPI `paths`: each call's path, path
 * parameters, query, JSON body and the `data` it resolves to come from the document.
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

export type OperationOf<P extends keyof Paths, M extends HttpMethod, Paths = paths> =
  PathItem<P, Paths> extends { [K in M]: infer Op } ? Op : never;

type ParametersOf<Op> = Op extends { parameters: infer Params } ? Params : Record<string, never>;
type FieldOf<T, K extends string> = T extends { [P in K]?: infer V } ? V : undefined;

/** `never`/absent → may not be passed; all-optional → optional; otherwise required. */
type Field<K extends string, T> = [T] extends [never] | [undefined]
  ? { [P in K]?: never }
  : undefined extends T
    ? { [P in K]?: Exclude<T, undefined> }
    : { [P in K]: T };

type JsonBodyOf<Op> = Op extends { requestBody: { content: { 'application/json': infer Json } } }
  ? Json
  : Op extends { requestBody?: { content: { 'application/json': infer Json } } }
    ? Json | undefined
    : undefined;

export type RequestOptionsOf<Op> = Field<'path', FieldOf<ParametersOf<Op>, 'path'>> &
  Field<'query', FieldOf<ParametersOf<Op>, 'query'>> &
  Field<'body', JsonBodyOf<Op>> & {
    signal?: AbortSignal;
    headers?: HeadersInit;
    redirectOnUnauthorized?: boolean;
  };

type SuccessStatus = 200 | 201 | 202 | 203 | 204 | 206;
type SuccessResponseOf<Op> = Op extends { responses: infer Responses }
  ? Responses[Extract<keyof Responses, SuccessStatus>]
  : never;
type JsonContentOf<Response> = Response extends { content: { 'application/json': infer Json } }
  ? Json
  : never;

/** The unwrapped `data` of an operation's success envelope (`unknown` when undocumented). */
export type SuccessDataOf<Op> = [JsonContentOf<SuccessResponseOf<Op>>] extends [never]
  ? unknown
  : JsonContentOf<SuccessResponseOf<Op>> extends { data: infer Data }
    ? Data
    : unknown;

type ArgsFor<Op> =
  object extends RequestOptionsOf<Op>
    ? [options?: RequestOptionsOf<Op>]
    : [options: RequestOptionsOf<Op>];

type MethodCall<M extends HttpMethod, Paths> = <P extends PathsWithMethod<M, Paths>>(
  path: P,
  ...args: ArgsFor<OperationOf<P, M, Paths>>
) => Promise<ApiResult<SuccessDataOf<OperationOf<P, M, Paths>>>>;

export type TypedApiClient<Paths = paths> = {
  [M in HttpMethod]: MethodCall<M, Paths>;
};

interface UntypedOptions {
  path?: Record<string, string | number>;
  query?: QueryParams;
  body?: unknown;
  signal?: AbortSignal;
  headers?: HeadersInit;
  redirectOnUnauthorized?: boolean;
}

/** Fills `{name}` placeholders of an OpenAPI path template, encoding each value. */
export function fillPathTemplate(
  template: string,
  params: Record<string, string | number> = {},
): string {
  return template.replace(/\{([^}]+)\}/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter "${name}" for ${template}`);
    return encodeURIComponent(String(value));
  });
}

export function createApiClient<Paths = paths>(
  fetcher: ApiFetch = defaultApiFetch,
): TypedApiClient<Paths> {
  const call =
    (method: HttpMethod) =>
    (path: string, options: UntypedOptions = {}) =>
      fetcher(fillPathTemplate(path, options.path), {
        method: method.toUpperCase(),
        query: options.query,
        body: options.body,
        signal: options.signal,
        headers: options.headers,
        redirectOnUnauthorized: options.redirectOnUnauthorized,
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
