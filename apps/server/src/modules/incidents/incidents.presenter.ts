import {
  INCIDENT_EVENT_KINDS,
  type TIncidentEvent,
  type TIncidentEventKind,
  type TIncidentGroup,
  type TIncidentItem,
  type TIncidentSeverity,
  type TIncidentStatus,
  type TIncidentType,
} from '@forecourt/contracts';
import { resolveFileLinks } from '../../lib/file-links';
import { isoTime } from '../../lib/iso-time';
import { personName } from '../../lib/person-name';
import type { IncidentEventRow, IncidentRow } from './incidents.repository';
import { incidentSla } from './sla';

const iso = (ms: number | null) => (ms === null ? null : isoTime(ms));

/** A stored incident → its list shape with SLA timers at `now`; `{address}` links → the files host. */
export function presentIncident(row: IncidentRow, now: number, filesHost: string): TIncidentItem {
  const severity = row.severity as TIncidentSeverity;
  const assigneeName = personName(row.assigneeFirstName, row.assigneeLastName);
  return {
    id: row.id,
    number: row.number,
    stationId: row.stationId,
    stationName: row.stationName,
    dispenserId: row.dispenserId,
    group: row.group as TIncidentGroup,
    type: row.type as TIncidentType,
    severity,
    status: row.status as TIncidentStatus,
    title: row.title,
    description: resolveFileLinks(row.description, filesHost),
    assigneeUserId: row.assigneeUserId,
    assignee:
      row.assigneeUserId !== null ? { id: row.assigneeUserId, name: assigneeName ?? 'Former member' } : null,
    openedAt: isoTime(row.openedAt),
    acknowledgedAt: iso(row.acknowledgedAt),
    resolvedAt: iso(row.resolvedAt),
    closedAt: iso(row.closedAt),
    slaDueAt: isoTime(row.slaDueAt),
    sla: incidentSla({ ...row, severity }, now),
  };
}

const KINDS: ReadonlySet<string> = new Set(INCIDENT_EVENT_KINDS);

function parseData(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

/** The texts of a timeline entry that may carry links: a comment's `text`, a status change's `note`. */
const LINKED_TEXTS = ['text', 'note'] as const;

/** A timeline row → its wire shape (unknown kinds from older data read as comments). */
export function presentIncidentEvent(row: IncidentEventRow, filesHost: string): TIncidentEvent {
  const data = parseData(row.data);
  for (const key of LINKED_TEXTS) {
    const value = data[key];
    if (typeof value === 'string') data[key] = resolveFileLinks(value, filesHost);
  }
  const name = personName(row.actorFirstName, row.actorLastName);
  return {
    id: row.id,
    at: isoTime(row.at),
    kind: (KINDS.has(row.kind) ? row.kind : 'comment') as TIncidentEventKind,
    actor: row.actorUserId !== null ? { id: row.actorUserId, name: name ?? 'Former member' } : null,
    data,
  };
}
