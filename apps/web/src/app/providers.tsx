import { MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { createThemePreferenceManager } from './theme/color-scheme';
import { theme } from './theme/theme';
import { ThemeSync } from './theme/theme-sync';

/** One manager for the app's lifetime: Mantine subscribes to it once. */
const colorSchemeManager = createThemePreferenceManager();

/** Mantine (theme + colour scheme from `appearance.theme`) and TanStack Query around the app. */
export function AppProviders({
  queryClient,
  children,
  env,
}: {
  queryClient: QueryClient;
  children: ReactNode;
  /** `test` turns off transitions and portals (Testing Library). */
  env?: 'default' | 'test';
}) {
  return (
    <MantineProvider
      theme={theme}
      colorSchemeManager={colorSchemeManager}
      defaultColorScheme="auto"
      env={env}
    >
      <ThemeSync />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
