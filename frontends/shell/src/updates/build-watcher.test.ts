import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterPageLoad, createBuildWatcher, type FetchBuildId } from './build-watcher';

describe('build watcher', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function setup(ids: Record<string, (string | null)[]>) {
    const fetchBuildId = vi.fn<FetchBuildId>(async (url) => {
      const queue = ids[url] ?? [];
      return queue.length > 1 ? (queue.shift() ?? null) : (queue[0] ?? null);
    });
    const onUpdate = vi.fn();
    const watcher = createBuildWatcher({ fetchBuildId, onUpdate, intervalMs: 60_000 });
    return { watcher, fetchBuildId, onUpdate };
  }

  it('takes the first buildId as the baseline and reports when it changes', async () => {
    const { watcher, onUpdate } = setup({ '/build-manifest.json': ['a1', 'a1', 'b2'] });
    watcher.watch('shell', '/build-manifest.json');
    await vi.advanceTimersByTimeAsync(0);

    await watcher.check();
    expect(onUpdate).not.toHaveBeenCalled();

    await watcher.check();
    expect(onUpdate).toHaveBeenCalledWith(['shell']);
  });

  it('reports a redeployed remote next to an unchanged shell', async () => {
    const { watcher, onUpdate } = setup({
      '/build-manifest.json': ['s1'],
      '/remotes/events/build-manifest.json': ['e1', 'e2'],
    });
    watcher.watch('shell', '/build-manifest.json');
    watcher.watch('events', '/remotes/events/build-manifest.json');
    await vi.advanceTimersByTimeAsync(0);

    await watcher.check();

    expect(onUpdate).toHaveBeenCalledTimes(1);
    expect(onUpdate).toHaveBeenCalledWith(['events']);
  });

  it('ignores polls that fail', async () => {
    const { watcher, onUpdate } = setup({ '/build-manifest.json': ['a1', null, 'a1'] });
    watcher.watch('shell', '/build-manifest.json');
    await vi.advanceTimersByTimeAsync(0);

    await watcher.check();
    await watcher.check();

    expect(onUpdate).not.toHaveBeenCalled();
  });

  it('polls on an interval once started, and stops when told', async () => {
    const { watcher, fetchBuildId, onUpdate } = setup({ '/build-manifest.json': ['a1', 'b2'] });
    watcher.watch('shell', '/build-manifest.json');
    watcher.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchBuildId).toHaveBeenCalledTimes(1);

    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchBuildId).toHaveBeenCalledTimes(2);
    expect(onUpdate).toHaveBeenCalledWith(['shell']);

    watcher.stop();
    await vi.advanceTimersByTimeAsync(180_000);
    expect(fetchBuildId).toHaveBeenCalledTimes(2);
  });

  it('fetches the baseline only once the page has loaded, when told to wait for it', async () => {
    let loaded!: () => void;
    const fetchBuildId = vi.fn<FetchBuildId>(async () => 'a1');
    const watcher = createBuildWatcher({
      fetchBuildId,
      onUpdate: vi.fn(),
      baselineAfter: new Promise<void>((resolve) => (loaded = resolve)),
    });
    watcher.watch('shell', '/build-manifest.json');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(fetchBuildId).not.toHaveBeenCalled();

    loaded();
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchBuildId).toHaveBeenCalledWith('/build-manifest.json');
  });

  it('afterPageLoad waits for the load event, then for an idle moment', async () => {
    let state: DocumentReadyState = 'loading';
    const win = Object.assign(new EventTarget(), {
      document: {
        get readyState() {
          return state;
        },
      },
      setTimeout: (callback: () => void, ms: number) => setTimeout(callback, ms),
    }) as unknown as Window;
    const done = vi.fn();
    void afterPageLoad(win).then(done);

    await vi.advanceTimersByTimeAsync(5_000);
    expect(done).not.toHaveBeenCalled();
    state = 'complete';
    win.dispatchEvent(new Event('load'));
    await vi.advanceTimersByTimeAsync(1_000);
    expect(done).toHaveBeenCalled();
  });

  it('checks again when the tab becomes visible', async () => {
    const { watcher, fetchBuildId } = setup({ '/build-manifest.json': ['a1'] });
    watcher.watch('shell', '/build-manifest.json');
    watcher.start();
    await vi.advanceTimersByTimeAsync(0);

    document.dispatchEvent(new Event('visibilitychange'));
    await vi.advanceTimersByTimeAsync(0);

    expect(fetchBuildId).toHaveBeenCalledTimes(2);
    watcher.stop();
  });
});
