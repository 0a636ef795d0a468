import { z } from 'zod';
import { ZFuel, ZPaymentMode } from '../enums';
import { zMulti } from '../list';
import { ZTimeWindow, ZTimeWindowQuery } from '../time-window';
import { ZIsoDateTime, ZPaise } from './scalars';

/**
 * Time-window aggregates of a station: the overview KPIs, sales over time by fuel and payment mode,
 * and the metrics chart. Quantities are in the fuel's own unit (`FUEL_UNITS`: l, kg, kWh), money in
 * paise. Every figure covers `[startDate, endDate)` of the echoed `window`.
 */

/** Sales of one fuel. */
export const ZFuelSales = z.object({
  fuel: ZFuel,
  quantity: z.number().nonnegative(),
  amountPaise: ZPaise,
  transactions: z.number().int().nonnegative(),
});
export type TFuelSales = z.infer<typeof ZFuelSales>;

/** Takings of one payment mode; `share` is its fraction of the window's revenue (0–1). */
export const ZPaymentModeSales = z.object({
  mode: ZPaymentMode,
  amountPaise: ZPaise,
  transactions: z.number().int().nonnegative(),
  share: z.number().min(0).max(1),
});
export type TPaymentModeSales = z.infer<typeof ZPaymentModeSales>;

/** The headline figures of a window. */
export const ZSalesKpis = z.object({
  revenuePaise: ZPaise,
  transactions: z.number().int().nonnegative(),
  /** Revenue per transaction, rounded to the paisa; null without transactions. */
  averageTicketPaise: ZPaise.nullable(),
  /** Litres, kilograms and kWh sold, per fuel, busiest fuel first. */
  fuels: z.array(ZFuelSales),
  /** Revenue per payment mode, largest first. */
  paymentMix: z.array(ZPaymentModeSales),
  /** ANPR visits in the window that ended in a fill. */
  vehiclesServed: z.number().int().nonnegative(),
  /** Incidents open or acknowledged now (not bound to the window). */
  openIncidents: z.number().int().nonnegative(),
});
export type TSalesKpis = z.infer<typeof ZSalesKpis>;

/**
 * How the headline figures compare: the same figures over the previous period (the window of the
 * same length that ends where this one starts) and revenue and fills per step of this window for a
 * sparkline or chart (`stepMs`: an hour up to two days, six hours up to fourteen, else a day). Read
 * from the sales rollups, so its cost is bounded by the window, not by the fills.
 */
export const ZKpiComparison = z.object({
  previousWindow: z.object({ startDate: ZIsoDateTime, endDate: ZIsoDateTime }),
  previous: z.object({
    revenuePaise: ZPaise,
    transactions: z.number().int().nonnegative(),
    averageTicketPaise: ZPaise.nullable(),
    vehiclesServed: z.number().int().nonnegative(),
  }),
  stepMs: z.number().int().positive(),
  /** Every step of the window, oldest first; steps without fills are zero. */
  trend: z.array(
    z.object({ at: ZIsoDateTime, revenuePaise: ZPaise, transactions: z.number().int().nonnegative() }),
  ),
});
export type TKpiComparison = z.infer<typeof ZKpiComparison>;

/** `GET /api/stations/:slug/overview` query: a window (screen `command`: 24 hours, at most 180 days). */
export const ZStationOverviewQuery = ZTimeWindowQuery;
export type TStationOverviewQuery = z.infer<typeof ZStationOverviewQuery>;

/** The station overview: KPIs of the window and where the station is. */
export const ZStationOverview = z.object({
  window: ZTimeWindow,
  kpis: ZSalesKpis,
  comparison: ZKpiComparison,
  location: z.object({ lat: z.number(), lng: z.number(), directionsUrl: z.string() }),
});
export type TStationOverview = z.infer<typeof ZStationOverview>;

/**
 * What a sales window is compared with: the period of the same length just before it, the same
 * days a week earlier, or the same weekdays 52 weeks earlier (364 days, so Mondays meet Mondays).
 */
export const SALES_COMPARISONS = ['previous', 'lastWeek', 'lastYear'] as const;
export const ZSalesComparisonKind = z.enum(SALES_COMPARISONS);
export type TSalesComparisonKind = z.infer<typeof ZSalesComparisonKind>;

