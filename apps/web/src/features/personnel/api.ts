import {
  type TPersonnelCreate,
  type TPersonnelDetail,
  type TPersonnelPage,
  type TPersonnelUpdate,
  ZPersonnelDetail,
  ZPersonnelPage,
} from '@forecourt/contracts';
import { http } from '../../lib/http';
import { listCsvUrl, type TListParams } from '../../lib/list-params';

const stationPersonnelPath = (slug: string) => `/api/stations/${encodeURIComponent(slug)}/personnel`;

/** GET /api/stations/:slug/personnel: one keyset page, oldest record first. */
export function fetchStationPersonnel(
  slug: string,
  params: TListParams,
  signal?: AbortSignal,
): Promise<TPersonnelPage> {
  return http.get(stationPersonnelPath(slug), { query: params, signal, schema: ZPersonnelPage });
}

export function createPersonnel(slug: string, body: TPersonnelCreate): Promise<TPersonnelDetail> {
  return http.post(stationPersonnelPath(slug), { body, schema: ZPersonnelDetail });
}

/** GET /api/personnel/:id: one staff member with their audit trail. */
export function fetchPersonnel(id: number, signal?: AbortSignal): Promise<TPersonnelDetail> {
  return http.get(`/api/personnel/${id}`, { signal, schema: ZPersonnelDetail });
}

export function updatePersonnel(id: number, patch: TPersonnelUpdate): Promise<TPersonnelDetail> {
  return http.patch(`/api/personnel/${id}`, { body: patch, schema: ZPersonnelDetail });
}

/** POST /api/personnel/:id/deactivate or /reactivate. */
export function setPersonnelActive(id: number, active: boolean): Promise<TPersonnelDetail> {
  return http.post(`/api/personnel/${id}/${active ? 'reactivate' : 'deactivate'}`, {
    schema: ZPersonnelDetail,
  });
}

export function stationPersonnelCsvUrl(slug: string, params: TListParams): string {
  return listCsvUrl(stationPersonnelPath(slug), params);
}
