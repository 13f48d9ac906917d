import { sessionStore, type SessionStore } from '@plantfolk/session';
import { ApiError, clientErrorCodes, serverErrorCodes } from './api-error';
import { earlyRequestKey, takeEarlyResponse } from './early-requests';
import { isErrorEnvelope, isSuccessEnvelope, type ApiResult } from './envelope';
import { xhrTransport, type UploadProgress, type UploadTransport } from './upload-transport';

/** Network failures are retried this many times, waiting `RETRY_DELAY_MS × attempt` before each. */
export const MAX_NETWORK_RETRIES = 3;
export const RETRY_DELAY_MS = 100;
export const LOGIN_PATH = '/auth/login';
export const SUSPENDED_PATH = '/auth/suspended';
export const CSRF_HEADER = 'x-csrf-token';

/**
 * A token this close to its expiry is renewed before the request goes out, instead of sending
 * it and collecting a 401 (the clock of the browser and the server may also differ a little).
 */
export const TOKEN_EXPIRY_SKEW_MS = 5_000;

export type QueryValue = string | number | boolean | null | undefined;
export type QueryParams = Record<string, QueryValue | readonly QueryValue[]>;

export interface ApiRequestInit extends Omit<RequestInit, 'body'> {
  /** Plain values are sent as JSON; FormData, Blob, URLSearchParams and buffers as they are. */
  body?: unknown;
  query?: QueryParams;
  /**
   * A 401 normally ends the session and sends the user to the login page. Calls that expect a
   * 401 as an answer (a wrong password, the logout call itself) turn that off.
   */
  redirectOnUnauthorized?: boolean;
  /**
   * Sends the request without the session's bearer token and csrf token: the calls that make or
   * renew a session (login, signup, refresh) must not carry an old one.
   */
  anonymous?: boolean;
  /** Reports upload progress; the request then goes through XMLHttpRequest (fetch cannot). */
  onUploadProgress?: (progress: UploadProgress) => void;
  /**
   * Take the answer of the same request (method and URL) when the shell's first script sent it
   * early (early-requests.ts), instead of sending it again: once, and only for a call without
   * the session's token, as the early request was sent.
   */
  early?: boolean;
}

type SessionAccess = Pick<
  SessionStore,
  'getState' | 'setSession' | 'logout' | 'navigate' | 'refreshAccessToken' | 'whenKnown'
>;

export interface ApiFetchOptions {
  /** Prefix for every path. Empty by default: the API sits on the same origin under /api. */
  baseUrl?: string;
  /** The network seam; defaults to the global `fetch` at call time. */
  fetch?: typeof fetch;
  /** How uploads with progress are sent; XMLHttpRequest by default. */
  upload?: UploadTransport;
  session?: SessionAccess;
  loginPath?: string;
  /** Where the browser is, for the login page's `?redirect=` (the window's location by default). */
  currentPath?: () => string;
}

export type ApiFetch = <T = unknown>(path: string, init?: ApiRequestInit) => Promise<ApiResult<T>>;

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function createApiFetch(options: ApiFetchOptions = {}): ApiFetch {
  const {
    baseUrl = '',
    session = sessionStore,
    loginPath = LOGIN_PATH,
    fetch: fetchImpl = (input, init) => globalThis.fetch(input, init),
    upload = xhrTransport,
    currentPath = () =>
      typeof window === 'undefined' ? '/' : window.location.pathname + window.location.search,
  } = options;

  const loginRedirect = () => {
    const here = currentPath();
    return here === '/' || here.startsWith(loginPath)
      ? loginPath
      : `${loginPath}?redirect=${encodeURIComponent(here)}`;
  };

  return async function apiFetch<T>(path: string, init: ApiRequestInit = {}) {
    const {
      body,
      query,
      redirectOnUnauthorized = true,
      anonymous = false,
      onUploadProgress,
      early,
      headers,
      ...rest
    } = init;
    const url = buildUrl(baseUrl, path, query);
    const method = (rest.method ?? 'GET').toUpperCase();

    // Calls made while the page-start renewal is still out wait for it, so they carry the token.
    if (!anonymous && session.getState().loggedIn === 'unknown') await session.whenKnown();

    const send = async (): Promise<{ response: Response; sentToken: string | null }> => {
      const state = session.getState();
      let token = anonymous ? null : state.accessToken;
      if (token && expiresSoon(state.accessTokenExpiresAt)) {
        token = (await session.refreshAccessToken()) ?? token;
      }
      const requestHeaders = new Headers(headers);
      requestHeaders.set('client-platform', 'browser');
      if (!requestHeaders.has('accept')) requestHeaders.set('accept', 'application/json');
      if (token && !requestHeaders.has('authorization')) {
        requestHeaders.set('authorization', `Bearer ${token}`);
      }
      // The one place every mutation of a logged-in caller gets the session's csrf token.
      const csrfToken = session.getState().user?.csrf_token;
      if (token && csrfToken && !SAFE_METHODS.has(method) && !requestHeaders.has(CSRF_HEADER)) {
        requestHeaders.set(CSRF_HEADER, csrfToken);
      }
      const requestInit: RequestInit = {
        ...rest,
        headers: requestHeaders,
        body: encodeBody(body, requestHeaders),
      };
      const earlyResponse =
        early && !token ? takeEarlyResponse(earlyRequestKey(method, url)) : undefined;
      // An early request that did not get through is sent again, as this call would have been.
      const answered = await earlyResponse?.catch(() => null);
      if (answered) return { response: answered, sentToken: token };
      const response = await withNetworkRetries(requestInit.signal, () =>
        onUploadProgress ? upload(url, requestInit, onUploadProgress) : fetchImpl(url, requestInit),
      );
      return { response, sentToken: token };
    };

    let { response, sentToken } = await send();

    // A token that ran out (a sleeping laptop misses the timed renewal) or a csrf token that
    // another tab's renewal replaced: renew once and send again. The server refused the request
    // before doing anything, so sending it again is safe.
    if (
      sentToken &&
      redirectOnUnauthorized &&
      session.getState().loggedIn === true &&
      (await needsRenewal(response))
    ) {
      const renewed = await session.refreshAccessToken();
      if (renewed) ({ response, sentToken } = await send());
    }

    if (response.status === 401 && redirectOnUnauthorized) {
      // The session client logs out by itself when a renewal is refused; do not log out twice.
      if (session.getState().loggedIn !== false || !sentToken) {
        await session.logout(loginRedirect(), { endServerSession: false });
      }
    }
    const result = unwrapEnvelope<T>(response);
    if (response.status === 403 && sentToken) {
      await result.catch((error: unknown) => {
        if (error instanceof ApiError && error.code === serverErrorCodes.accountSuspended) {
          markSuspended(session);
        }
      });
    }
    return result;
  };
}

