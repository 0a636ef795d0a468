import {
  type TStationProfileDetail,
  type TStationProfileList,
  type TStationProfileUpdate,
  ZStationProfileDetail,
  ZStationProfileList,
} from '@forecourt/contracts';
import { http } from '../../lib/http';
import { encodeQuery, type TQueryRecord } from '../../lib/query-string';

/** GET /api/station-profiles: one page (from 0) of the visible stations' profiles. */
export function fetchProfileList(params: TQueryRecord, signal?: AbortSignal): Promise<TStationProfileList> {
  return http.get('/api/station-profiles', { query: params, signal, schema: ZStationProfileList });
}

/** GET /api/stations/:slug/profile (404 NOT_FOUND when the station has no profile yet). */
export function fetchProfile(slug: string, signal?: AbortSignal): Promise<TStationProfileDetail> {
  return http.get(`/api/stations/${encodeURIComponent(slug)}/profile`, {
    signal,
    schema: ZStationProfileDetail,
  });
}

/** PUT /api/stations/:slug/profile: the whole profile (409 when it changed since it was loaded). */
export function saveProfile(slug: string, body: TStationProfileUpdate): Promise<TStationProfileDetail> {
  return http.put(`/api/stations/${encodeURIComponent(slug)}/profile`, {
    body,
    schema: ZStationProfileDetail,
  });
}

/** The list's CSV address: its filters and sort, every row. */
export function profileListCsvUrl(params: TQueryRecord): string {
  return `/api/station-profiles?${encodeQuery({ ...params, page: undefined, format: 'csv' })}`;
}
