import type {
  TIncident,
  TIncidentGroup,
  TIncidentSeverity,
  TIncidentStatus,
  TIncidentType,
} from '@forecourt/contracts';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { IncidentsTable } from '../../db/schema';
import type { Scope } from '../../lib/scope/scope';
import { scopePredicate } from '../../lib/scope/scope.repository';
import { presentTransaction } from '../operations/transactions.presenter';
import { OPEN_INCIDENT_STATUSES } from './activity.repository';

/** The stations of a scope for the command map (stations are at most a few thousand per organisation). */
export function scopeStations(db: Db, scope: Scope) {
  let query = db
    .selectFrom('stations')
    .select(['id', 'slug', 'name', 'city', 'status', 'lat', 'lng'])
    .where('organizationId', '=', scope.organizationId);
  if (scope.stationIds !== 'all') query = query.where('id', 'in', [...scope.stationIds, -1]);
  return query.orderBy('name').orderBy('id').execute();
}

/** The newest fills of the scope, through `(organization_id | station_id, started_at, id)`. */
export async function latestTransactions(db: Db, scope: Scope, limit: number) {
  const rows = await db
    .selectFrom('transactions')
    .selectAll('transactions')
    .where(scopePredicate('transactions', scope))
    .orderBy('transactions.startedAt', 'desc')
    .orderBy('transactions.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map(presentTransaction);
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

function presentIncident(row: Selectable<IncidentsTable>): TIncident {
  return {
    id: row.id,
    number: row.number,
    stationId: row.stationId,
    dispenserId: row.dispenserId,
    group: row.group as TIncidentGroup,
    type: row.type as TIncidentType,
    severity: row.severity as TIncidentSeverity,
    status: row.status as TIncidentStatus,
    title: row.title,
    description: row.description,
    assigneeUserId: row.assigneeUserId,
    openedAt: new Date(row.openedAt).toISOString(),
    acknowledgedAt: iso(row.acknowledgedAt),
    resolvedAt: iso(row.resolvedAt),
    closedAt: iso(row.closedAt),
    slaDueAt: new Date(row.slaDueAt).toISOString(),
  };
}

/** The newest incidents still open or acknowledged, through `(organization_id, status, opened_at)`. */
export async function latestOpenIncidents(db: Db, scope: Scope, limit: number): Promise<TIncident[]> {
  let query = db
    .selectFrom('incidents')
    .selectAll('incidents')
    .where('incidents.organizationId', '=', scope.organizationId)
    .where('incidents.status', 'in', [...OPEN_INCIDENT_STATUSES]);
  if (scope.stationIds !== 'all') query = query.where('incidents.stationId', 'in', [...scope.stationIds, -1]);
  const rows = await query
    .orderBy('incidents.openedAt', 'desc')
    .orderBy('incidents.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map(presentIncident);
}
