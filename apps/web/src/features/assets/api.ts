import {
  type TDispenserRegistry,
  type TStationSchematic,
  ZDispenserRegistry,
  ZStationSchematic,
} from '@forecourt/contracts';
import { http } from '../../lib/http';
import type { TDispenserRegistryParams } from './search';

const stationPath = (slug: string) => `/api/stations/${encodeURIComponent(slug)}`;

/** GET /api/stations/:slug/schematic: lanes, dispensers and each fuelling point's live state. */
export function fetchSchematic(slug: string, signal?: AbortSignal): Promise<TStationSchematic> {
  return http.get(`${stationPath(slug)}/schematic`, { signal, schema: ZStationSchematic });
}

/** GET /api/stations/:slug/dispensers: one keyset page of the registry with health over the window. */
export function fetchDispenserRegistry(
  slug: string,
  params: TDispenserRegistryParams,
  signal?: AbortSignal,
): Promise<TDispenserRegistry> {
  return http.get(`${stationPath(slug)}/dispensers`, { query: params, signal, schema: ZDispenserRegistry });
}
