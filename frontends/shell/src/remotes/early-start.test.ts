import { afterEach, describe, expect, it, vi } from 'vitest';
import { earlyRequestKey, takeEarlyResponse } from '@plantfolk/api-client';
import { startEarlyLoading, startEarlyRequests } from './early-start';
import { remoteEntryUrl } from './remote-entry-url';
import { defaultRuntimeConfig, type RuntimeConfig } from './runtime-config';

const config = (remotes: Partial<RuntimeConfig['remotes']> = {}): Promise<RuntimeConfig> =>
  Promise.resolve({
    ...defaultRuntimeConfig,
    remotes: { ...defaultRuntimeConfig.remotes, ...remotes },
  });

const manifest = {
  exposes: [
    {
      path: './routes',
      assets: {
        js: { sync: ['__federation_expose_routes.abc.js'], async: ['1.js', '2.js'] },
        css: { sync: [], async: [] },
      },
    },
  ],
};

const preloads = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')].map((link) => ({
    as: link.getAttribute('as'),
    href: link.href,
  }));

afterEach(() => {
  for (const link of document.head.querySelectorAll('link')) link.remove();
});

describe('remoteEntryUrl', () => {
  it.each([
    ['/remotes/social/mf-manifest.json', '/remotes/social/remoteEntry.js'],
    ['https://cdn.test/events/mf-manifest.json?v=2', 'https://cdn.test/events/remoteEntry.js?v=2'],
    ['http://localhost:4203/mf-manifest.json', 'http://localhost:4203/remoteEntry.js'],
    ['https://cdn.test/admin/entry.js', 'https://cdn.test/admin/entry.js'],
  ])('%s → %s', (manifestUrl, entry) => {
    expect(remoteEntryUrl(manifestUrl)).toBe(entry);
  });
});

describe('startEarlyLoading', () => {
  const routeChunks = {
    routes: ['__federation_expose_routes.abc.js'],
    pages: [
      { path: '/', files: ['shared.js', 'home.js', 'home.css'] },
      { path: '/post/:randomId', files: ['shared.js', 'post.js'] },
      { path: '/profile', files: ['profile.js'] },
      { path: '/:handle', files: ['handle.js'] },
    ],
  };
  const answers = (byUrl: Record<string, unknown>) =>
    vi.fn<typeof fetch>(async (input) =>
      String(input) in byUrl
        ? Response.json(byUrl[String(input)])
        : new Response('not found', { status: 404 }),
    );

  it("preloads the remote's entry, its routes module and the chunks of the page at the URL", async () => {
    const fetchImpl = answers({
      'https://plantfolk.test/remotes/social/route-chunks.json': routeChunks,
    });
    const urls = await startEarlyLoading({
      config: config(),
      href: 'https://plantfolk.test/post/abc123',
      fetchImpl,
    });
    const base = 'https://plantfolk.test/remotes/social/';
    expect(preloads()).toEqual([
      { as: 'script', href: `${base}remoteEntry.js` },
      { as: 'script', href: `${base}__federation_expose_routes.abc.js` },
      { as: 'script', href: `${base}shared.js` },
      { as: 'script', href: `${base}post.js` },
    ]);
    expect(urls).toHaveLength(4);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
  });

  it('prefers the route with the most literal segments, and preloads stylesheets as styles', async () => {
    const fetchImpl = answers({
      'https://plantfolk.test/remotes/social/route-chunks.json': routeChunks,
    });
    await startEarlyLoading({
      config: config(),
      href: 'https://plantfolk.test/profile',
      fetchImpl,
    });
    expect(preloads().map((link) => link.href.split('/').pop())).toEqual([
      'remoteEntry.js',
      '__federation_expose_routes.abc.js',
      'profile.js',
    ]);

    for (const link of document.head.querySelectorAll('link')) link.remove();
    await startEarlyLoading({ config: config(), href: 'https://plantfolk.test/', fetchImpl });
    expect(preloads().at(-1)).toEqual({
      as: 'style',
      href: 'https://plantfolk.test/remotes/social/home.css',
    });
  });

  it("falls back to the routes module of the remote's manifest when it has no route-chunks.json", async () => {
    const fetchImpl = answers({
      'https://plantfolk.test/remotes/social/mf-manifest.json': manifest,
    });
    const urls = await startEarlyLoading({
      config: config(),
      href: 'https://plantfolk.test/',
      fetchImpl,
    });
    expect(preloads()).toEqual([
      { as: 'script', href: 'https://plantfolk.test/remotes/social/remoteEntry.js' },
      {
        as: 'script',
        href: 'https://plantfolk.test/remotes/social/__federation_expose_routes.abc.js',
      },
    ]);
    expect(urls).toHaveLength(2);
  });

  it('follows the runtime config to another origin, and keeps the entry when the manifest fails', async () => {
    await startEarlyLoading({
      config: config({ events: 'https://cdn.test/events/mf-manifest.json' }),
      href: 'https://plantfolk.test/events',
      fetchImpl: vi.fn<typeof fetch>().mockRejectedValue(new TypeError('offline')),
    });
    expect(preloads()).toEqual([{ as: 'script', href: 'https://cdn.test/events/remoteEntry.js' }]);
  });

  it("preloads nothing on the shell's own pages or when the config cannot be read", async () => {
    const fetchImpl = vi.fn<typeof fetch>();
    expect(
      await startEarlyLoading({
        config: config(),
        href: 'https://plantfolk.test/about',
        fetchImpl,
      }),
    ).toEqual([]);
    expect(await startEarlyLoading({ config: Promise.reject(new Error('x')), fetchImpl })).toEqual(
      [],
    );
    expect(fetchImpl).not.toHaveBeenCalled();
    expect(preloads()).toEqual([]);
  });
});

