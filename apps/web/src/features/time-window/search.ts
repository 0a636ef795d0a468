import { TIME_WINDOW_PRESETS, ZDurationToken } from '@forecourt/contracts';
import { z } from 'zod';

/**
 * A screen's time window in the address bar, so a view can be shared and reloaded. Exactly one
 * of three shapes is in effect, first match wins:
 *
 * - `startDate` (+ `endDate`): a fixed window; without `endDate` it runs to now and follows it.
 * - `preset`: a calendar preset (today, yesterday, this month, this financial year), resolved in
 *   IST when the page opens, live while it contains now.
 * - `span`: a rolling window of that length ending now, live (`24h`, `7d`). The "last …" presets
 *   are spans, so "last 24 hours" shared today still means the last 24 hours tomorrow.
 *
 * Nothing at all is the screen's default span, live. `frequency` is the chart step, automatic when
 * absent. Invalid values are dropped, never an error page.
 */
export const ZTimeWindowSearch = z.object({
  span: ZDurationToken.optional().catch(undefined),
  preset: z.enum(TIME_WINDOW_PRESETS).optional().catch(undefined),
  startDate: z.iso.datetime({ offset: true }).optional().catch(undefined),
  endDate: z.iso.datetime({ offset: true }).optional().catch(undefined),
  frequency: ZDurationToken.optional().catch(undefined),
});
export type TTimeWindowSearch = z.infer<typeof ZTimeWindowSearch>;

/** Every key of the window's address-bar state, so a change can clear the others. */
export const TIME_WINDOW_SEARCH_KEYS = ['span', 'preset', 'startDate', 'endDate', 'frequency'] as const;

/** The window part with nothing set: the screen's default. */
export const EMPTY_TIME_WINDOW_SEARCH: Record<(typeof TIME_WINDOW_SEARCH_KEYS)[number], undefined> = {
  span: undefined,
  preset: undefined,
  startDate: undefined,
  endDate: undefined,
  frequency: undefined,
};
