import { useComputedColorScheme } from '@mantine/core';
import { useLayoutEffect } from 'react';
import { applyBodyTheme } from './color-scheme';

/**
 * Mirrors Mantine's resolved colour scheme onto `<body data-theme>`, including when the
 * preference is `system` and the device switches between light and dark. (The map style is the
 * user's own setting, `appearance.mapStyle`: see map-style.ts.)
 */
export function ThemeSync() {
  const scheme = useComputedColorScheme('light', { getInitialValueInEffect: false });
  useLayoutEffect(() => {
    applyBodyTheme(scheme);
  }, [scheme]);
  return null;
}
