/** The Web Locks name every tab of the site uses for renewing the session. */
export const REFRESH_LOCK_NAME = 'plantfolk-refresh';

/** Runs a task while holding the lock; resolves to what the task resolves to. */
export type RefreshLock = <T>(task: () => Promise<T>) => Promise<T>;

/** The part of the Web Locks API the lock needs (navigator.locks). */
export interface LockManagerLike {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
}

function browserLocks(): LockManagerLike | null {
  if (typeof navigator === 'undefined') return null;
  return (navigator as Navigator & { locks?: LockManagerLike }).locks ?? null;
}

/**
 * Serialises session renewals across every tab of the site. The refresh token rotates on each
 * use and the server treats a second use of an old one as theft (it revokes the whole session),
 * so two tabs must never send the same cookie at once: each waits for the other's renewal and
 * then sends the cookie that renewal set. Where the browser has no Web Locks, the task runs
 * directly and callers rely on their in-tab single flight.
 */
export function createRefreshLock(locks: LockManagerLike | null = browserLocks()): RefreshLock {
  return (task) => (locks ? locks.request(REFRESH_LOCK_NAME, () => task()) : task());
}
