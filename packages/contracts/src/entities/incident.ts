import { z } from 'zod';
import { LIST_DEFAULTS, zListQuery, zListResponse, zMulti } from '../list';
import { ZId, ZIdFilter, ZIsoDateTime } from './scalars';

/** Kinds of incident raised by dispensers, ANPR cameras, payment providers and staff. */
export const INCIDENT_TYPES = [
  'dispenser_fault',
  'drive_off',
  'queue_congestion',
  'price_mismatch',
  'safety',
  'anpr_watchlist_hit',
  'payment_failure',
] as const;
/** An incident's kind. */
export const ZIncidentType = z.enum(INCIDENT_TYPES);
export type TIncidentType = z.infer<typeof ZIncidentType>;

/** Groups of incident types, for the incidents screen's filter and routing of notifications. */
export const INCIDENT_GROUPS = ['equipment', 'revenue', 'operations', 'safety', 'security'] as const;
/** An incident group. */
export const ZIncidentGroup = z.enum(INCIDENT_GROUPS);
export type TIncidentGroup = z.infer<typeof ZIncidentGroup>;

/** The group each type belongs to; an incident's `group` always equals `INCIDENT_TYPE_GROUPS[type]`. */
export const INCIDENT_TYPE_GROUPS: Record<TIncidentType, TIncidentGroup> = {
  dispenser_fault: 'equipment',
  drive_off: 'revenue',
  price_mismatch: 'revenue',
  payment_failure: 'revenue',
  queue_congestion: 'operations',
  safety: 'safety',
  anpr_watchlist_hit: 'security',
};

/** Lifecycle of an incident. */
export const INCIDENT_STATUSES = ['open', 'acknowledged', 'resolved', 'closed'] as const;
/** An incident's state. */
export const ZIncidentStatus = z.enum(INCIDENT_STATUSES);
export type TIncidentStatus = z.infer<typeof ZIncidentStatus>;

/**
 * Allowed moves: work moves forward (a step may be skipped), and a resolved or closed incident may
 * be reopened (back to `open`, which restarts its SLA clock). Everything else is 409 CONFLICT.
 * (docs/PRODUCT.md, "Incidents and SLA"; why: docs/DECISIONS.md.)
 */
export const INCIDENT_TRANSITIONS: Record<TIncidentStatus, readonly TIncidentStatus[]> = {
  open: ['acknowledged', 'resolved', 'closed'],
  acknowledged: ['resolved', 'closed'],
  resolved: ['closed', 'open'],
  closed: ['open'],
};

/** True when an incident may move from `from` to `to`. */
export function canTransitionIncident(from: TIncidentStatus, to: TIncidentStatus): boolean {
  return INCIDENT_TRANSITIONS[from].includes(to);
}

/** Severities, least to most urgent; they set the SLA. */
export const INCIDENT_SEVERITIES = ['low', 'medium', 'high', 'critical'] as const;
/** An incident's severity. */
export const ZIncidentSeverity = z.enum(INCIDENT_SEVERITIES);
export type TIncidentSeverity = z.infer<typeof ZIncidentSeverity>;

/** An incident at a station. */
export const ZIncident = z.object({
  id: ZId,
  /** Sequential per organisation, shown as `#123`. */
  number: z.number().int().positive(),
  stationId: ZId,
  dispenserId: ZId.nullable(),
  group: ZIncidentGroup,
  type: ZIncidentType,
  severity: ZIncidentSeverity,
  status: ZIncidentStatus,
  title: z.string(),
  description: z.string(),
  assigneeUserId: ZId.nullable(),
  openedAt: ZIsoDateTime,
  acknowledgedAt: ZIsoDateTime.nullable(),
  resolvedAt: ZIsoDateTime.nullable(),
  closedAt: ZIsoDateTime.nullable(),
  /** When the incident breaches its SLA unless resolved. */
  slaDueAt: ZIsoDateTime,
});
export type TIncident = z.infer<typeof ZIncident>;

/**
 * Sortable fields; newest first by default. `severity` orders low < medium < high < critical
 * (`-severity`: critical first) and `status` open < acknowledged < resolved < closed.
 */
export const INCIDENT_SORTS = ['openedAt', 'number', 'slaDueAt', 'severity', 'status'] as const;

/** `GET /api/incidents` query: 40 per page, `-openedAt`; filters station, group, status, type. */
export const ZIncidentListQuery = zListQuery({
  ...LIST_DEFAULTS.incidents,
  sortable: INCIDENT_SORTS,
  sort: '-openedAt',
}).extend({
  /** Station ids. */
  station: ZIdFilter.optional(),
  group: zMulti(ZIncidentGroup).optional(),
  status: zMulti(ZIncidentStatus).optional(),
  type: zMulti(ZIncidentType).optional(),
  severity: zMulti(ZIncidentSeverity).optional(),
});
export type TIncidentListQuery = z.infer<typeof ZIncidentListQuery>;

/** A page of incidents. */
export const ZIncidentList = zListResponse(ZIncident);
export type TIncidentList = z.infer<typeof ZIncidentList>;