/** `GET /api/stations/:slug/sales` query: a window (screen `sales`, at most 180 days) and optional filters. */
export const ZSalesQuery = ZTimeWindowQuery.extend({
  fuel: zMulti(ZFuel).optional(),
  paymentMode: zMulti(ZPaymentMode).optional(),
  /** Add a comparison series (absent: none). */
  compare: ZSalesComparisonKind.optional(),
});
export type TSalesQuery = z.infer<typeof ZSalesQuery>;

const ZFuelPoint = z.object({
  quantity: z.number().nonnegative(),
  amountPaise: ZPaise,
  transactions: z.number().int().nonnegative(),
});
const ZModePoint = z.object({ amountPaise: ZPaise, transactions: z.number().int().nonnegative() });

/** One step of the sales chart, starting at `at` (steps are aligned to IST: days start at midnight). */
export const ZSalesPoint = z.object({
  at: ZIsoDateTime,
  amountPaise: ZPaise,
  transactions: z.number().int().nonnegative(),
  fuels: z.partialRecord(ZFuel, ZFuelPoint),
  modes: z.partialRecord(ZPaymentMode, ZModePoint),
});
export type TSalesPoint = z.infer<typeof ZSalesPoint>;

/**
 * The compared window's sales, with the same filters, step by step beside the current window:
 * `points[i]` is the compared step that pairs with the series' `points[i]`. Sales are known from
 * `dataFrom` (the first IST day with sales in the scope, or null when there are none): a step that
 * starts before it has null figures ("no data", never zero), and `totals` is null unless the whole
 * compared window lies within the data (`coverage`: full, partial or none).
 */
export const ZSalesComparison = z.object({
  kind: ZSalesComparisonKind,
  window: z.object({ startDate: ZIsoDateTime, endDate: ZIsoDateTime }),
  dataFrom: ZIsoDateTime.nullable(),
  coverage: z.enum(['full', 'partial', 'none']),
  totals: z
    .object({
      revenuePaise: ZPaise,
      transactions: z.number().int().nonnegative(),
      averageTicketPaise: ZPaise.nullable(),
    })
    .nullable(),
  points: z.array(
    z.object({
      at: ZIsoDateTime,
      amountPaise: ZPaise.nullable(),
      transactions: z.number().int().nonnegative().nullable(),
    }),
  ),
});
export type TSalesComparison = z.infer<typeof ZSalesComparison>;

/** Sales over time by fuel and payment mode; one point per step, empty steps included. */
export const ZSalesSeries = z.object({
  window: ZTimeWindow,
  points: z.array(ZSalesPoint),
  fuels: z.array(ZFuelSales),
  paymentMix: z.array(ZPaymentModeSales),
  /** Present when the query asked for `compare`. */
  comparison: ZSalesComparison.optional(),
});
export type TSalesSeries = z.infer<typeof ZSalesSeries>;

/** `GET /api/stations/:slug/metrics` query: a window (screen `stationMetrics`, 24 hours, at most a week). */
export const ZStationMetricsQuery = ZTimeWindowQuery;
export type TStationMetricsQuery = z.infer<typeof ZStationMetricsQuery>;

/** One step of the metrics chart. Queue figures are null when no lane was sampled in the step. */
export const ZMetricsPoint = z.object({
  at: ZIsoDateTime,
  /** Quantity sold per fuel, in the fuel's unit. */
  volume: z.partialRecord(ZFuel, z.number().nonnegative()),
  transactions: z.number().int().nonnegative(),
  amountPaise: ZPaise,
  averageTicketPaise: ZPaise.nullable(),
  /** ANPR reads at the entrance (visits), with or without a fill. */
  vehicles: z.number().int().nonnegative(),
  /** Mean queue over the lanes and samples of the step. */
  queueLength: z.number().nonnegative().nullable(),
  maxQueueLength: z.number().int().nonnegative().nullable(),
  waitSeconds: z.number().nonnegative().nullable(),
});
export type TMetricsPoint = z.infer<typeof ZMetricsPoint>;

export const ZStationMetrics = z.object({
  window: ZTimeWindow,
  points: z.array(ZMetricsPoint),
});
export type TStationMetrics = z.infer<typeof ZStationMetrics>;
