import { useComputedColorScheme } from '@mantine/core';
import { useSyncExternalStore } from 'react';
import { readStoredString, STORAGE_KEYS, writeStoredString } from '../../lib/storage';
import type { TResolvedScheme } from './color-scheme';

/** One map style per theme. The ids name styles the map feature will ship. */
export const MAP_STYLES = {
  light: 'forecourt-light',
  dark: 'forecourt-dark',
} as const satisfies Record<TResolvedScheme, string>;

export type TMapStyleId = (typeof MAP_STYLES)[TResolvedScheme];

export function mapStyleFor(scheme: TResolvedScheme): TMapStyleId {
  return MAP_STYLES[scheme];
}

/**
 * The user's map style under `appearance.mapStyle`: `theme` (the default: the style follows the
 * theme) or one style whatever the theme. Anything else stored reads as `theme`.
 */
export const MAP_STYLE_CHOICES = ['theme', MAP_STYLES.light, MAP_STYLES.dark] as const;
export type TMapStyleChoice = (typeof MAP_STYLE_CHOICES)[number];

export function readMapStyleChoice(): TMapStyleChoice {
  const stored = readStoredString(STORAGE_KEYS.mapStyle);
  return (MAP_STYLE_CHOICES as readonly string[]).includes(stored ?? '')
    ? (stored as TMapStyleChoice)
    : 'theme';
}

const listeners = new Set<() => void>();

export function setMapStyleChoice(choice: TMapStyleChoice): void {
  writeStoredString(STORAGE_KEYS.mapStyle, choice);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab changed the setting.
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEYS.mapStyle) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useMapStyleChoice(): TMapStyleChoice {
  return useSyncExternalStore(subscribe, readMapStyleChoice, () => 'theme' as const);
}

/** The map style id in force: the user's choice, or the theme's style when it follows the theme. */
export function useMapStyle(): TMapStyleId {
  const scheme = useComputedColorScheme('light', { getInitialValueInEffect: false });
  const choice = useMapStyleChoice();
  return choice === 'theme' ? mapStyleFor(scheme) : choice;
}
