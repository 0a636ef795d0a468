import { z } from 'zod';
import { ZTimeWindow, ZTimeWindowQuery } from '../time-window';
import { ZIsoDateTime } from './scalars';

/**
 * The congestion screen: queue length and wait per lane over the window (one point per step) and
 * the busiest hours of the IST day. Means are over the 15-minute samples that fall in a step.
 */

/** `GET /api/stations/:slug/congestion/summary` query: a window (screen `stationMetrics`). */
export const ZCongestionSummaryQuery = ZTimeWindowQuery;
export type TCongestionSummaryQuery = z.infer<typeof ZCongestionSummaryQuery>;

export const ZCongestionPoint = z.object({
  at: ZIsoDateTime,
  queueLength: z.number().nonnegative(),
  maxQueueLength: z.number().int().nonnegative(),
  waitSeconds: z.number().nonnegative(),
});
export type TCongestionPoint = z.infer<typeof ZCongestionPoint>;

export const ZLaneCongestion = z.object({
  lane: z.number().int().nonnegative(),
  averageQueueLength: z.number().nonnegative(),
  maxQueueLength: z.number().int().nonnegative(),
  averageWaitSeconds: z.number().nonnegative(),
  /** Steps without samples are left out. */
  points: z.array(ZCongestionPoint),
});
export type TLaneCongestion = z.infer<typeof ZLaneCongestion>;

/** One IST clock hour (0–23) over every day of the window, all lanes together. */
export const ZCongestionHour = z.object({
  hour: z.number().int().min(0).max(23),
  averageQueueLength: z.number().nonnegative(),
  averageWaitSeconds: z.number().nonnegative(),
});
export type TCongestionHour = z.infer<typeof ZCongestionHour>;

export const ZCongestionSummary = z.object({
  window: ZTimeWindow,
  lanes: z.array(ZLaneCongestion),
  /** The hours with the longest mean queue, busiest first (at most 5). */
  busiestHours: z.array(ZCongestionHour),
});
export type TCongestionSummary = z.infer<typeof ZCongestionSummary>;
