import { onTestFinished, vi } from 'vitest';

/**
 * IntersectionObserver the test drives (jsdom has none): `reveal()` scrolls every observed
 * sentinel — the end of a list — into view; `watching()` counts the sentinels observed now (none
 * once a list has no more). Unstubbed when the test finishes.
 */
export function stubIntersectionObserver() {
  const observers: { callback: IntersectionObserverCallback; targets: Element[] }[] = [];
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      private readonly entry: { callback: IntersectionObserverCallback; targets: Element[] };
      constructor(callback: IntersectionObserverCallback) {
        this.entry = { callback, targets: [] };
        observers.push(this.entry);
      }
      observe(target: Element) {
        this.entry.targets.push(target);
      }
      unobserve(target: Element) {
        this.entry.targets = this.entry.targets.filter((item) => item !== target);
      }
      disconnect() {
        this.entry.targets = [];
      }
    },
  );
  onTestFinished(() => {
    vi.unstubAllGlobals();
  });
  return {
    reveal: () =>
      observers.forEach(({ callback, targets }) => {
        if (targets.length === 0) return;
        callback(
          targets.map((target) => ({ isIntersecting: true, target }) as IntersectionObserverEntry),
          {} as IntersectionObserver,
        );
      }),
    watching: () => observers.reduce((sum, { targets }) => sum + targets.length, 0),
  };
}
