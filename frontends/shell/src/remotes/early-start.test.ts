import { afterEach, describe, expect, it, vi } from 'vitest';
import { startEarlyLoading } from './early-start';
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
  it("preloads the entry and the routes module of the remote that owns the page's URL", async () => {
    const fetchImpl = vi.fn<typeof fetch>().mockResolvedValue(Response.json(manifest));
    const urls = await startEarlyLoading({
      config: config(),
      href: 'https://plantfolk.test/',
      fetchImpl,
    });
    expect(fetchImpl).toHaveBeenCalledWith(
      'https://plantfolk.test/remotes/social/mf-manifest.json',
    );
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
