import { z } from 'zod';
import { ZStationStatus } from '../enums';
import { ZTimeWindow, ZTimeWindowQuery } from '../time-window';
import { ZIncident } from './incident';
import { ZId, ZPaise } from './scalars';
import { ZKpiComparison, ZSalesKpis } from './station-metrics';
import { ZTransaction } from './transaction';

/** Stations ranked in the top and bottom lists of the command centre. */
export const COMMAND_RANKED_STATIONS = 5;
/** Rows of the live transaction and incident tickers. */
export const COMMAND_TICKER_ROWS = 10;

/** `GET /api/command` query: a window (screen `command`: 24 hours, at most 180 days). */
export const ZCommandQuery = ZTimeWindowQuery;
export type TCommandQuery = z.infer<typeof ZCommandQuery>;

/** A station on the command map and in the rankings, with its takings in the window. */
export const ZCommandStation = z.object({
  id: ZId,
  slug: z.string(),
  name: z.string(),
  city: z.string(),
  status: ZStationStatus,
  lat: z.number(),
  lng: z.number(),
  revenuePaise: ZPaise,
  transactions: z.number().int().nonnegative(),
  openIncidents: z.number().int().nonnegative(),
});
export type TCommandStation = z.infer<typeof ZCommandStation>;

/** The network command centre: KPIs over every visible station, the map, rankings and tickers. */
export const ZCommandCentre = z.object({
  window: ZTimeWindow,
  kpis: ZSalesKpis,
  comparison: ZKpiComparison,
  stationsByStatus: z.array(z.object({ status: ZStationStatus, count: z.number().int().nonnegative() })),
  /** Every visible station (for the map), by name. */
  stations: z.array(ZCommandStation),
  /** Highest revenue first; stations that are closed are left out of both rankings. */
  top: z.array(ZCommandStation),
  /** Lowest revenue first. */
  bottom: z.array(ZCommandStation),
  latestTransactions: z.array(ZTransaction),
  /** The latest incidents still open or acknowledged. */
  latestIncidents: z.array(ZIncident),
});
export type TCommandCentre = z.infer<typeof ZCommandCentre>;
