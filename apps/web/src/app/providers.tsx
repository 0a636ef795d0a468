import { MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { getSession, subscribeSession } from '../lib/credentials';
import { createThemePreferenceManager } from './theme/color-scheme';
import { cssVariablesResolver, theme } from './theme/theme';
import { ThemeSync } from './theme/theme-sync';

/** One manager for the app's lifetime: Mantine subscribes to it once. */
const colorSchemeManager = createThemePreferenceManager();

/** Whose data the cache holds: the user and organisation of the stored access token. */
function sessionOwner(): string | null {
  const payload = getSession()?.payload;
  return payload ? `${payload.sub}@${payload.org ?? ''}` : null;
}

/**
 * Data cached for one user must never show for the next: when a different user (or the same user
 * in a new organisation) signs in, the query cache is emptied. Signing out alone leaves it (the
 * pages still on screen would refetch without a token); the next sign-in empties it.
 */
function useCacheFollowsSession(queryClient: QueryClient) {
  useEffect(() => {
    let owner = sessionOwner();
    return subscribeSession(() => {
      const next = sessionOwner();
      if (next !== null && next !== owner) queryClient.removeQueries();
      owner = next;
    });
  }, [queryClient]);
}

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
  useCacheFollowsSession(queryClient);
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      colorSchemeManager={colorSchemeManager}
      defaultColorScheme="auto"
      env={env}
    >
      <ThemeSync />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
