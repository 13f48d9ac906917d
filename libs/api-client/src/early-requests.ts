// Requests a page starts before its code has loaded: the shell's first script sends the page-start
// session renewal, and a guest's first data of `/` (the feed) and `/post/{id}` (the post), while
// the shared libraries and the remote's code are still downloading; the call that would have sent
// the same request later takes the answer instead (`early` in ApiRequestInit). This module
// imports nothing shared through Module Federation, so the shell's first script can use it before
// the shared singletons are settled.

/** An answer nobody took this long after it was asked for is stale: the call sends its own. */
export const EARLY_REQUEST_MAX_AGE_MS = 30_000;

export const SESSION_REFRESH_PATH = '/api/iam/authn/refresh';
export const SESSION_REFRESH_BODY = { grant_type: 'refresh_token' } as const;
export const GUEST_FEED_PATH = '/api/content-items/recent';
export const PUBLIC_POST_PATH = '/api/post/{id}';

/** The headers every call of apiFetch carries (api-fetch.ts), so an early request is the same. */
export const CLIENT_HEADERS = { 'client-platform': 'browser', accept: 'application/json' } as const;

/** How a request is found again: its method and URL (`GET /api/post/abc`). */
export const earlyRequestKey = (method: string, url: string) => `${method.toUpperCase()} ${url}`;

interface EarlyRequest {
  response: Promise<Response>;
  startedAt: number;
}

const REGISTRY = Symbol.for('plantfolk.early-requests');

/**
 * One registry per page, on globalThis: the shell and each remote bundle their own copy of this
 * client, and the remote's copy must find what the shell's first script started.
 */
function registry(): Map<string, EarlyRequest> {
  const scope = globalThis as { [REGISTRY]?: Map<string, EarlyRequest> };
  scope[REGISTRY] ??= new Map();
  return scope[REGISTRY];
}

/** Starts a request under `key` unless one is already waiting; resolves to its response. */
export function startEarlyRequest(
  key: string,
  send: () => Promise<Response>,
  now: () => number = Date.now,
): Promise<Response> {
  const requests = registry();
  const waiting = requests.get(key);
  if (waiting) return waiting.response;
  const response = send();
  // Nobody may ever take it (the visitor moved on); an unhandled rejection would still be reported.
  response.catch(() => undefined);
  requests.set(key, { response, startedAt: now() });
  return response;
}

/**
 * The response of the early request `key`, once: the next call sends its own. Undefined when
 * none was started, it was taken already, or it is older than EARLY_REQUEST_MAX_AGE_MS.
 */
export function takeEarlyResponse(
  key: string,
  now: () => number = Date.now,
): Promise<Response> | undefined {
  const requests = registry();
  const request = requests.get(key);
  requests.delete(key);
  if (!request || now() - request.startedAt > EARLY_REQUEST_MAX_AGE_MS) return undefined;
  return request.response;
}

/**
 * The page-start renewal as the session client sends it (identity-api.ts `refresh`), for the
 * shell's first script. `lock` is the cross-tab refresh lock (@plantfolk/session's refresh-lock):
 * held until the answer, with its rotated cookie, is in.
 */
export function startEarlySessionRefresh(
  lock: <T>(task: () => Promise<T>) => Promise<T>,
  fetchImpl: typeof fetch = (input, init) => globalThis.fetch(input, init),
): Promise<Response> {
  return startEarlyRequest(earlyRequestKey('POST', SESSION_REFRESH_PATH), () =>
    lock(() =>
      fetchImpl(SESSION_REFRESH_PATH, {
        method: 'POST',
        credentials: 'include',
        headers: { ...CLIENT_HEADERS, 'content-type': 'application/json' },
        body: JSON.stringify(SESSION_REFRESH_BODY),
      }),
    ),
  );
}

/**
 * What a guest's page asks the API first, by the page's path: the feed on `/`, the post on
 * `/post/{id}` (contentApi.recentContentItems and contentApi.publicPost). Nothing for other pages.
 */
export function guestPageRequests(pathname: string): string[] {
  if (pathname === '/') return [GUEST_FEED_PATH];
  const post = /^\/post\/([^/]+)\/?$/.exec(pathname)?.[1];
  if (!post) return [];
  try {
    // Encoded as the typed client fills the path template (typed-client.ts fillPathTemplate).
    return [PUBLIC_POST_PATH.replace('{id}', encodeURIComponent(decodeURIComponent(post)))];
  } catch {
    return [];
  }
}

/** Sends a guest's GET as apiFetch would (no session, the client's headers). */
export function startEarlyGuestRequest(
  url: string,
  fetchImpl: typeof fetch = (input, init) => globalThis.fetch(input, init),
): Promise<Response> {
  return startEarlyRequest(earlyRequestKey('GET', url), () =>
    fetchImpl(url, { headers: { ...CLIENT_HEADERS } }),
  );
}
