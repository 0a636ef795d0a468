import type { TCongestionSamplePage, TFuel, TPaymentMode, TSalesComparisonKind } from '@forecourt/contracts';
import {
  type InfiniteData,
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { keepPreviousWithin } from '../../lib/keep-previous';
import type { TTimeWindowApi } from '../time-window';
import {
  fetchCommandCentre,
  fetchCongestionSamples,
  fetchCongestionSummary,
  fetchSalesSeries,
  fetchStationMetrics,
  fetchStationOverview,
  type TSalesParams,
  type TWindowParams,
} from './api';
import { metricsKeys } from './keys';

/** What a windowed query needs of the screen's time window. */
export type TWindowSource = Pick<TTimeWindowApi, 'params' | 'error'>;

/** The dates of the window only, for screens without a chart over time (tiles, rankings). */
export function windowDates(params: TWindowParams): TWindowParams {
  return { startDate: params.startDate, endDate: params.endDate };
}

/** A query over the window; it is not sent while the window is invalid (the control says why). */
function windowedQuery<T>(
  scope: readonly unknown[],
  window: TWindowSource,
  params: object,
  fetcher: (signal: AbortSignal) => Promise<T>,
) {
  return queryOptions({
    queryKey: [...scope, params],
    queryFn: ({ signal }) => fetcher(signal),
    placeholderData: keepPreviousWithin(scope),
    enabled: window.error === null,
  });
}

export function stationOverviewQueryOptions(slug: string, window: TWindowSource) {
  const params = windowDates(window.params);
  return windowedQuery(metricsKeys.overview(slug), window, params, (signal) =>
    fetchStationOverview(slug, params, signal),
  );
}

export type TSalesFilters = { fuel?: TFuel[]; paymentMode?: TPaymentMode[]; compare?: TSalesComparisonKind };

export function salesSeriesQueryOptions(slug: string, window: TWindowSource, filters: TSalesFilters) {
  const params: TSalesParams = {
    ...window.params,
    fuel: filters.fuel,
    paymentMode: filters.paymentMode,
    compare: filters.compare,
  };
  return windowedQuery(metricsKeys.sales(slug), window, params, (signal) =>
    fetchSalesSeries(slug, params, signal),
  );
}

export function stationMetricsQueryOptions(slug: string, window: TWindowSource) {
  const params = window.params;
  return windowedQuery(metricsKeys.series(slug), window, params, (signal) =>
    fetchStationMetrics(slug, params, signal),
  );
}

export function congestionSummaryQueryOptions(slug: string, window: TWindowSource) {
  const params = window.params;
  return windowedQuery(metricsKeys.congestion(slug), window, params, (signal) =>
    fetchCongestionSummary(slug, params, signal),
  );
}

export function commandCentreQueryOptions(window: TWindowSource) {
  const params = windowDates(window.params);
  return windowedQuery(metricsKeys.command(), window, params, (signal) => fetchCommandCentre(params, signal));
}

/** Lane samples of the window, a keyset page at a time ("Load more" follows `nextCursor`). */
export function congestionSamplesQueryOptions(slug: string, window: TWindowSource) {
  const params = windowDates(window.params);
  const scope = metricsKeys.congestionSamples(slug);
  return infiniteQueryOptions<
    TCongestionSamplePage,
    Error,
    InfiniteData<TCongestionSamplePage, string | undefined>,
    readonly unknown[],
    string | undefined
  >({
    queryKey: [...scope, params],
    queryFn: ({ signal, pageParam }) =>
      fetchCongestionSamples(slug, { ...params, cursor: pageParam }, signal),
    initialPageParam: undefined,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepPreviousWithin(scope),
    enabled: window.error === null,
  });
}

export const useStationOverview = (slug: string, window: TWindowSource) =>
  useQuery(stationOverviewQueryOptions(slug, window));

export const useSalesSeries = (slug: string, window: TWindowSource, filters: TSalesFilters) =>
  useQuery(salesSeriesQueryOptions(slug, window, filters));

export const useStationMetrics = (slug: string, window: TWindowSource) =>
  useQuery(stationMetricsQueryOptions(slug, window));

export const useCongestionSummary = (slug: string, window: TWindowSource) =>
  useQuery(congestionSummaryQueryOptions(slug, window));

export const useCongestionSamples = (slug: string, window: TWindowSource) =>
  useInfiniteQuery(congestionSamplesQueryOptions(slug, window));

export const useCommandCentre = (window: TWindowSource) => useQuery(commandCentreQueryOptions(window));
