import { INCIDENT_TYPE_GROUPS, type TIncidentSeverity, type TIncidentType } from '@forecourt/contracts';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/unique-violation';
import type { DomainEventBus } from '../../lib/domain-events';
import { recordAuditEvent } from '../audit/audit';
import {
  hasUnresolvedIncident,
  insertIncident,
  insertIncidentEvent,
  nextIncidentNumber,
} from './incidents.repository';
import { resolveDueAt } from './sla';

/** What the system opens an incident with (no user caused it). */
export type SystemIncident = {
  organizationId: number;
  stationId: number;
  dispenserId?: number | null;
  type: TIncidentType;
  severity: TIncidentSeverity;
  title: string;
  description: string;
  /** What the timeline's "opened" entry records about the cause (lane, registration, …). */
  data?: Record<string, unknown>;
  /**
   * What makes two reports the same condition: `type` (one unresolved incident of the type per
   * station and dispenser) or `title` (also the same title, e.g. one per watchlisted vehicle).
   */
  sameAs: 'type' | 'title';
};

export type SystemIncidentDeps = { db: Db; events: DomainEventBus };

/**
 * Opens an incident the system detected (ingest: a lost controller link, a watchlisted vehicle, a
 * long queue), unless the same condition already has an unresolved incident; publishes
 * `incident.opened` like an incident opened through the API, so the same people hear of it.
 * Answers the new incident's id, or null when it was a repeat.
 */
export async function openSystemIncident(
  deps: SystemIncidentDeps,
  input: SystemIncident,
  at: number,
): Promise<number | null> {
  const match = {
    stationId: input.stationId,
    type: input.type,
    dispenserId: input.dispenserId ?? null,
    ...(input.sameAs === 'title' ? { title: input.title } : {}),
  };
  if (await hasUnresolvedIncident(deps.db, match)) return null;
  const group = INCIDENT_TYPE_GROUPS[input.type];
  let opened: { id: number; number: number } | null = null;
  // Two incidents opened at once may pick the same number; the unique index makes one retry.
  for (let attempt = 0; opened === null; attempt++) {
    try {
      opened = await deps.db.transaction().execute(async (trx) => {
        const number = await nextIncidentNumber(trx, input.organizationId);
        const id = await insertIncident(trx, {
          organizationId: input.organizationId,
          stationId: input.stationId,
          dispenserId: input.dispenserId ?? null,
          number,
          group,
          type: input.type,
          severity: input.severity,
          status: 'open',
          title: input.title,
          description: input.description,
          assigneeUserId: null,
          openedAt: at,
          acknowledgedAt: null,
          resolvedAt: null,
          closedAt: null,
          slaDueAt: resolveDueAt(input.severity, at),
          createdAt: at,
          updatedAt: at,
        });
        const data = { source: 'system', number, severity: input.severity, type: input.type, ...input.data };
        const actor = { organizationId: input.organizationId, actorUserId: null, at };
        await insertIncidentEvent(trx, { ...actor, incidentId: id, kind: 'opened' }, data);
        await recordAuditEvent(trx, { ...actor, action: 'incident.opened', target: `incident:${id}`, data });
        return { id, number };
      });
    } catch (error) {
      if (attempt < 3 && isUniqueViolation(error)) continue;
      throw error;
    }
  }
  deps.events.publish({
    type: 'incident.opened',
    organizationId: input.organizationId,
    stationId: input.stationId,
    incidentId: opened.id,
    number: opened.number,
    incidentType: input.type,
    group,
    severity: input.severity,
    status: 'open',
    slaDueAt: resolveDueAt(input.severity, at),
    title: input.title,
    actorUserId: null,
    at,
  });
  return opened.id;
}
