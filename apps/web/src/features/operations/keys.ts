import type { TListParams, TWindowParams } from '../../lib/list-params';
import type { TStationListResource } from './api';

/** Query keys of the operations lists; every key holds the full call (window, filters, sort, cursor). */
export const operationsKeys = {
  all: ['operations'] as const,
  station: (slug: string) => [...operationsKeys.all, 'station', slug] as const,
  stationList: (slug: string, resource: TStationListResource, params: TListParams) =>
    [...operationsKeys.station(slug), resource, params] as const,
  nozzles: (slug: string) => [...operationsKeys.station(slug), 'nozzles'] as const,
  stationDirectory: () => [...operationsKeys.all, 'station-directory'] as const,
  registry: (params: TListParams) => [...operationsKeys.all, 'registry', params] as const,
  vehicle: (registration: string, window: TWindowParams) =>
    [...operationsKeys.all, 'vehicle', registration, window] as const,
};
