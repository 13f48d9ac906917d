import type { RemoteModule } from '@plantfolk/ui';
import { describe, expect, it, vi } from 'vitest';
import { createRemoteRegistry, type RemoteModuleLoader } from './remote-registry';
import { defaultRuntimeConfig } from './runtime-config';

const eventsModule: RemoteModule = {
  routes: [{ path: '/events', handle: { access: 'guest-or-authd' }, element: null }],
};

function registryWith(loadModule: RemoteModuleLoader, onLoaded = vi.fn()) {
  const registry = createRemoteRegistry({
    config: Promise.resolve(defaultRuntimeConfig),
    loadModule,
    onLoaded,
  });
  return { registry, onLoaded };
}

describe('remote registry', () => {
  it('loads a remote from its manifest URL once, however often it is asked', async () => {
    const loadModule = vi.fn<RemoteModuleLoader>().mockResolvedValue(eventsModule);
    const { registry, onLoaded } = registryWith(loadModule);

    const [first, second] = await Promise.all([registry.load('events'), registry.load('events')]);
    await registry.load('events');

    expect(first).toBe(eventsModule.routes);
    expect(second).toBe(eventsModule.routes);
    expect(loadModule).toHaveBeenCalledTimes(1);
    expect(loadModule).toHaveBeenCalledWith('events', '/remotes/events/mf-manifest.json', {
      retry: false,
    });
    expect(registry.getState('events')).toMatchObject({ status: 'loaded' });
    expect(onLoaded).toHaveBeenCalledWith('events', '/remotes/events/mf-manifest.json');
  });

  it('records a failure instead of throwing, and loads nothing else', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const loadModule = vi.fn<RemoteModuleLoader>().mockRejectedValue(new Error('404 manifest'));
    const { registry } = registryWith(loadModule);

    await expect(registry.load('events')).resolves.toBeNull();

    expect(registry.getState('events')).toMatchObject({ status: 'failed' });
    expect(registry.getState('social')).toEqual({ status: 'idle' });
  });

  it('tries again after a reset, telling the loader it is a retry', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const loadModule = vi
      .fn<RemoteModuleLoader>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce(eventsModule);
    const { registry } = registryWith(loadModule);

    await registry.load('events');
    await expect(registry.load('events')).resolves.toBeNull();
    registry.reset('events');
    await expect(registry.load('events')).resolves.toBe(eventsModule.routes);

    expect(loadModule).toHaveBeenCalledTimes(2);
    expect(loadModule.mock.calls[1]?.[2]).toEqual({ retry: true });
  });

  it('treats a module without a routes array as a failed load', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { registry } = registryWith(async () => ({}) as RemoteModule);

    await expect(registry.load('admin')).resolves.toBeNull();
    expect(registry.getState('admin')).toMatchObject({ status: 'failed' });
  });

  it('notifies subscribers as the state changes', async () => {
    const { registry } = registryWith(async () => eventsModule);
    const seen: string[] = [];
    registry.subscribe(() => seen.push(registry.getState('events').status));

    await registry.load('events');

    expect(seen).toEqual(['loading', 'loaded']);
  });
  it('collects the header items of the remotes the config names, in order; a failed one adds none', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const Component = () => null;
    const item = (id: string, order: number) =>
      ({ id, order, label: id, access: 'authd-only', Component }) as const;
    const modules: Partial<Record<string, RemoteModule>> = {
      social: { routes: [], headerItems: [item('bell', 20), item('messages', 10)] },
      events: { routes: [], headerItems: [item('calendar', 15)] },
    };
    const loadModule = vi.fn<RemoteModuleLoader>(async (name) => {
      if (name === 'admin') throw new Error('offline');
      return modules[name]!;
    });
    const registry = createRemoteRegistry({
      config: Promise.resolve({
        ...defaultRuntimeConfig,
        headerItemsFrom: ['social', 'events', 'admin'],
      }),
      loadModule,
    });
    const items = await registry.loadHeaderItems();
    expect(items.map((each) => each.id)).toEqual(['messages', 'calendar', 'bell']);
    expect(registry.getState('admin')).toMatchObject({ status: 'failed' });
  });
});
