import {
  type TApiKeyCreated,
  type TNearbyStations,
  type TOnboardingStatus,
  type TStation,
  type TStationApiKeys,
  type TStationCreateRequest,
  type TStationList,
  ZApiKeyCreated,
  ZNearbyStations,
  ZOnboardingStatus,
  ZStation,
  ZStationApiKeys,
  ZStationList,
} from '@forecourt/contracts';
import { http } from '../../lib/http';
import { listCsvUrl } from '../../lib/list-params';
import type { TStationListParams } from './search';

/** GET /api/stations: one page of the caller's stations. */
export function fetchStationList(params: TStationListParams, signal?: AbortSignal): Promise<TStationList> {
  return http.get('/api/stations', { query: params, signal, schema: ZStationList });
}

/** The CSV address of the stations list: every station these filters select, in this sort. */
export function stationListCsvAddress(params: TStationListParams): string {
  return listCsvUrl('/api/stations', { ...params, page: undefined, limit: undefined });
}

/** GET /api/stations/:slug: one station; 404 NOT_FOUND when unknown or not visible to the caller. */
export function fetchStation(slug: string, signal?: AbortSignal): Promise<TStation> {
  return http.get(`/api/stations/${encodeURIComponent(slug)}`, { signal, schema: ZStation });
}

/** GET /api/stations/:slug/nearby: the caller's stations nearest to this one, with distances. */
export function fetchNearbyStations(slug: string, signal?: AbortSignal): Promise<TNearbyStations> {
  return http.get(`/api/stations/${encodeURIComponent(slug)}/nearby`, { signal, schema: ZNearbyStations });
}

/** POST /api/stations: a new station with its dispensers and nozzles (admins). */
export function createStation(body: TStationCreateRequest): Promise<TStation> {
  return http.post('/api/stations', { body, schema: ZStation });
}

/** GET /api/stations/:slug/api-keys: the station's ingest keys, newest first (never secrets). */
export function fetchApiKeys(slug: string, signal?: AbortSignal): Promise<TStationApiKeys> {
  return http.get(`/api/stations/${encodeURIComponent(slug)}/api-keys`, { signal, schema: ZStationApiKeys });
}

/** POST /api/stations/:slug/api-keys: a new key; its secret is in this answer only. */
export function createApiKey(slug: string, name: string): Promise<TApiKeyCreated> {
  return http.post(`/api/stations/${encodeURIComponent(slug)}/api-keys`, {
    body: { name },
    schema: ZApiKeyCreated,
  });
}

/** DELETE /api/stations/:slug/api-keys/:id: ingest refuses the key from then on. */
export function revokeApiKey(slug: string, id: number): Promise<void> {
  return http.delete(`/api/stations/${encodeURIComponent(slug)}/api-keys/${id}`);
}

/** GET /api/onboarding: the organisation's setup checklist (admins). */
export function fetchOnboarding(signal?: AbortSignal): Promise<TOnboardingStatus> {
  return http.get('/api/onboarding', { signal, schema: ZOnboardingStatus });
}
