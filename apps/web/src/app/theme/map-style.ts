import { useComputedColorScheme } from '@mantine/core';
import { STORAGE_KEYS, writeStoredString } from '../../lib/storage';
import type { TResolvedScheme } from './color-scheme';

/** One map style per theme (spec §4). The ids name styles the map feature will ship. */
export const MAP_STYLES = {
  light: 'forecourt-light',
  dark: 'forecourt-dark',
} as const satisfies Record<TResolvedScheme, string>;

export type TMapStyleId = (typeof MAP_STYLES)[TResolvedScheme];

export function mapStyleFor(scheme: TResolvedScheme): TMapStyleId {
  return MAP_STYLES[scheme];
}

/** Records the style in force under `appearance.mapStyle`, for code that reads settings outside React. */
export function storeMapStyle(scheme: TResolvedScheme): void {
  writeStoredString(STORAGE_KEYS.mapStyle, mapStyleFor(scheme));
}

/** The map style id for the theme on screen; it switches when the theme (or the device) does. */
export function useMapStyle(): TMapStyleId {
  const scheme = useComputedColorScheme('light', { getInitialValueInEffect: false });
  return mapStyleFor(scheme);
}
