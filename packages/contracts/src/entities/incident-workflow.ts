import { z } from 'zod';
import {
  INCIDENT_SEVERITIES,
  type TIncidentSeverity,
  ZIncident,
  ZIncidentListQuery,
  ZIncidentSeverity,
  ZIncidentStatus,
  ZIncidentType,
} from './incident';
import { ZCursorQuery, zKeysetPage } from './keyset-page';
import { ZId, ZIsoDateTime } from './scalars';

/**
 * The incident workflow on the wire: keyset pages, the detail with its timeline, the write
 * requests (create, transition, assign, note, severity) and evidence files. The rules (who may do
 * what, SLA targets) are in docs/DECISIONS.md ("Incidents").
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * SLA targets per severity: acknowledge within `acknowledgeMs` and resolve within `resolveMs` of
 * the SLA clock's start (when the incident was opened, or last reopened).
 */
export const INCIDENT_SLA_TARGETS: Record<TIncidentSeverity, { acknowledgeMs: number; resolveMs: number }> = {
  critical: { acknowledgeMs: 15 * MINUTE, resolveMs: 1 * HOUR },
  high: { acknowledgeMs: 30 * MINUTE, resolveMs: 4 * HOUR },
  medium: { acknowledgeMs: 2 * HOUR, resolveMs: 24 * HOUR },
  low: { acknowledgeMs: 8 * HOUR, resolveMs: 72 * HOUR },
};

/** True when `to` is more urgent than `from` (an escalation). */
export function isSeverityRaise(from: TIncidentSeverity, to: TIncidentSeverity): boolean {
  return INCIDENT_SEVERITIES.indexOf(to) > INCIDENT_SEVERITIES.indexOf(from);
}

/**
 * One SLA timer. `pending`: running, `remainingMs` left; `overdue`: running past its due time
 * (`remainingMs` negative); `met` / `breached`: stopped at `doneAt`, before or after `dueAt`.
 */
export const ZSlaTimer = z.object({
  dueAt: ZIsoDateTime,
  state: z.enum(['pending', 'overdue', 'met', 'breached']),
  remainingMs: z.number().int().nullable(),
  doneAt: ZIsoDateTime.nullable(),
});
export type TSlaTimer = z.infer<typeof ZSlaTimer>;

export const ZIncidentSla = z.object({ acknowledge: ZSlaTimer, resolve: ZSlaTimer });
export type TIncidentSla = z.infer<typeof ZIncidentSla>;

/** A user as the incident screens show them. */
export const ZIncidentPerson = z.object({ id: ZId, name: z.string() });
export type TIncidentPerson = z.infer<typeof ZIncidentPerson>;

/** An incident in a list: the entity plus its SLA timers and display names. */
export const ZIncidentItem = ZIncident.extend({
  stationName: z.string(),
  assignee: ZIncidentPerson.nullable(),
  sla: ZIncidentSla,
});
export type TIncidentItem = z.infer<typeof ZIncidentItem>;

/** `GET /api/incidents` query: the list query plus `cursor` (and `format=csv` for the export). */
export const ZIncidentPageQuery = ZIncidentListQuery.extend(ZCursorQuery.shape);
export type TIncidentPageQuery = z.infer<typeof ZIncidentPageQuery>;
export const ZIncidentPage = zKeysetPage(ZIncidentItem);
export type TIncidentPage = z.infer<typeof ZIncidentPage>;

/** What a timeline entry records. The status kinds are named after the state they reached. */
export const INCIDENT_EVENT_KINDS = [
  'opened',
  'acknowledged',
  'resolved',
  'closed',
  'reopened',
  'assigned',
  'comment',
  'evidence',
  'severity_changed',
] as const;
export const ZIncidentEventKind = z.enum(INCIDENT_EVENT_KINDS);
export type TIncidentEventKind = z.infer<typeof ZIncidentEventKind>;

/**
 * One audit-trail entry: who (`actor`, null for the system), what (`kind` and `data`), when (`at`).
 * `data` by kind: status kinds `{from, to, note?}`; `assigned` `{assigneeUserId, assigneeName,
 * fromUserId?}`; `comment` `{text}`; `evidence` `{fileId, filename, contentType, sizeBytes}`;
 * `severity_changed` `{from, to}`; `opened` `{source?}`.
 */
