import { describe, expect, it, vi } from 'vitest';
import defaultsFile from '../../public/runtime-config.json';
import {
  defaultRuntimeConfig,
  loadRuntimeConfig,
  parseRuntimeConfig,
  remoteNames,
} from './runtime-config';

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

    expect(fetchMock).toHaveBeenCalledWith('/runtime-config.json');
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

  it('reads the URL patterns each remote serves, and which remotes add settings sections', () => {
    const config = parseRuntimeConfig({
      remotes: {},
      routes: { events: ['/events', '/event/*', '/calendar'] },
      settingsSectionsFrom: ['social', 'events'],
    });
    expect(config.routes.events).toEqual(['/events', '/event/*', '/calendar']);
    expect(config.routes.social).toEqual(defaultRuntimeConfig.routes.social);
    expect(config.settingsSectionsFrom).toEqual(['social', 'events']);
  });

  it('keeps the defaults where the routes or settings entries are malformed', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const config = parseRuntimeConfig({
      routes: { events: ['events'], admin: 'x', shop: ['/shop'] },
      settingsSectionsFrom: ['social', 'shop'],
    });
    expect(config.routes).toEqual(defaultRuntimeConfig.routes);
    expect(config.settingsSectionsFrom).toEqual(defaultRuntimeConfig.settingsSectionsFrom);
    expect(warn).toHaveBeenCalledTimes(4);
  });

  it('reads which remotes add header items, keeping the default when malformed', () => {
    expect(defaultRuntimeConfig.headerItemsFrom).toEqual(['social']);
    expect(parseRuntimeConfig({ headerItemsFrom: ['events'] }).headerItemsFrom).toEqual(['events']);
    expect(parseRuntimeConfig({ headerItemsFrom: [] }).headerItemsFrom).toEqual([]);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(parseRuntimeConfig({ headerItemsFrom: ['shop'] }).headerItemsFrom).toEqual(['social']);
    expect(parseRuntimeConfig({ headerItemsFrom: 'social' }).headerItemsFrom).toEqual(['social']);
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it("takes its defaults from the shell's own runtime-config.json, which names every remote", () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(parseRuntimeConfig(defaultsFile)).toEqual(defaultRuntimeConfig);
    expect(warn).not.toHaveBeenCalled();
    for (const name of remoteNames) {
      expect(defaultRuntimeConfig.remotes[name], name).toBe(`/remotes/${name}/mf-manifest.json`);
      expect(defaultRuntimeConfig.routes[name].length, name).toBeGreaterThan(0);
    }
  });
});
