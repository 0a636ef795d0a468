import {
  type TIncidentAssignees,
  type TIncidentDetail,
  type TIncidentPage,
  type TIncidentStatus,
  type TStoredFile,
  ZIncidentAssignees,
  ZIncidentDetail,
  ZIncidentPage,
  ZStoredFile,
} from '@forecourt/contracts';
import { authorizedFetch, http } from '../../lib/http';
import { listCsvUrl } from '../../lib/list-params';
import { encodeQuery } from '../../lib/query-string';

/** Query-string values of the incidents list call: filters, sort and cursor. */
export type TIncidentListParams = Record<string, string | string[] | undefined>;

/** GET /api/incidents: one keyset page. */
export function fetchIncidentPage(params: TIncidentListParams, signal?: AbortSignal): Promise<TIncidentPage> {
  return http.get('/api/incidents', { query: params, signal, schema: ZIncidentPage });
}

/** GET /api/incidents/:id: the incident with its timeline and evidence. */
export function fetchIncident(id: number, signal?: AbortSignal): Promise<TIncidentDetail> {
  return http.get(`/api/incidents/${id}`, { signal, schema: ZIncidentDetail });
}

/** GET /api/incidents/assignees?station=: who an incident at the station may be assigned to. */
export function fetchAssignees(stationId: number, signal?: AbortSignal): Promise<TIncidentAssignees> {
  return http.get('/api/incidents/assignees', {
    query: { station: String(stationId) },
    signal,
    schema: ZIncidentAssignees,
  });
}

export function transitionIncident(id: number, to: TIncidentStatus, note?: string): Promise<TIncidentDetail> {
  return http.post(`/api/incidents/${id}/status`, {
    body: note ? { to, note } : { to },
    schema: ZIncidentDetail,
  });
}

export function assignIncident(id: number, assigneeUserId: number | null): Promise<TIncidentDetail> {
  return http.post(`/api/incidents/${id}/assignee`, { body: { assigneeUserId }, schema: ZIncidentDetail });
}

export function addIncidentNote(id: number, text: string): Promise<TIncidentDetail> {
  return http.post(`/api/incidents/${id}/notes`, { body: { text }, schema: ZIncidentDetail });
}

/** POST /api/files: the file's raw bytes as evidence of the incident. */
export async function uploadEvidence(incidentId: number, file: File): Promise<TStoredFile> {
  const query = encodeQuery({ filename: file.name, incidentId: String(incidentId) });
  const response = await authorizedFetch(`/api/files?${query}`, {
    method: 'POST',
    headers: { 'Content-Type': file.type || 'application/octet-stream', Accept: 'application/json' },
    body: file,
  });
  return ZStoredFile.parse(await response.json());
}

/** GET /api/files/:id as a Blob (images are shown through object URLs: the API needs the token). */
export async function fetchFileBlob(id: number, signal?: AbortSignal): Promise<Blob> {
  const response = await authorizedFetch(`/api/files/${id}`, signal ? { signal } : {});
  return response.blob();
}

/** The list URL with `format=csv` (filters and sort applied; no cursor: every row). */
export function incidentsCsvUrl(params: TIncidentListParams): string {
  return listCsvUrl('/api/incidents', params);
}
