import type { MantineColorScheme, MantineColorSchemeManager } from '@mantine/core';
import {
  onStoredChange,
  readStoredString,
  removeStored,
  STORAGE_KEYS,
  writeStoredString,
} from '../../lib/storage';

/** The user's theme preference as stored under `appearance.theme` (docs/PRODUCT.md, "Theme and map style"). */
export const THEME_PREFERENCES = ['system', 'light', 'dark'] as const;
export type TThemePreference = (typeof THEME_PREFERENCES)[number];
/** The scheme actually shown: the preference with `system` resolved against the device. */
export type TResolvedScheme = 'light' | 'dark';

export const DEFAULT_THEME_PREFERENCE: TThemePreference = 'system';

export function isThemePreference(value: unknown): value is TThemePreference {
  return typeof value === 'string' && (THEME_PREFERENCES as readonly string[]).includes(value);
}

/** Mantine calls "follow the device" `auto`; we store the product's word, `system`. */
export function toMantineScheme(preference: TThemePreference): MantineColorScheme {
  return preference === 'system' ? 'auto' : preference;
}

export function fromMantineScheme(scheme: MantineColorScheme): TThemePreference {
  return scheme === 'auto' ? 'system' : scheme;
}

export function readThemePreference(): TThemePreference {
  const stored = readStoredString(STORAGE_KEYS.theme);
  return isThemePreference(stored) ? stored : DEFAULT_THEME_PREFERENCE;
}

export function systemPrefersDark(): boolean {
  return (
    typeof window !== 'undefined' && window.matchMedia?.('(prefers-color-scheme: dark)').matches === true
  );
}

export function resolveScheme(
  preference: TThemePreference,
  prefersDark = systemPrefersDark(),
): TResolvedScheme {
  if (preference === 'system') return prefersDark ? 'dark' : 'light';
  return preference;
}

/** The body carries the resolved scheme for styles and scripts outside Mantine. */
export function applyBodyTheme(scheme: TResolvedScheme): void {
  document.body.setAttribute('data-theme', scheme);
}

/**
 * Mantine colour-scheme manager backed by `appearance.theme`, storing exactly
 * `system` | `light` | `dark`, and following changes made in other tabs.
 */
export function createThemePreferenceManager(): MantineColorSchemeManager {
  let unsubscribe: (() => void) | null = null;
  return {
    get: (defaultValue) => {
      const stored = readStoredString(STORAGE_KEYS.theme);
      return isThemePreference(stored) ? toMantineScheme(stored) : defaultValue;
    },
    set: (value) => writeStoredString(STORAGE_KEYS.theme, fromMantineScheme(value)),
    subscribe: (onUpdate) => {
      unsubscribe?.();
      unsubscribe = onStoredChange(STORAGE_KEYS.theme, (value) => {
        onUpdate(toMantineScheme(isThemePreference(value) ? value : DEFAULT_THEME_PREFERENCE));
      });
    },
    unsubscribe: () => {
      unsubscribe?.();
      unsubscribe = null;
    },
    clear: () => removeStored(STORAGE_KEYS.theme),
  };
}
