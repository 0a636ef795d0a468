import { AppError } from '../../lib/app-error';
import { HOUR_MS, stepStarts } from '../../lib/time-buckets';
import type { ResolvedWindow } from '../../lib/windows/request-window';

/** Longest window a chart may read at steps that are not whole hours (those read raw rows, not the rollup). */
export const MAX_FINE_STEP_SPAN_MS = 7 * 86_400_000;

/**
 * The step starts of a chart window. Steps that are not whole hours (5m, 30m, 90m) are read from
 * raw rows through the station's time index, so they are limited to windows of a week (the
 * automatic frequency never picks them for longer windows); otherwise 400 VALIDATION_FAILED.
 */
export function chartSteps(resolved: ResolvedWindow): number[] {
  const span = resolved.endMs - resolved.startMs;
  if (resolved.stepMs % HOUR_MS !== 0 && span > MAX_FINE_STEP_SPAN_MS) {
    const message = 'Steps that are not whole hours need a window of at most 7 days; choose 1h or longer';
    throw new AppError('VALIDATION_FAILED', `Invalid querystring: frequency ${message}`, [
      { path: 'frequency', message },
    ]);
  }
  return stepStarts(resolved.startMs, resolved.endMs, resolved.stepMs);
}
