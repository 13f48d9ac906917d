import { describe, expect, it, vi } from 'vitest';
import { defaultRuntimeConfig, loadRuntimeConfig, parseRuntimeConfig } from './runtime-config';

describe('runtime config', () => {
  it('reads remote URLs from /runtime-config.json', async () => {
    const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(
      Response.json({
        remotes: {
          social: 'https://cdn.test/social/mf-manifest.json',
          events: '/remotes/events/mf-manifest.json',
          admin: '/remotes/admin/mf-manifest.json',
        },
      }),
    );

    const config = await loadRuntimeConfig(fetchMock);

    expect(fetchMock).toHaveBeenCalledWith('/runtime-config.json', { cache: 'no-cache' });
    expect(config.remotes.social).toBe('https://cdn.test/social/mf-manifest.json');
  });

  it('falls back to the default locations when the file cannot be read', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(new Response('', { status: 404 }));

    await expect(loadRuntimeConfig(fetchMock)).resolves.toEqual(defaultRuntimeConfig);
    expect(warn).toHaveBeenCalled();
  });

  it('keeps valid entries and ignores unknown or malformed ones', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const config = parseRuntimeConfig({
      remotes: { events: 'http://localhost:4202/mf-manifest.json', admin: 42, shop: '/x' },
    });
    expect(config.remotes).toEqual({
      social: '/remotes/social/mf-manifest.json',
      events: 'http://localhost:4202/mf-manifest.json',
      admin: '/remotes/admin/mf-manifest.json',
    });
  });
});