function expiresSoon(expiresAt: number | null): boolean {
  return expiresAt !== null && Date.now() >= expiresAt - TOKEN_EXPIRY_SKEW_MS;
}

/** 401, or 403 CSRF_FAILED: both are cured by a renewed session. Reads a copy of the body. */
async function needsRenewal(response: Response): Promise<boolean> {
  if (response.status === 401) return true;
  if (response.status !== 403) return false;
  const body = parseJson(await response.clone().text());
  return isErrorEnvelope(body) && body.error.code === serverErrorCodes.csrfFailed;
}

/** The API refused a suspended account: show the suspension page instead of the app. */
function markSuspended(session: SessionAccess) {
  const { user } = session.getState();
  if (user && !user.suspended) session.setSession({ user: { ...user, suspended: true } });
  session.navigate(SUSPENDED_PATH);
}

async function withNetworkRetries(
  signal: AbortSignal | null | undefined,
  attemptRequest: () => Promise<Response>,
): Promise<Response> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await attemptRequest();
    } catch (error) {
      if (isAbort(error, signal)) throw error;
      if (attempt > MAX_NETWORK_RETRIES) {
        throw new ApiError(
          0,
          clientErrorCodes.network,
          'Could not reach Plantfolk. Check your connection and try again.',
          undefined,
          { cause: error },
        );
      }
      await wait(RETRY_DELAY_MS * attempt, signal);
    }
  }
}

async function unwrapEnvelope<T>(response: Response): Promise<ApiResult<T>> {
  if (response.status === 204 || response.status === 205) {
    return { data: undefined as T };
  }
  const text = await response.text();
  const body = parseJson(text);

  if (response.ok && isSuccessEnvelope(body)) {
    const result: ApiResult<T> = { data: body.data as T };
    if (body.responders !== undefined) result.responders = body.responders;
    return result;
  }
  if (isErrorEnvelope(body)) {
    const { code, message, details } = body.error;
    throw new ApiError(response.status, code, message, details, {
      retryAfterSeconds: retryAfterOf(response),
    });
  }
  if (response.status === 401) {
    throw new ApiError(401, clientErrorCodes.unauthorized, 'Please log in to continue.');
  }
  throw new ApiError(
    response.status,
    clientErrorCodes.invalidResponse,
    `The server sent an unexpected response (HTTP ${response.status}).`,
  );
}

function retryAfterOf(response: Response): number | undefined {
  const header = response.headers.get('retry-after');
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, Math.ceil(seconds));
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

function buildUrl(baseUrl: string, path: string, query?: QueryParams): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    const values = Array.isArray(value) ? value : [value];
    for (const item of values) {
      if (item !== undefined && item !== null) search.append(key, String(item));
    }
  }
  const queryString = search.toString();
  const base = baseUrl.endsWith('/') ? baseUrl.slice(0, -1) : baseUrl;
  return `${base}${path}${queryString ? `${path.includes('?') ? '&' : '?'}${queryString}` : ''}`;
}

function encodeBody(body: unknown, headers: Headers): BodyInit | undefined {
  if (body === undefined) return undefined;
  if (
    body instanceof FormData ||
    body instanceof Blob ||
    body instanceof URLSearchParams ||
    body instanceof ArrayBuffer ||
    ArrayBuffer.isView(body)
  ) {
    return body as BodyInit;
  }
  if (!headers.has('content-type')) headers.set('content-type', 'application/json');
  return JSON.stringify(body);
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function isAbort(error: unknown, signal: AbortSignal | null | undefined): boolean {
  return Boolean(signal?.aborted) || (error instanceof Error && error.name === 'AbortError');
}

function wait(ms: number, signal: AbortSignal | null | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** The page's one wrapper: same-origin, reading the bearer token from the shared session. */
export const apiFetch: ApiFetch = createApiFetch();
