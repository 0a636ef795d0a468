import {
  type TOrganizationDetail,
  type TOrganizationList,
  type TOrganizationUpdate,
  ZOrganizationDetail,
  ZOrganizationList,
} from '@forecourt/contracts';
import { http } from '../../lib/http';
import { encodeQuery, type TQueryRecord } from '../../lib/query-string';

/** GET /api/organizations: the organisations the user is a member of (40 a page, from 0). */
export function fetchOrganizations(params: TQueryRecord, signal?: AbortSignal): Promise<TOrganizationList> {
  return http.get('/api/organizations', { query: params, signal, schema: ZOrganizationList });
}

export function fetchCurrentOrganization(signal?: AbortSignal): Promise<TOrganizationDetail> {
  return http.get('/api/organizations/current', { signal, schema: ZOrganizationDetail });
}

export function updateCurrentOrganization(body: TOrganizationUpdate): Promise<TOrganizationDetail> {
  return http.patch('/api/organizations/current', { body, schema: ZOrganizationDetail });
}

export function organizationsCsvUrl(params: TQueryRecord): string {
  return `/api/organizations?${encodeQuery({ ...params, page: undefined, format: 'csv' })}`;
}
