/** Whether a new version of some part of Plantfolk has been deployed since the page loaded. */
export interface UpdateStore {
  getSnapshot(): boolean;
  subscribe(listener: () => void): () => void;
  markAvailable(): void;
  dismiss(): void;
}

export function createUpdateStore(): UpdateStore {
  let available = false;
  const listeners = new Set<() => void>();
  const set = (value: boolean) => {
    available = value;
    for (const listener of [...listeners]) listener();
  };
  return {
    getSnapshot: () => available,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    markAvailable: () => set(true),
    dismiss: () => set(false),
  };
}
