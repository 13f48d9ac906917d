import { describe, expect, it, vi } from 'vitest';
import { createRefreshLock, REFRESH_LOCK_NAME, type LockManagerLike } from './refresh-lock';

/** An in-memory stand-in for navigator.locks: one exclusive lock per name, granted in order. */
function fakeLocks(): LockManagerLike & { requests: string[] } {
  const tails = new Map<string, Promise<unknown>>();
  const requests: string[] = [];
  return {
    requests,
    request<T>(name: string, callback: () => Promise<T>) {
      requests.push(name);
      const previous = tails.get(name) ?? Promise.resolve();
      const result = previous.then(callback, callback);
      tails.set(
        name,
        result.catch(() => undefined),
      );
      return result;
    },
  };
}

describe('refresh lock', () => {
  it('runs renewals one after another under the plantfolk-refresh lock', async () => {
    const locks = fakeLocks();
    // Two tabs, each with its own lock wrapper over the one lock manager of the browser.
    const firstTab = createRefreshLock(locks);
    const secondTab = createRefreshLock(locks);
    const order: string[] = [];
    let releaseFirst!: () => void;

    const first = firstTab(async () => {
      order.push('first starts');
      await new Promise<void>((resolve) => (releaseFirst = resolve));
      order.push('first ends');
      return 1;
    });
    const second = secondTab(async () => {
      order.push('second starts');
      return 2;
    });
    await vi.waitFor(() => expect(order).toEqual(['first starts']));
    releaseFirst();

    await expect(Promise.all([first, second])).resolves.toEqual([1, 2]);
    expect(order).toEqual(['first starts', 'first ends', 'second starts']);
    expect(locks.requests).toEqual([REFRESH_LOCK_NAME, REFRESH_LOCK_NAME]);
  });

  it('runs the task directly where the browser has no Web Locks', async () => {
    const lock = createRefreshLock(null);
    await expect(lock(async () => 'renewed')).resolves.toBe('renewed');
  });
});
