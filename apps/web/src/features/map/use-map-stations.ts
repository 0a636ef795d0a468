import { MAX_LIMIT, type TStation, type TStationList } from '@forecourt/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  fetchStationList,
  stationKeys,
  type TStationFilters,
  type TStationListParams,
  toStationListParams,
} from '../stations';

/**
 * Every station of the list's current filters, for the map: the list endpoint read
 * {@link MAX_LIMIT} (200) at a time, a few pages in parallel, up to {@link MAX_MAP_STATIONS}.
 * No server change: the same GET /api/stations and the same filters as the table.
 */
export const MAX_MAP_STATIONS = 10_000;
const PARALLEL_PAGES = 4;

export type TMapStations = TStationList & {
  /** The filtered set has more stations than the map loaded. */
  truncated: boolean;
};

export type TMapStationFilters = Pick<TStationFilters, 'q' | 'fuelProvider' | 'fuels' | 'status'>;

function mapParams(filters: TMapStationFilters, page: number): TStationListParams {
  const { q, fuelProvider, fuels, status } = toStationListParams({
    q: filters.q,
    fuelProvider: filters.fuelProvider,
    fuels: filters.fuels,
    status: filters.status,
    view: 'map',
    page: 0,
    limit: MAX_LIMIT,
    sort: 'name',
  });
  return { page, limit: MAX_LIMIT, sort: 'name', q, fuelProvider, fuels, status };
}

/** Reads pages until the list ends (a short page), the count is reached or the cap is. */
export async function fetchAllStations(
  filters: TMapStationFilters,
  signal?: AbortSignal,
  fetchPage: typeof fetchStationList = fetchStationList,
): Promise<TMapStations> {
  const first = await fetchPage(mapParams(filters, 0), signal);
  const results: TStation[] = [...first.results];
  const maxPages = Math.ceil(MAX_MAP_STATIONS / MAX_LIMIT);
  // `pages` follows `count`, which the server caps (and marks approximate) on big lists.
  const plannedPages = Math.min(first.pages, maxPages);
  let nextPage = 1;
  let lastPageFull = first.results.length === MAX_LIMIT;
  while (nextPage < plannedPages) {
    const batch: number[] = [];
    for (let page = nextPage; page < Math.min(plannedPages, nextPage + PARALLEL_PAGES); page += 1)
      batch.push(page);
    const pages = await Promise.all(batch.map((page) => fetchPage(mapParams(filters, page), signal)));
    for (const page of pages) results.push(...page.results);
    lastPageFull = pages.at(-1)?.results.length === MAX_LIMIT;
    nextPage += batch.length;
  }
  // An approximate count may stop short of the real end: keep going while pages come back full.
  while (first.approximate && lastPageFull && nextPage < maxPages) {
    const page = await fetchPage(mapParams(filters, nextPage), signal);
    results.push(...page.results);
    lastPageFull = page.results.length === MAX_LIMIT;
    nextPage += 1;
  }
  const count = Math.max(first.count, results.length);
  return {
    count,
    pages: 1,
    approximate: first.approximate,
    results,
    truncated: results.length < count || (lastPageFull && nextPage >= maxPages),
  };
}

export const mapStationKeys = {
  all: () => [...stationKeys.lists(), 'map'] as const,
};

/**
 * Kept under the station list keys, so refreshing or invalidating the station lists refreshes the
 * map too, and a station opened from the map finds its header data in the cache at once.
 */
export function mapStationsQueryOptions(filters: TMapStationFilters) {
  const params = mapParams(filters, 0);
  const key = { q: params.q, fuelProvider: params.fuelProvider, fuels: params.fuels, status: params.status };
  return queryOptions({
    queryKey: [...mapStationKeys.all(), key] as const,
    queryFn: ({ signal }) => fetchAllStations(filters, signal),
    placeholderData: keepPreviousData,
  });
}

export function useMapStations(filters: TMapStationFilters, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...mapStationsQueryOptions(filters), enabled });
}
