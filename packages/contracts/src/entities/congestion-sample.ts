import { z } from 'zod';
import { LIST_DEFAULTS, zListQuery, zListResponse, zMulti } from '../list';
import { ZTimeWindowQuery } from '../time-window';
import { ZId, ZIsoDateTime } from './scalars';

/** Queue length and wait at one lane of a station, sampled every 15 minutes. */
export const ZCongestionSample = z.object({
  id: ZId,
  stationId: ZId,
  lane: z.number().int().nonnegative(),
  sampledAt: ZIsoDateTime,
  /** Vehicles waiting, including the one being served. */
  queueLength: z.number().int().nonnegative(),
  /** Estimated wait for a vehicle joining the queue. */
  waitSeconds: z.number().int().nonnegative(),
});
export type TCongestionSample = z.infer<typeof ZCongestionSample>;

/** Sampling interval of congestion, in milliseconds. */
export const CONGESTION_SAMPLE_INTERVAL_MS = 15 * 60 * 1000;

/** Sortable fields; latest first by default. */
export const CONGESTION_SAMPLE_SORTS = ['sampledAt', 'queueLength', 'waitSeconds'] as const;

/** `GET /api/stations/:slug/congestion` query: default page size within a window (screen `stationMetrics`). */
export const ZCongestionSampleListQuery = zListQuery({
  ...LIST_DEFAULTS.default,
  sortable: CONGESTION_SAMPLE_SORTS,
  sort: '-sampledAt',
}).extend({
  ...ZTimeWindowQuery.shape,
  lane: zMulti(z.coerce.number().int().nonnegative()).optional(),
});
export type TCongestionSampleListQuery = z.infer<typeof ZCongestionSampleListQuery>;

/** A page of congestion samples. */
export const ZCongestionSampleList = zListResponse(ZCongestionSample);
export type TCongestionSampleList = z.infer<typeof ZCongestionSampleList>;
