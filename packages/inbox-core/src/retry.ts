import { RETRY_DEFAULTS } from './constants';
import { InboxAbortedError, InboxHttpError, isAbort } from './errors';

export type RetryOptions = {
  /** How many times a failed attempt is repeated (3: up to 4 attempts). */
  retries: number;
  baseDelayMs: number;
  maxDelayMs: number;
};

/** Wait before retry number `failures` (0-based): 1 s, 2 s, 4 s … capped at 30 s by default. */
export function retryDelay(failures: number, options: RetryOptions = RETRY_DEFAULTS): number {
  return Math.min(options.baseDelayMs * 2 ** failures, options.maxDelayMs);
}

/**
 * Whether a failure is worth another attempt: network failures, 408, 429 and 5xx. Other 4xx are
 * answers about the request itself and would fail again.
 */
export function isRetryable(error: unknown): boolean {
  if (isAbort(error)) return false;
  if (error instanceof InboxHttpError) {
    return error.status === 408 || error.status === 429 || error.status >= 500;
  }
  // fetch rejects with a TypeError on network failure; protocol errors are not retried.
  return error instanceof TypeError;
}

/** Sleeps on the global timers (fake-timer friendly); rejects when `signal` aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new InboxAbortedError());
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new InboxAbortedError());
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** Runs `attempt` until it succeeds, it fails with a non-retryable error, or the retries run out. */
export async function withRetry<T>(
  attempt: () => Promise<T>,
  options: RetryOptions,
  signal?: AbortSignal,
): Promise<T> {
  for (let failures = 0; ; failures++) {
    try {
      return await attempt();
    } catch (error) {
      if (failures >= options.retries || !isRetryable(error) || signal?.aborted) throw error;
      await sleep(retryDelay(failures, options), signal);
    }
  }
}
