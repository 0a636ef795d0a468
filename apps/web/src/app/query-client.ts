import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/http';

/** At most 3 retries. Only transient failures (no connection, 5xx) are retried; a 4xx never is. */
export const MAX_RETRIES = 3;

export function shouldRetry(failureCount: number, error: unknown): boolean {
  return failureCount < MAX_RETRIES && error instanceof ApiError && error.isTransient;
}

/** 1 s, doubling, capped at 30 s. `attempt` counts the failures so far, from 0. */
export function retryDelay(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, 30_000);
}

/**
 * Cached data is shown as it is; nothing refetches on mount or window focus (screens
 * offer an explicit refresh). Coming back online still refreshes, as TanStack does by default.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        refetchOnMount: false,
        refetchOnWindowFocus: false,
        retry: shouldRetry,
        retryDelay,
      },
      mutations: { retry: false },
    },
  });
}