export const ZIncidentEvent = z.object({
  id: ZId,
  at: ZIsoDateTime,
  kind: ZIncidentEventKind,
  actor: ZIncidentPerson.nullable(),
  data: z.record(z.string(), z.unknown()),
});
export type TIncidentEvent = z.infer<typeof ZIncidentEvent>;

/** Content types accepted as evidence (sniffed from the bytes, not trusted from the request). */
export const EVIDENCE_CONTENT_TYPES = [
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'application/pdf',
] as const;
export const ZEvidenceContentType = z.enum(EVIDENCE_CONTENT_TYPES);

/** Largest evidence file (10 MiB). */
export const MAX_EVIDENCE_BYTES = 10 * 1024 * 1024;

/** A stored file's metadata; its bytes are at `GET /api/files/:id`. */
export const ZStoredFile = z.object({
  id: ZId,
  filename: z.string(),
  contentType: ZEvidenceContentType,
  sizeBytes: z.number().int().nonnegative(),
  sha256: z.string(),
  incidentId: ZId.nullable(),
  uploadedBy: ZIncidentPerson.nullable(),
  createdAt: ZIsoDateTime,
});
export type TStoredFile = z.infer<typeof ZStoredFile>;

/** `GET /api/incidents/:id`: the incident, its timeline (oldest first), evidence and next states. */
export const ZIncidentDetail = ZIncidentItem.extend({
  timeline: z.array(ZIncidentEvent),
  evidence: z.array(ZStoredFile),
  allowedTransitions: z.array(ZIncidentStatus),
});
export type TIncidentDetail = z.infer<typeof ZIncidentDetail>;

export const ZIncidentParams = z.object({ id: z.coerce.number().int().positive() });

const ZText = (max: number) => z.string().trim().min(1).max(max);

/** `POST /api/incidents`. The group follows from the type. */
export const ZIncidentCreate = z.object({
  stationId: ZId,
  type: ZIncidentType,
  severity: ZIncidentSeverity,
  title: ZText(200),
  description: z.string().trim().max(5_000).default(''),
  dispenserId: ZId.nullable().optional(),
});
export type TIncidentCreate = z.input<typeof ZIncidentCreate>;

/** `POST /api/incidents/:id/status`: move to `to` (409 CONFLICT when not allowed from the current state). */
export const ZIncidentTransition = z.object({
  to: ZIncidentStatus,
  note: z.string().trim().max(2_000).optional(),
});
export type TIncidentTransition = z.input<typeof ZIncidentTransition>;

/** `POST /api/incidents/:id/assignee`: a member with access to the station, or null to unassign. */
export const ZIncidentAssign = z.object({ assigneeUserId: ZId.nullable() });
export type TIncidentAssign = z.input<typeof ZIncidentAssign>;

/** `POST /api/incidents/:id/notes`. */
export const ZIncidentNote = z.object({ text: ZText(2_000) });
export type TIncidentNote = z.input<typeof ZIncidentNote>;

/** `POST /api/incidents/:id/severity`: raising it is an escalation. */
export const ZIncidentSeverityChange = z.object({ severity: ZIncidentSeverity });
export type TIncidentSeverityChange = z.input<typeof ZIncidentSeverityChange>;

/** `GET /api/incidents/assignees?station=`: who an incident at the station may be assigned to. */
export const ZIncidentAssigneesQuery = z.object({ station: z.coerce.number().int().positive() });
export const ZIncidentAssignees = z.object({ results: z.array(ZIncidentPerson) });
export type TIncidentAssignees = z.infer<typeof ZIncidentAssignees>;

/** `POST /api/files?filename=&incidentId=` (raw body). */
export const ZFileUploadQuery = z.object({
  filename: z.string().trim().min(1).max(200),
  incidentId: z.coerce.number().int().positive(),
});
export const ZFileParams = z.object({ id: z.coerce.number().int().positive() });
