// A stand-in for the API at the network seam (fetch), for the tests of every slice: register an
// answer per method and path, then read back what the app sent.

export interface RecordedRequest {
  method: string;
  /** Path without the query string. */
  path: string;
  url: URL;
  headers: Headers;
  /** Parsed JSON, the FormData as sent, or undefined. */
  body: unknown;
}

export interface FakeReply {
  status?: number;
  /** Wrapped in the success envelope. */
  data?: unknown;
  /** User summaries sent next to `data` (list answers). */
  responders?: unknown[];
  /** Wrapped in the error envelope. */
  error?: { code: string; message?: string; details?: unknown };
  headers?: Record<string, string>;
}

export type FakeHandler = (
  request: RecordedRequest,
) => FakeReply | Response | Promise<FakeReply | Response>;

interface Route {
  method: string;
  path: string | RegExp;
  handler: FakeHandler;
}

export interface FakeApi {
  /** Use as `fetch` (`vi.stubGlobal('fetch', fakeApi.fetch)`). */
  fetch: typeof fetch;
  /** Answers `method path` (a RegExp matches the whole path); the latest registration wins. */
  on(method: string, path: string | RegExp, reply: FakeReply | FakeHandler): FakeApi;
  /** Every request so far, oldest first. */
  requests: RecordedRequest[];
  /** The requests to one endpoint. */
  requestsTo(method: string, path: string | RegExp): RecordedRequest[];
}

/** A success envelope: `{status:'success', data}`. */
export const ok = (data: unknown = null, status = 200): FakeReply => ({ status, data });

/** A success envelope with `responders` next to the data: `{status:'success', data, responders}`. */
export const okWith = (data: unknown, responders: unknown[], status = 200): FakeReply => ({
  status,
  data,
  responders,
});

/** An error envelope: `{status:'error', error:{code, message, details}}`. */
export const fail = (
  status: number,
  code: string,
  message = code,
  details?: unknown,
): FakeReply => ({ status, error: { code, message, details } });

function matches(route: Route, method: string, path: string): boolean {
  if (route.method !== method) return false;
  return typeof route.path === 'string' ? route.path === path : route.path.test(path);
}

function toResponse(reply: FakeReply | Response): Response {
  if (reply instanceof Response) return reply;
  const status = reply.status ?? (reply.error ? 400 : 200);
  const body = reply.error
    ? {
        status: 'error',
        error: { message: reply.error.code, ...reply.error },
      }
    : {
        status: 'success',
        data: reply.data ?? null,
        ...(reply.responders ? { responders: reply.responders } : {}),
      };
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...reply.headers },
  });
}

function parseBody(body: BodyInit | null | undefined): unknown {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') {
    try {
      return JSON.parse(body);
    } catch {
      return body;
    }
  }
  return body;
}

export function createFakeApi(): FakeApi {
  const routes: Route[] = [];
  const requests: RecordedRequest[] = [];

  const fakeApi: FakeApi = {
    requests,

    fetch: async (input, init = {}) => {
      const url = new URL(String(input), 'http://localhost');
      const method = (init.method ?? 'GET').toUpperCase();
      const request: RecordedRequest = {
        method,
        path: url.pathname,
        url,
        headers: new Headers(init.headers),
        body: parseBody(init.body),
      };
      requests.push(request);
      const route = [...routes]
        .reverse()
        .find((candidate) => matches(candidate, method, url.pathname));
      if (!route) {
        return toResponse(fail(501, 'NO_FAKE', `No fake answer for ${method} ${url.pathname}`));
      }
      return toResponse(await route.handler(request));
    },

    on(method, path, reply) {
      const handler: FakeHandler = typeof reply === 'function' ? reply : () => reply;
      routes.push({ method: method.toUpperCase(), path, handler });
      return fakeApi;
    },

    requestsTo: (method, path) =>
      requests.filter((request) =>
        matches(
          { method: method.toUpperCase(), path, handler: () => ok() },
          request.method,
          request.path,
        ),
      ),
  };
  return fakeApi;
}
