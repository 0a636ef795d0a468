import { useComputedColorScheme } from '@mantine/core';
import { useLayoutEffect } from 'react';
import { applyBodyTheme } from './color-scheme';
import { storeMapStyle } from './map-style';

/**
 * Mirrors Mantine's resolved colour scheme onto `<body data-theme>` and `appearance.mapStyle`,
 * including when the preference is `system` and the device switches between light and dark.
 */
export function ThemeSync() {
  const scheme = useComputedColorScheme('light', { getInitialValueInEffect: false });
  useLayoutEffect(() => {
    applyBodyTheme(scheme);
    storeMapStyle(scheme);
  }, [scheme]);
  return null;
}
