import { createSessionStore, type SessionStore } from '@plantfolk/session';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiFetch, type ApiFetch } from './api-fetch';
import { createContentApi } from './content/content-api';
import {
  EARLY_REQUEST_MAX_AGE_MS,
  earlyRequestKey,
  guestPageRequests,
  startEarlyGuestRequest,
  startEarlyRequest,
  startEarlySessionRefresh,
  takeEarlyResponse,
} from './early-requests';
import { createIdentityApi } from './identity/identity-api';

const ok = (data: unknown) =>
  new Response(JSON.stringify({ status: 'success', data, responders: [] }), {
    headers: { 'content-type': 'application/json' },
  });
const feedPage = { contentItems: [], next_cursor: null, counts: { posts: 1, plants: 0 } };

describe('early requests', () => {
  let pageFetch: ReturnType<typeof vi.fn<typeof fetch>>;
  let clientFetch: ReturnType<typeof vi.fn<typeof fetch>>;
  let session: SessionStore;
  let apiFetch: ApiFetch;

  beforeEach(() => {
    pageFetch = vi.fn<typeof fetch>();
    clientFetch = vi.fn<typeof fetch>();
    session = createSessionStore();
    apiFetch = createApiFetch({ fetch: clientFetch, session });
  });

  const feedKey = earlyRequestKey('GET', '/api/content-items/recent');
  afterEach(() => {
    // Nothing started by one test may be left for the next.
    takeEarlyResponse(feedKey);
    takeEarlyResponse(earlyRequestKey('POST', '/api/iam/authn/refresh'));
  });

  it("names what a guest's page asks first: the feed on /, the post on its page", () => {
    expect(guestPageRequests('/')).toEqual(['/api/content-items/recent']);
    expect(guestPageRequests('/post/Ab3_x')).toEqual(['/api/post/Ab3_x']);
    expect(guestPageRequests('/post/a%20b/')).toEqual(['/api/post/a%20b']);
    expect(guestPageRequests('/events')).toEqual([]);
    expect(guestPageRequests('/post/a/comments')).toEqual([]);
  });

  it("hands a guest's post page call the answer of the early request", async () => {
    pageFetch.mockResolvedValue(ok({ post: 'early' }));
    startEarlyGuestRequest('/api/post/abc', pageFetch);
    session.setSession({ loggedIn: false });

    const answer = await createContentApi(apiFetch).publicPost('abc');

    expect(answer.data).toEqual({ post: 'early' });
    expect(clientFetch).not.toHaveBeenCalled();
  });

  it("hands a guest's feed call the answer of the early request, once", async () => {
    pageFetch.mockResolvedValue(ok(feedPage));
    clientFetch.mockImplementation(async () =>
      ok({ ...feedPage, counts: { posts: 2, plants: 0 } }),
    );
    startEarlyGuestRequest('/api/content-items/recent', pageFetch);
    session.setSession({ loggedIn: false });
    const content = createContentApi(apiFetch);

    expect((await content.recentContentItems()).data.counts.posts).toBe(1);
    expect(clientFetch).not.toHaveBeenCalled();
    expect(pageFetch).toHaveBeenCalledWith('/api/content-items/recent', {
      headers: { 'client-platform': 'browser', accept: 'application/json' },
    });

    // A reload of the feed asks the server again.
    expect((await content.recentContentItems()).data.counts.posts).toBe(2);
    expect(clientFetch).toHaveBeenCalledTimes(1);
  });

  it("never gives a member's call (sent with the session's token) the guests' answer", async () => {
    pageFetch.mockResolvedValue(ok(feedPage));
    clientFetch.mockImplementation(async () =>
      ok({ ...feedPage, counts: { posts: 5, plants: 0 } }),
    );
    startEarlyGuestRequest('/api/content-items/recent', pageFetch);
    session.setSession({ loggedIn: true, accessToken: 'member-token' });

    const answer = await createContentApi(apiFetch).recentContentItems();

    expect(answer.data.counts.posts).toBe(5);
    expect(new Headers(clientFetch.mock.calls[0]?.[1]?.headers).get('authorization')).toBe(
      'Bearer member-token',
    );
  });

  it('sends the request itself when the early one did not get through', async () => {
    pageFetch.mockRejectedValue(new TypeError('offline'));
    clientFetch.mockImplementation(async () => ok(feedPage));
    startEarlyGuestRequest('/api/content-items/recent', pageFetch);
    session.setSession({ loggedIn: false });

    await createContentApi(apiFetch).recentContentItems();

    expect(clientFetch).toHaveBeenCalledTimes(1);
  });

  it('lets an answer nobody took for too long go stale', () => {
    let now = 1_000;
    const response = Promise.resolve(new Response(null));
    startEarlyRequest(
      feedKey,
      () => response,
      () => now,
    );
    now += EARLY_REQUEST_MAX_AGE_MS + 1;
    expect(takeEarlyResponse(feedKey, () => now)).toBeUndefined();

    startEarlyRequest(
      feedKey,
      () => response,
      () => now,
    );
    expect(takeEarlyResponse(feedKey, () => now)).toBe(response);
    expect(takeEarlyResponse(feedKey, () => now)).toBeUndefined();
  });

  it("gives the session client's page-start renewal the early one, sent under the lock", async () => {
    const grant = {
      access_token: 'fresh',
      expires_in: 900,
      token_type: 'Bearer',
      user: { uuid: 'u1', email: 'a@b.test', csrf_token: 'c' },
    };
    pageFetch.mockResolvedValue(ok(grant));
    let locked = 0;
    const lock = <T>(task: () => Promise<T>) => {
      locked++;
      return task();
    };
    startEarlySessionRefresh(lock, pageFetch);

    const session = await createIdentityApi(apiFetch).refresh();

    expect(session.access_token).toBe('fresh');
    expect(locked).toBe(1);
    expect(clientFetch).not.toHaveBeenCalled();
    const [url, init] = pageFetch.mock.calls[0] ?? [];
    expect(url).toBe('/api/iam/authn/refresh');
    expect(init).toMatchObject({ method: 'POST', credentials: 'include' });
    expect(JSON.parse(String(init?.body))).toEqual({ grant_type: 'refresh_token' });
  });
});