describe('startEarlyRequests', () => {
  const refreshKey = earlyRequestKey('POST', '/api/iam/authn/refresh');
  const feedKey = earlyRequestKey('GET', '/api/content-items/recent');
  afterEach(() => {
    for (const key of [refreshKey, feedKey, earlyRequestKey('GET', '/api/post/abc')]) {
      takeEarlyResponse(key);
    }
  });
  const noLock = <T>(task: () => Promise<T>) => task();
  const urlsOf = (fetchImpl: ReturnType<typeof vi.fn<typeof fetch>>) =>
    fetchImpl.mock.calls.map(([input]) => String(input));

  it("asks a guest's first page of the feed at once on /, and renews no session", async () => {
    const fetchImpl = vi.fn<typeof fetch>().mockResolvedValue(Response.json({}));
    await startEarlyRequests({ href: 'https://plantfolk.test/', cookies: '', fetchImpl });
    expect(urlsOf(fetchImpl)).toEqual(['/api/content-items/recent']);
    expect(takeEarlyResponse(feedKey)).toBeDefined();
  });

  it('renews a session the hint cookie announces, and asks for no guest feed when it is one', async () => {
    const fetchImpl = vi.fn<typeof fetch>().mockResolvedValue(Response.json({}));
    let locked = 0;
    const lock = <T>(task: () => Promise<T>) => {
      locked++;
      return task();
    };
    await startEarlyRequests({
      href: 'https://plantfolk.test/',
      cookies: 'color=1; pf_session=1',
      fetchImpl,
      lock,
    });
    expect(urlsOf(fetchImpl)).toEqual(['/api/iam/authn/refresh']);
    expect(locked).toBe(1);
    expect(takeEarlyResponse(refreshKey)).toBeDefined();
  });

  it('asks for the guest feed once a renewal is refused', async () => {
    const fetchImpl = vi
      .fn<typeof fetch>()
      .mockResolvedValueOnce(Response.json({}, { status: 401 }))
      .mockResolvedValue(Response.json({}));
    await startEarlyRequests({
      href: 'https://plantfolk.test/',
      cookies: 'pf_session=1',
      fetchImpl,
      lock: noLock,
    });
    expect(urlsOf(fetchImpl)).toEqual(['/api/iam/authn/refresh', '/api/content-items/recent']);
  });

  it("asks for a guest's post on its page, and for nothing on pages without such a request", async () => {
    const fetchImpl = vi.fn<typeof fetch>().mockResolvedValue(Response.json({}));
    await startEarlyRequests({ href: 'https://plantfolk.test/post/abc', cookies: '', fetchImpl });
    expect(urlsOf(fetchImpl)).toEqual(['/api/post/abc']);

    fetchImpl.mockClear();
    await startEarlyRequests({ href: 'https://plantfolk.test/events', cookies: '', fetchImpl });
    expect(fetchImpl).not.toHaveBeenCalled();
  });
});
