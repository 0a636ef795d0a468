import type { TStationSchematic } from '@forecourt/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { TFilterField } from '../../components/filter-bar';
import { keepPreviousWithin } from '../../lib/keep-previous';
import type { TListParams, TWindowParams } from '../../lib/list-params';
import {
  fetchStationDirectory,
  fetchStationListPage,
  fetchStationSchematic,
  fetchVehicleDetail,
  fetchVehicleRegistry,
  type TStationListResource,
} from './api';
import { operationsKeys } from './keys';

export function stationListQueryOptions<R extends TStationListResource>(
  slug: string,
  resource: R,
  params: TListParams,
) {
  return queryOptions({
    queryKey: operationsKeys.stationList(slug, resource, params),
    queryFn: ({ signal }) => fetchStationListPage(slug, resource, params, signal),
    placeholderData: keepPreviousWithin([...operationsKeys.station(slug), resource]),
  });
}

/** One keyset page of a station list; `enabled` is false while the window is invalid. */
export function useStationListPage<R extends TStationListResource>(
  slug: string,
  resource: R,
  params: TListParams,
  enabled: boolean,
) {
  return useQuery({ ...stationListQueryOptions(slug, resource, params), enabled });
}

export function vehicleRegistryQueryOptions(params: TListParams) {
  return queryOptions({
    queryKey: operationsKeys.registry(params),
    queryFn: ({ signal }) => fetchVehicleRegistry(params, signal),
    placeholderData: keepPreviousWithin([...operationsKeys.all, 'registry']),
  });
}

export function useVehicleRegistry(params: TListParams) {
  return useQuery(vehicleRegistryQueryOptions(params));
}

export function vehicleDetailQueryOptions(registration: string, window: TWindowParams) {
  return queryOptions({
    queryKey: operationsKeys.vehicle(registration, window),
    queryFn: ({ signal }) => fetchVehicleDetail(registration, window, signal),
    placeholderData: keepPreviousWithin([...operationsKeys.all, 'vehicle', registration]),
  });
}

export function useVehicleDetail(registration: string, window: TWindowParams, enabled: boolean) {
  return useQuery({ ...vehicleDetailQueryOptions(registration, window), enabled });
}

/** Dispensers, nozzles and station names change rarely: they are kept for ten minutes. */
const NAMES_STALE_MS = 10 * 60_000;

/**
 * "D-03 · nozzle 2" for each nozzle id of a station, from its schematic. Empty while loading or when
 * the schematic cannot be read (the fills then show the fuel alone).
 */
export function useNozzleNames(slug: string): ReadonlyMap<number, string> {
  const schematic = useQuery({
    queryKey: operationsKeys.nozzles(slug),
    queryFn: ({ signal }) => fetchStationSchematic(slug, signal),
    staleTime: NAMES_STALE_MS,
    retry: false,
  });
  return useMemo(() => nozzleNames(schematic.data), [schematic.data]);
}

export function nozzleNames(schematic: TStationSchematic | undefined): ReadonlyMap<number, string> {
  const names = new Map<number, string>();
  for (const lane of schematic?.lanes ?? [])
    for (const dispenser of lane.dispensers)
      for (const nozzle of dispenser.nozzles)
        names.set(nozzle.id, `${dispenser.code} · nozzle ${nozzle.number}`);
  return names;
}

export type TStationRef = { slug: string; name: string };

/**
 * Slug and name of each station id in `known`, completed from the station list when `ids` names a
 * station `known` lacks (read once, only then).
 */
export function useStationRefs(
  known: readonly (TStationRef & { stationId: number })[],
  ids: readonly number[],
): ReadonlyMap<number, TStationRef> {
  const knownMap = useMemo(
    () => new Map(known.map((station) => [station.stationId, { slug: station.slug, name: station.name }])),
    [known],
  );
  const missing = ids.some((id) => !knownMap.has(id));
  const directory = useQuery({
    queryKey: operationsKeys.stationDirectory(),
    queryFn: ({ signal }) => fetchStationDirectory(signal),
    staleTime: NAMES_STALE_MS,
    enabled: missing,
  });
  return useMemo(() => {
    const refs = new Map(knownMap);
    for (const station of directory.data?.results ?? [])
      if (!refs.has(station.id)) refs.set(station.id, { slug: station.slug, name: station.name });
    return refs;
  }, [knownMap, directory.data]);
}

/** The filter fields `build` makes from the organisation's station names (the station directory). */
export function useStationFilter(build: (stations: { id: number; name: string }[]) => TFilterField[]) {
  const stations = useQuery({
    queryKey: operationsKeys.stationDirectory(),
    queryFn: ({ signal }) => fetchStationDirectory(signal),
    staleTime: NAMES_STALE_MS,
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: `build` is a module-level function
  return useMemo(() => build(stations.data?.results ?? []), [stations.data]);
}
