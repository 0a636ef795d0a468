import { useComputedColorScheme } from '@mantine/core';
import { useEffect, useLayoutEffect } from 'react';
import { applyBodyTheme } from './color-scheme';
import { printInLight } from './print-in-light';

/**
 * Mirrors Mantine's resolved colour scheme onto `<body data-theme>`, including when the
 * preference is `system` and the device switches between light and dark; prints in the light
 * scheme whatever the screen's (print-in-light.ts). (The map style is the
 * user's own setting, `appearance.mapStyle`: see map-style.ts.)
 */
export function ThemeSync() {
  const scheme = useComputedColorScheme('light', { getInitialValueInEffect: false });
  useLayoutEffect(() => {
    applyBodyTheme(scheme);
  }, [scheme]);
  useEffect(() => printInLight(), []);
  return null;
}
