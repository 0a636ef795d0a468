import type { TStationSchematic } from '@forecourt/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { fetchDispenserRegistry, fetchSchematic } from './api';
import type { TDispenserRegistryParams } from './search';

/**
 * Query keys of the station assets. `assetKeys.all` covers every asset query; the realtime client
 * patches `schematic` entries in place (by the `stationId` in their data) and invalidates the rest.
 */
export const assetKeys = {
  all: ['assets'] as const,
  schematics: () => [...assetKeys.all, 'schematic'] as const,
  schematic: (slug: string) => [...assetKeys.schematics(), slug] as const,
  registries: () => [...assetKeys.all, 'dispensers'] as const,
  stationRegistries: (slug: string) => [...assetKeys.registries(), slug] as const,
  registry: (slug: string, params: TDispenserRegistryParams) =>
    [...assetKeys.stationRegistries(slug), params] as const,
};

/** How often an open schematic asks again, as a fallback for missed or absent realtime events. */
export const SCHEMATIC_REFRESH_MS = 15_000;

export function schematicQueryOptions(slug: string) {
  return queryOptions({
    queryKey: assetKeys.schematic(slug),
    queryFn: ({ signal }): Promise<TStationSchematic> => fetchSchematic(slug, signal),
  });
}

/**
 * The forecourt schematic. With `poll` it is fetched again every 15 s while the tab is visible
 * (TanStack Query pauses interval refetches in background tabs).
 */
export function useSchematic(slug: string, { poll = false }: { poll?: boolean } = {}) {
  return useQuery({
    ...schematicQueryOptions(slug),
    refetchInterval: poll ? SCHEMATIC_REFRESH_MS : false,
    refetchIntervalInBackground: false,
  });
}

export function dispenserRegistryQueryOptions(slug: string, params: TDispenserRegistryParams) {
  return queryOptions({
    queryKey: assetKeys.registry(slug, params),
    queryFn: ({ signal }) => fetchDispenserRegistry(slug, params, signal),
    // Moving the window, filtering and paging keep the previous page on screen until the next arrives.
    placeholderData: keepPreviousData,
  });
}

export function useDispenserRegistry(slug: string, params: TDispenserRegistryParams, enabled = true) {
  return useQuery({ ...dispenserRegistryQueryOptions(slug, params), enabled });
}
