import {
  type TCommandCentre,
  type TCongestionSamplePage,
  type TCongestionSummary,
  type TFuel,
  type TPaymentMode,
  type TSalesComparisonKind,
  type TSalesSeries,
  type TStationMetrics,
  type TStationOverview,
  ZCommandCentre,
  ZCongestionSamplePage,
  ZCongestionSummary,
  ZSalesSeries,
  ZStationMetrics,
  ZStationOverview,
} from '@forecourt/contracts';
import { http } from '../../lib/http';

/** The window of a request: the dates always, the chart step where the screen draws one. */
export type TWindowParams = { startDate: string; endDate: string; frequency?: string };

export type TSalesParams = TWindowParams & {
  fuel?: TFuel[];
  paymentMode?: TPaymentMode[];
  compare?: TSalesComparisonKind;
};

export type TCongestionSampleParams = TWindowParams & { cursor?: string };

const station = (slug: string, rest: string) => `/api/stations/${encodeURIComponent(slug)}/${rest}`;

/** GET /api/stations/:slug/overview: the station's KPIs for the window. */
export function fetchStationOverview(
  slug: string,
  params: TWindowParams,
  signal?: AbortSignal,
): Promise<TStationOverview> {
  return http.get(station(slug, 'overview'), { query: params, signal, schema: ZStationOverview });
}

/** GET /api/stations/:slug/sales: revenue over time by fuel and payment mode, with totals. */
export function fetchSalesSeries(
  slug: string,
  params: TSalesParams,
  signal?: AbortSignal,
): Promise<TSalesSeries> {
  return http.get(station(slug, 'sales'), { query: params, signal, schema: ZSalesSeries });
}

/** GET /api/stations/:slug/metrics: volume, transactions, ticket, vehicles and queue per step. */
export function fetchStationMetrics(
  slug: string,
  params: TWindowParams,
  signal?: AbortSignal,
): Promise<TStationMetrics> {
  return http.get(station(slug, 'metrics'), { query: params, signal, schema: ZStationMetrics });
}

/** GET /api/stations/:slug/congestion/summary: queue and wait per lane, and the busiest hours. */
export function fetchCongestionSummary(
  slug: string,
  params: TWindowParams,
  signal?: AbortSignal,
): Promise<TCongestionSummary> {
  return http.get(station(slug, 'congestion/summary'), { query: params, signal, schema: ZCongestionSummary });
}

/** GET /api/stations/:slug/congestion: one keyset page of lane samples, latest first. */
export function fetchCongestionSamples(
  slug: string,
  params: TCongestionSampleParams,
  signal?: AbortSignal,
): Promise<TCongestionSamplePage> {
  return http.get(station(slug, 'congestion'), { query: params, signal, schema: ZCongestionSamplePage });
}

/** GET /api/command: the network command centre for the window. */
export function fetchCommandCentre(params: TWindowParams, signal?: AbortSignal): Promise<TCommandCentre> {
  return http.get('/api/command', { query: params, signal, schema: ZCommandCentre });
}
