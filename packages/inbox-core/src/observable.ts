/**
 * A minimal state container. `subscribe` and `getSnapshot` are stable functions with the shape
 * React's `useSyncExternalStore(subscribe, getSnapshot)` expects: snapshots are immutable and a new
 * object is published only when something changed.
 */
export type Observable<T> = {
  getSnapshot(): T;
  subscribe(listener: () => void): () => void;
};

export type Container<T> = Observable<T> & {
  set(next: T): void;
  update(change: (current: T) => T): void;
};

export function createContainer<T>(initial: T): Container<T> {
  let state = initial;
  const listeners = new Set<() => void>();
  const set = (next: T) => {
    if (Object.is(next, state)) return;
    state = next;
    for (const listener of [...listeners]) listener();
  };
  return {
    getSnapshot: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    set,
    update: (change) => set(change(state)),
  };
}
