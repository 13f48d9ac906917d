import { createSessionStore, type SessionStore, type SessionUser } from '@plantfolk/session';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error';
import { createApiFetch, type ApiFetch } from './api-fetch';
import type { UploadTransport } from './upload-transport';

function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

const ok = (data: unknown, extra: Record<string, unknown> = {}) =>
  jsonResponse({ status: 'success', data, ...extra });

describe('apiFetch', () => {
  let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
  let session: SessionStore;
  let navigate: ReturnType<typeof vi.fn<(path: string) => void>>;
  let apiFetch: ApiFetch;

  beforeEach(() => {
    fetchMock = vi.fn<typeof fetch>();
    session = createSessionStore();
    navigate = vi.fn<(path: string) => void>();
    session.setNavigator(navigate);
    apiFetch = createApiFetch({ fetch: fetchMock, session });
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  const sentHeaders = (call = 0) => new Headers(fetchMock.mock.calls[call]?.[1]?.headers);

  it('sends client-platform: browser on every request, to a same-origin relative URL', async () => {
    fetchMock.mockResolvedValue(ok({ status: 'ok' }));

    await apiFetch('/api/health');

    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/health');
    expect(sentHeaders().get('client-platform')).toBe('browser');
  });

  it('prefixes a configured base URL', async () => {
    fetchMock.mockResolvedValue(ok(null));
    const remoteApi = createApiFetch({ fetch: fetchMock, session, baseUrl: 'https://api.test/' });

    await remoteApi('/api/health', { query: { take: 20, tags: ['a', 'b'], skip: undefined } });

    expect(fetchMock.mock.calls[0]?.[0]).toBe('https://api.test/api/health?take=20&tags=a&tags=b');
  });

  it('adds the bearer token of the session when there is one', async () => {
    fetchMock.mockImplementation(async () => ok(null));
    await apiFetch('/api/users');
    expect(sentHeaders(0).has('authorization')).toBe(false);

    session.setSession({ loggedIn: true, accessToken: 'token-123' });
    await apiFetch('/api/users');

    expect(sentHeaders(1).get('authorization')).toBe('Bearer token-123');
  });

  it('sends a plain body as JSON', async () => {
    fetchMock.mockResolvedValue(ok({ id: 1 }));

    await apiFetch('/api/iam/posts/new', { method: 'POST', body: { text: 'Monstera cutting' } });

    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.body).toBe('{"text":"Monstera cutting"}');
    expect(sentHeaders().get('content-type')).toBe('application/json');
  });

  it('unwraps the success envelope into data and responders', async () => {
    const responders = [
      { uuid: 'u1', username: 'bo', avatar: null, suburb_city: null, state: null, country: null },
    ];
    fetchMock.mockResolvedValue(ok([{ id: 'p1' }], { responders }));

    const result = await apiFetch('/api/content-items/recent');

    expect(result).toEqual({ data: [{ id: 'p1' }], responders });
  });

  it('leaves responders out when the envelope has none', async () => {
    fetchMock.mockResolvedValue(ok({ status: 'ok' }));

    const result = await apiFetch('/api/health');

    expect(result).toEqual({ data: { status: 'ok' } });
    expect('responders' in result).toBe(false);
  });

  it('throws a typed ApiError carrying the failure envelope', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(
        {
          status: 'error',
          error: { code: 'VALIDATION_FAILED', message: 'Text is too long', details: { max: 5000 } },
        },
        400,
      ),
    );

    const error = await apiFetch('/api/iam/posts/new').catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'Text is too long',
      details: { max: 5000 },
    });
  });

  it('treats any status other than success as a failure, even with HTTP 200', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ status: 'pending', data: {} }));

    await expect(apiFetch('/api/health')).rejects.toMatchObject({
      status: 200,
      code: 'INVALID_RESPONSE',
    });
  });

  it('maps a non-JSON error page to an ApiError with the HTTP status', async () => {
    fetchMock.mockResolvedValue(new Response('<html>Bad gateway</html>', { status: 502 }));

    await expect(apiFetch('/api/health')).rejects.toMatchObject({
      name: 'ApiError',
      status: 502,
      code: 'INVALID_RESPONSE',
    });
  });

  it('resolves a 204 without a body to undefined data', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));

    await expect(apiFetch('/api/iam/tags/x', { method: 'DELETE' })).resolves.toEqual({
      data: undefined,
    });
  });

  it('does not retry an HTTP error', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse({ status: 'error', error: { code: 'DOWN', message: 'Down' } }, 503),
    );

    await expect(apiFetch('/api/health')).rejects.toMatchObject({ status: 503 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  describe('network failures', () => {
    beforeEach(() => {
      vi.useFakeTimers();
    });

    it('retries up to 3 times, waiting 100 ms × the attempt number', async () => {
      fetchMock
        .mockRejectedValueOnce(new TypeError('Failed to fetch'))
        .mockRejectedValueOnce(new TypeError('Failed to fetch'))
        .mockRejectedValueOnce(new TypeError('Failed to fetch'))
        .mockResolvedValueOnce(ok('finally'));

      const pending = apiFetch('/api/health');
      await vi.advanceTimersByTimeAsync(0);
      expect(fetchMock).toHaveBeenCalledTimes(1);

      await vi.advanceTimersByTimeAsync(99);
      expect(fetchMock).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(fetchMock).toHaveBeenCalledTimes(2);

      await vi.advanceTimersByTimeAsync(199);
      expect(fetchMock).toHaveBeenCalledTimes(2);
      await vi.advanceTimersByTimeAsync(1);
      expect(fetchMock).toHaveBeenCalledTimes(3);

      await vi.advanceTimersByTimeAsync(299);
      expect(fetchMock).toHaveBeenCalledTimes(3);
      await vi.advanceTimersByTimeAsync(1);
      expect(fetchMock).toHaveBeenCalledTimes(4);

      await expect(pending).resolves.toEqual({ data: 'finally' });
    });

    it('gives up after the third retry with a NETWORK_ERROR', async () => {
      fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));

      const pending = apiFetch('/api/health').catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(100 + 200 + 300);

      const error = await pending;
      expect(fetchMock).toHaveBeenCalledTimes(4);
      expect(error).toMatchObject({ name: 'ApiError', status: 0, code: 'NETWORK_ERROR' });
    });

    it('never retries an aborted request', async () => {
      const controller = new AbortController();
      controller.abort();
      fetchMock.mockRejectedValue(new DOMException('The operation was aborted.', 'AbortError'));

      await expect(apiFetch('/api/health', { signal: controller.signal })).rejects.toMatchObject({
        name: 'AbortError',
      });
      expect(fetchMock).toHaveBeenCalledTimes(1);
    });

    it('stops waiting to retry when the request is aborted meanwhile', async () => {
      const controller = new AbortController();
      fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));

      const pending = apiFetch('/api/health', { signal: controller.signal }).catch(
        (e: unknown) => e,
      );
      await vi.advanceTimersByTimeAsync(50);
      controller.abort();
      await vi.advanceTimersByTimeAsync(1000);

      expect(await pending).toMatchObject({ name: 'AbortError' });
      expect(fetchMock).toHaveBeenCalledTimes(1);
    });
  });

  describe('csrf token', () => {
    const withSession = () =>
      session.setSession({
        loggedIn: true,
        accessToken: 'token-1',
        user: { csrf_token: 'csrf-1' } as SessionUser,
      });

    it('goes with every mutation of a logged-in caller, as x-csrf-token', async () => {
      withSession();
      fetchMock.mockImplementation(async () => ok(null));

      for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
        await apiFetch('/api/iam/posts/new', { method, body: {} });
      }

      expect(fetchMock.mock.calls.map((_, call) => sentHeaders(call).get('x-csrf-token'))).toEqual([
        'csrf-1',
        'csrf-1',
        'csrf-1',
        'csrf-1',
      ]);
    });

    it('stays off reads, guest calls and calls that make a session', async () => {
      fetchMock.mockImplementation(async () => ok(null));
      await apiFetch('/api/iam/authn/reset', { method: 'POST', body: { email: 'a@b.co' } });
      withSession();
      await apiFetch('/api/iam/authn/profile');
      await apiFetch('/api/iam/authn/login', { method: 'POST', body: {}, anonymous: true });

      expect(fetchMock.mock.calls.map((_, call) => sentHeaders(call).has('x-csrf-token'))).toEqual([
        false,
        false,
        false,
      ]);
      expect(sentHeaders(2).has('authorization')).toBe(false);
    });
  });

  describe('renewing the session', () => {
    const refused = (code = 'UNAUTHORIZED', status = 401) =>
      jsonResponse({ status: 'error', error: { code, message: 'No' } }, status);

    it('renews a token that is about to run out before sending the request', async () => {
      session.setSession({
        loggedIn: true,
        accessToken: 'old',
        accessTokenExpiresAt: Date.now() + 1_000,
      });
      session.setTokenRefresher(async () => {
        session.setSession({ accessToken: 'new', accessTokenExpiresAt: Date.now() + 900_000 });
        return 'new';
      });
      fetchMock.mockResolvedValue(ok(null));

      await apiFetch('/api/iam/authn/profile');

      expect(sentHeaders().get('authorization')).toBe('Bearer new');
    });

    it('renews once after a 401 and sends the request again with the new token', async () => {
      session.setSession({ loggedIn: true, accessToken: 'expired' });
      const refresher = vi.fn(async () => {
        session.setSession({ accessToken: 'fresh' });
        return 'fresh';
      });
      session.setTokenRefresher(refresher);
      fetchMock.mockResolvedValueOnce(refused()).mockResolvedValueOnce(ok({ id: 'me' }));

      await expect(apiFetch('/api/iam/authn/profile')).resolves.toEqual({ data: { id: 'me' } });

      expect(refresher).toHaveBeenCalledTimes(1);
      expect(sentHeaders(1).get('authorization')).toBe('Bearer fresh');
      expect(navigate).not.toHaveBeenCalled();
    });

    it('renews and resends after a 403 CSRF_FAILED (another tab renewed the session)', async () => {
      session.setSession({
        loggedIn: true,
        accessToken: 't1',
        user: { csrf_token: 'stale' } as SessionUser,
      });
      session.setTokenRefresher(async () => {
        session.setSession({ accessToken: 't2', user: { csrf_token: 'current' } as SessionUser });
        return 't2';
      });
      fetchMock
        .mockResolvedValueOnce(refused('CSRF_FAILED', 403))
        .mockResolvedValueOnce(ok({ saved: true }));

      await apiFetch('/api/iam/users/update-user-settings', { method: 'PUT', body: {} });

      expect(sentHeaders(1).get('x-csrf-token')).toBe('current');
    });

    it('logs out to the login page, with the way back, when the renewal fails', async () => {
      const here = createApiFetch({
        fetch: fetchMock,
        session,
        currentPath: () => '/settings?tab=password',
      });
      session.setSession({ loggedIn: true, accessToken: 'expired' });
      const refresher = vi.fn(async () => null);
      session.setTokenRefresher(refresher);
      fetchMock.mockResolvedValue(refused());

      await expect(here('/api/iam/authn/sessions')).rejects.toMatchObject({ status: 401 });

      expect(fetchMock).toHaveBeenCalledTimes(1);
      expect(refresher).toHaveBeenCalledTimes(1);
      expect(session.getState().loggedIn).toBe(false);
      expect(navigate).toHaveBeenCalledWith('/auth/login?redirect=%2Fsettings%3Ftab%3Dpassword');
    });

    it('never renews or logs out for a 401 of a call that makes a session (no loop)', async () => {
      session.setSession({ loggedIn: false });
      const refresher = vi.fn(async () => 'never');
      session.setTokenRefresher(refresher);
      fetchMock.mockResolvedValue(refused('INVALID_REFRESH'));

      await expect(
        apiFetch('/api/iam/authn/refresh', {
          method: 'POST',
          anonymous: true,
          redirectOnUnauthorized: false,
        }),
      ).rejects.toMatchObject({ status: 401, code: 'INVALID_REFRESH' });

      expect(fetchMock).toHaveBeenCalledTimes(1);
      expect(refresher).not.toHaveBeenCalled();
      expect(navigate).not.toHaveBeenCalled();
    });

    it('sends a suspended account to /auth/suspended', async () => {
      session.setSession({
        loggedIn: true,
        accessToken: 't',
        user: { csrf_token: 'c', suspended: false } as SessionUser,
      });
      fetchMock.mockResolvedValue(refused('ACCOUNT_SUSPENDED', 403));

      await expect(apiFetch('/api/iam/posts/new', { method: 'POST' })).rejects.toMatchObject({
        code: 'ACCOUNT_SUSPENDED',
      });

      expect(session.getState().user?.suspended).toBe(true);
      expect(navigate).toHaveBeenCalledWith('/auth/suspended');
    });

    it('holds member calls made during page start until the session is known', async () => {
      session.setTokenRefresher(async () => null);
      fetchMock.mockResolvedValue(ok(null));

      const pending = apiFetch('/api/iam/notifications/unread-tally');
      await Promise.resolve();
      expect(fetchMock).not.toHaveBeenCalled();

      session.setSession({ loggedIn: true, accessToken: 'restored' });
      await pending;

      expect(sentHeaders().get('authorization')).toBe('Bearer restored');
    });
  });

  it('reads Retry-After of a rate-limited call', async () => {
    fetchMock.mockResolvedValue(
      new Response(
        JSON.stringify({ status: 'error', error: { code: 'RATE_LIMITED', message: 'Slow down' } }),
        { status: 429, headers: { 'retry-after': '42', 'content-type': 'application/json' } },
      ),
    );

    await expect(apiFetch('/api/iam/authn/login', { method: 'POST' })).rejects.toMatchObject({
      status: 429,
      code: 'RATE_LIMITED',
      retryAfterSeconds: 42,
    });
  });

  it('sends uploads that report progress through the upload transport', async () => {
    const upload = vi.fn<UploadTransport>(async (_url, _init, onProgress) => {
      onProgress({ loaded: 5, total: 10, fraction: 0.5 });
      return ok({ avatar: 'a.webp' });
    });
    const withUploads = createApiFetch({ fetch: fetchMock, session, upload });
    session.setSession({
      loggedIn: true,
      accessToken: 't',
      user: { csrf_token: 'c' } as SessionUser,
    });
    const progress = vi.fn();
    const form = new FormData();

    await expect(
      withUploads('/api/iam/users/avatar', {
        method: 'POST',
        body: form,
        onUploadProgress: progress,
      }),
    ).resolves.toEqual({ data: { avatar: 'a.webp' } });

    expect(fetchMock).not.toHaveBeenCalled();
    expect(progress).toHaveBeenCalledWith({ loaded: 5, total: 10, fraction: 0.5 });
    const [url, init] = upload.mock.calls[0] ?? [];
    expect(url).toBe('/api/iam/users/avatar');
    expect(init?.body).toBe(form);
    expect(new Headers(init?.headers).get('x-csrf-token')).toBe('c');
  });

  describe('HTTP 401', () => {
    it('logs out (clearing the session) and redirects to /auth/login', async () => {
      session.setSession({ loggedIn: true, accessToken: 'expired' });
      fetchMock.mockResolvedValue(
        jsonResponse({ status: 'error', error: { code: 'UNAUTHORIZED', message: 'Expired' } }, 401),
      );

      await expect(apiFetch('/api/iam/authn/profile')).rejects.toMatchObject({ status: 401 });

      expect(session.getState()).toMatchObject({ loggedIn: false, accessToken: null });
      expect(navigate).toHaveBeenCalledWith('/auth/login');
    });

    it('leaves the session alone when the call opts out of the redirect', async () => {
      session.setSession({ loggedIn: true, accessToken: 'token' });
      fetchMock.mockResolvedValue(new Response('', { status: 401 }));

      await expect(
        apiFetch('/api/iam/authn/login', { method: 'POST', redirectOnUnauthorized: false }),
      ).rejects.toMatchObject({ status: 401, code: 'UNAUTHORIZED' });

      expect(session.getState().accessToken).toBe('token');
      expect(navigate).not.toHaveBeenCalled();
    });
  });
});
