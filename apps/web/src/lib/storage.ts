import type { z } from 'zod';

/** Every browser-storage key the dashboard uses (docs/PRODUCT.md, "Browser storage"). */
export const STORAGE_KEYS = {
  credentials: 'credentials',
  defaultRedirect: 'default_redirect',
  widgetAuthToken: 'widget_user_auth_token',
  theme: 'appearance.theme',
  mapStyle: 'appearance.mapStyle',
} as const;

export type TStorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

/** localStorage, or null where it is unavailable (private mode, sandboxed frames, tests without DOM). */
function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function readStoredString(key: TStorageKey): string | null {
  try {
    return storage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeStoredString(key: TStorageKey, value: string): void {
  try {
    storage()?.setItem(key, value);
  } catch (error) {
    // Quota or privacy settings: the app keeps working, the setting just does not persist.
    console.warn(`Could not save ${key}`, error);
  }
}

export function removeStored(key: TStorageKey): void {
  try {
    storage()?.removeItem(key);
  } catch {
    // Nothing to clean up when storage is unavailable.
  }
}

/** Reads a JSON value and validates it; anything missing, unparsable or off-schema reads as null. */
export function readStoredJson<T>(key: TStorageKey, schema: z.ZodType<T>): T | null {
  const raw = readStoredString(key);
  if (raw === null) return null;
  try {
    const parsed = schema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function writeStoredJson(key: TStorageKey, value: unknown): void {
  writeStoredString(key, JSON.stringify(value));
}

/** Calls `listener` when another tab changes `key`. Returns the unsubscribe function. */
export function onStoredChange(key: TStorageKey, listener: (value: string | null) => void): () => void {
  const handleStorage = (event: StorageEvent) => {
    if (event.key === key && event.storageArea === storage()) listener(event.newValue);
  };
  window.addEventListener('storage', handleStorage);
  return () => window.removeEventListener('storage', handleStorage);
}
