import {
  type TRequestableStations,
  type TRequestDecision,
  type TStationAccessRequestCreate,
  type TStationAccessRequestDetail,
  type TStationAccessRequestPage,
  ZRequestableStations,
  ZStationAccessRequestDetail,
  ZStationAccessRequestPage,
} from '@forecourt/contracts';
import { http } from '../../lib/http';
import { listCsvUrl, type TListParams } from '../../lib/list-params';

/** GET /api/access-requests: one keyset page (admins: every request; members: their own). */
export function fetchAccessRequestPage(
  params: TListParams,
  signal?: AbortSignal,
): Promise<TStationAccessRequestPage> {
  return http.get('/api/access-requests', { query: params, signal, schema: ZStationAccessRequestPage });
}

/** GET /api/access-requests/stations: the stations the caller may ask for. */
export function fetchRequestableStations(signal?: AbortSignal): Promise<TRequestableStations> {
  return http.get('/api/access-requests/stations', { signal, schema: ZRequestableStations });
}

export function createAccessRequest(body: TStationAccessRequestCreate): Promise<TStationAccessRequestDetail> {
  return http.post('/api/access-requests', { body, schema: ZStationAccessRequestDetail });
}

export function decideAccessRequest(
  id: number,
  decision: TRequestDecision,
): Promise<TStationAccessRequestDetail> {
  return http.post(`/api/access-requests/${id}/decision`, {
    body: decision,
    schema: ZStationAccessRequestDetail,
  });
}

/** GET /api/access-requests/:id: one request with its audit trail. */
export function fetchAccessRequest(id: number, signal?: AbortSignal): Promise<TStationAccessRequestDetail> {
  return http.get(`/api/access-requests/${id}`, { signal, schema: ZStationAccessRequestDetail });
}

export function cancelAccessRequest(id: number): Promise<TStationAccessRequestDetail> {
  return http.post(`/api/access-requests/${id}/cancel`, { schema: ZStationAccessRequestDetail });
}

/** The list's CSV address (its filters and sort; every row). */
export function accessRequestsCsvUrl(params: TListParams): string {
  return listCsvUrl('/api/access-requests', params);
}
