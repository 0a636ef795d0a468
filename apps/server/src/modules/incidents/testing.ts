import {
  INCIDENT_TYPE_GROUPS,
  type TIncidentSeverity,
  type TIncidentStatus,
  type TIncidentType,
} from '@forecourt/contracts';
import type { Db } from '../../db/database';
import { resolveDueAt } from './sla';

/** Test data for the incidents module (not used by the app). */

export type IncidentSeed = {
  organizationId: number;
  stationId: number;
  number: number;
  openedAt: number;
  type?: TIncidentType;
  severity?: TIncidentSeverity;
  status?: TIncidentStatus;
  title?: string;
  assigneeUserId?: number | null;
};

/** Inserts incidents directly (timestamps consistent with their status); returns their ids. */
export async function insertIncidents(db: Db, seeds: IncidentSeed[]): Promise<number[]> {
  const ids: number[] = [];
  for (const seed of seeds) {
    const type = seed.type ?? 'dispenser_fault';
    const severity = seed.severity ?? 'medium';
    const status = seed.status ?? 'open';
    const at = seed.openedAt;
    const row = await db
      .insertInto('incidents')
      .values({
        organizationId: seed.organizationId,
        stationId: seed.stationId,
        dispenserId: null,
        number: seed.number,
        group: INCIDENT_TYPE_GROUPS[type],
        type,
        severity,
        status,
        title: seed.title ?? `Incident ${seed.number}`,
        description: '',
        assigneeUserId: seed.assigneeUserId ?? null,
        openedAt: at,
        acknowledgedAt: status === 'open' ? null : at + 60_000,
        resolvedAt: status === 'resolved' || status === 'closed' ? at + 120_000 : null,
        closedAt: status === 'closed' ? at + 180_000 : null,
        slaDueAt: resolveDueAt(severity, at),
        createdAt: at,
        updatedAt: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(row.id);
  }
  return ids;
}
