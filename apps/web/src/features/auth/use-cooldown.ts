import { useEffect, useState } from 'react';
import { ApiError } from '../../lib/http';

/**
 * Seconds left before a rate-limited form may be sent again (from the error's `retry-after`),
 * counting down once a second; 0 when there is nothing to wait for.
 */
export function useCooldown(error: unknown): number {
  const retryAfter = error instanceof ApiError && error.code === 'RATE_LIMITED' ? (error.retryAfter ?? 0) : 0;
  const [left, setLeft] = useState(retryAfter);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new refusal restarts the countdown, even with the same wait
  useEffect(() => {
    setLeft(retryAfter);
    if (retryAfter <= 0) return;
    const until = Date.now() + retryAfter * 1000;
    const timer = window.setInterval(() => {
      const remaining = Math.max(0, Math.ceil((until - Date.now()) / 1000));
      setLeft(remaining);
      if (remaining === 0) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [retryAfter, error]);

  return left;
}
