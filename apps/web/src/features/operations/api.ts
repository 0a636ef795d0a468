import {
  MAX_LIMIT,
  type TStationList,
  type TStationSchematic,
  type TVehicleDetail,
  type TVehiclePage,
  ZChallanPage,
  ZCustomerPage,
  ZPaymentPage,
  ZStationList,
  ZStationSchematic,
  ZTransactionPage,
  ZVehicleDetail,
  ZVehiclePage,
  ZVehicleSightingPage,
} from '@forecourt/contracts';
import type { z } from 'zod';
import { http } from '../../lib/http';
import { listCsvUrl, type TListParams, type TWindowParams } from '../../lib/list-params';

/** The keyset lists under `/api/stations/:slug/…`, each with the contract schema of its page. */
const STATION_LIST_PAGES = {
  transactions: ZTransactionPage,
  payments: ZPaymentPage,
  vehicles: ZVehicleSightingPage,
  customers: ZCustomerPage,
  challans: ZChallanPage,
} as const;

export type TStationListResource = keyof typeof STATION_LIST_PAGES;
export type TStationListPage<R extends TStationListResource> = z.output<(typeof STATION_LIST_PAGES)[R]>;

const stationPath = (slug: string) => `/api/stations/${encodeURIComponent(slug)}`;

/** GET /api/stations/:slug/{transactions|payments|vehicles|customers|challans}: one keyset page. */
export function fetchStationListPage<R extends TStationListResource>(
  slug: string,
  resource: R,
  params: TListParams,
  signal?: AbortSignal,
): Promise<TStationListPage<R>> {
  return http.get(`${stationPath(slug)}/${resource}`, {
    query: params,
    signal,
    schema: STATION_LIST_PAGES[resource] as unknown as z.ZodType<TStationListPage<R>>,
  });
}

/** GET /api/vehicles: one keyset page of the organisation's vehicle registry. */
export function fetchVehicleRegistry(params: TListParams, signal?: AbortSignal): Promise<TVehiclePage> {
  return http.get('/api/vehicles', { query: params, signal, schema: ZVehiclePage });
}

/** GET /api/vehicles/:registration: one vehicle in a window; 404 NOT_FOUND when never recorded. */
export function fetchVehicleDetail(
  registration: string,
  window: TWindowParams,
  signal?: AbortSignal,
): Promise<TVehicleDetail> {
  return http.get(`/api/vehicles/${encodeURIComponent(registration)}`, {
    query: window,
    signal,
    schema: ZVehicleDetail,
  });
}

/** GET /api/stations/:slug/schematic: the station's dispensers and nozzles (names for fills). */
export function fetchStationSchematic(slug: string, signal?: AbortSignal): Promise<TStationSchematic> {
  return http.get(`${stationPath(slug)}/schematic`, { signal, schema: ZStationSchematic });
}

/**
 * GET /api/stations, the first {@link MAX_LIMIT} by name: names and slugs for station ids that a
 * vehicle's page mentions without naming (sightings at stations where it did not fill).
 */
export function fetchStationDirectory(signal?: AbortSignal): Promise<TStationList> {
  return http.get('/api/stations', {
    query: { page: 0, limit: MAX_LIMIT, sort: 'name' },
    signal,
    schema: ZStationList,
  });
}

/** Registrations as the API keys them: upper case, without spaces or dashes. */
export function normalizeRegistration(registration: string): string {
  return registration.replace(/[\s-]/g, '').toUpperCase();
}

/** The CSV address of a station's list. */
export function stationListCsvUrl(slug: string, resource: TStationListResource, params: TListParams): string {
  return listCsvUrl(`${stationPath(slug)}/${resource}`, params);
}
