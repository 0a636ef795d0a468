import { type TStation, type TStationList, ZStation, ZStationList } from '@forecourt/contracts';
import { http } from '../../lib/http';
import type { TStationListParams } from './search';

/** GET /api/stations: one page of the caller's stations. */
export function fetchStationList(params: TStationListParams, signal?: AbortSignal): Promise<TStationList> {
  return http.get('/api/stations', { query: params, signal, schema: ZStationList });
}

/** GET /api/stations/:slug: one station; 404 NOT_FOUND when unknown or not visible to the caller. */
export function fetchStation(slug: string, signal?: AbortSignal): Promise<TStation> {
  return http.get(`/api/stations/${encodeURIComponent(slug)}`, { signal, schema: ZStation });
}
