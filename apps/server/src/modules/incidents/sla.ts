import {
  INCIDENT_SLA_TARGETS,
  type TIncidentSeverity,
  type TIncidentSla,
  type TSlaTimer,
} from '@forecourt/contracts';
import { isoTime } from '../../lib/iso-time';

/**
 * SLA timers (docs/DECISIONS.md, "Incident SLA"). The stored `sla_due_at` is the resolve-by time;
 * the SLA clock started `resolveMs` of the severity before it (when the incident was opened or
 * last reopened), and the acknowledge-by time is `acknowledgeMs` after that start. Changing the
 * severity keeps the start and moves both due times; reopening restarts the clock.
 */

/** The resolve-by time for a clock started at `startMs`. */
export function resolveDueAt(severity: TIncidentSeverity, startMs: number): number {
  return startMs + INCIDENT_SLA_TARGETS[severity].resolveMs;
}

/** When the SLA clock of an incident with this resolve-by time started. */
export function slaStart(severity: TIncidentSeverity, slaDueAt: number): number {
  return slaDueAt - INCIDENT_SLA_TARGETS[severity].resolveMs;
}

type SlaInput = {
  severity: TIncidentSeverity;
  slaDueAt: number;
  acknowledgedAt: number | null;
  resolvedAt: number | null;
  closedAt: number | null;
};

function timer(dueAt: number, doneAt: number | null, now: number): TSlaTimer {
  if (doneAt !== null) {
    return {
      dueAt: isoTime(dueAt),
      state: doneAt <= dueAt ? 'met' : 'breached',
      remainingMs: null,
      doneAt: isoTime(doneAt),
    };
  }
  return {
    dueAt: isoTime(dueAt),
    state: now <= dueAt ? 'pending' : 'overdue',
    remainingMs: dueAt - now,
    doneAt: null,
  };
}

/**
 * Both timers at `now`. Acknowledging stops the first; resolving (or closing straight away) stops
 * both, so an incident resolved without a separate acknowledgement met or missed both at once.
 */
export function incidentSla(incident: SlaInput, now: number): TIncidentSla {
  const start = slaStart(incident.severity, incident.slaDueAt);
  const finished = incident.resolvedAt ?? incident.closedAt;
  return {
    acknowledge: timer(
      start + INCIDENT_SLA_TARGETS[incident.severity].acknowledgeMs,
      incident.acknowledgedAt ?? finished,
      now,
    ),
    resolve: timer(incident.slaDueAt, finished, now),
  };
}
