import {
  parseDurationToken,
  resolveWindow,
  type TTimeWindow,
  type TTimeWindowQuery,
  type TTimeWindowScreen,
  validateWindow,
} from '@forecourt/contracts';
import { AppError } from '../../lib/app-error';

/** A window resolved against a screen's limits, with its bounds in epoch ms (end exclusive). */
export type ResolvedWindow = { window: TTimeWindow; startMs: number; endMs: number; stepMs: number };

/**
 * Completes the window of a request with the screen's defaults (spec §9) and checks it:
 * 400 WINDOW_TOO_LONG over the screen's maximum, 400 VALIDATION_FAILED for an end before the
 * start, a window under the minimum, or a step finer than the screen allows.
 */
export function resolveRequestWindow(
  screen: TTimeWindowScreen,
  query: TTimeWindowQuery,
  now: number,
): ResolvedWindow {
  const window = resolveWindow(screen, {
    ...(query.startDate ? { startDate: query.startDate } : {}),
    ...(query.endDate ? { endDate: query.endDate } : {}),
    ...(query.frequency ? { frequency: query.frequency } : {}),
    now,
  });
  const error = validateWindow(screen, window);
  if (error) throw new AppError(error.code, error.message, error.details);
  const stepMs = parseDurationToken(window.frequency) ?? 3_600_000;
  return { window, startMs: Date.parse(window.startDate), endMs: Date.parse(window.endDate), stepMs };
}
