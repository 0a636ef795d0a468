/**
 * Everything that touches the host environment, guarded so the package can be imported and
 * constructed during server-side rendering: nothing here runs at import time.
 */

/** The subset of the Web Storage API the client uses. */
export type StorageLike = {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
};

/** Something that can receive DOM-style events (usually `document`). */
export type EventTargetLike = { dispatchEvent(event: Event): boolean };

/** The browser globals the client may use, looked up at call time (this package has no DOM lib). */
type BrowserGlobals = { window?: unknown; document?: EventTargetLike; localStorage?: StorageLike };
const browser = () => globalThis as BrowserGlobals;

/** The page's localStorage, or null outside browsers or when access throws (privacy modes). */
export function browserStorage(): StorageLike | null {
  try {
    if (browser().window === undefined) return null;
    return browser().localStorage ?? null;
  } catch {
    return null;
  }
}

/** `document` when running in a browser with CustomEvent, else null. */
export function browserEventTarget(): EventTargetLike | null {
  const target = browser().document;
  if (target === undefined || typeof CustomEvent !== 'function') return null;
  return target;
}

/** True under vitest or jest, or with NODE_ENV=test. */
export function underTestRunner(): boolean {
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env;
  if (!env) return false;
  return env.VITEST !== undefined || env.JEST_WORKER_ID !== undefined || env.NODE_ENV === 'test';
}

/** Storage calls that never throw (quota errors, disabled storage). */
export function storageSet(storage: StorageLike | null, key: string, value: string): void {
  try {
    storage?.setItem(key, value);
  } catch {
    // Storage can be full or disabled; the in-memory token still works for this page.
  }
}

export function storageRemove(storage: StorageLike | null, key: string): void {
  try {
    storage?.removeItem(key);
  } catch {
    // See storageSet.
  }
}
