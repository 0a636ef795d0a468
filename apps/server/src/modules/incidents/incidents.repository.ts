import type { TIncidentGroup, TIncidentSeverity, TIncidentStatus, TIncidentType } from '@forecourt/contracts';
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/database';
import type { IncidentEventsTable, IncidentsTable } from '../../db/schema';
import type { Caller } from '../../http/caller';
import type { SortColumn } from '../../lib/paging/list-page';
import { callerSeesStation, type Scope } from '../../lib/scope/scope';
import { scopePredicate } from '../../lib/scope/scope.repository';

export type IncidentRow = Selectable<IncidentsTable> & {
  stationName: string;
  assigneeFirstName: string | null;
  assigneeLastName: string | null;
};

export type IncidentFilters = {
  group?: TIncidentGroup[] | undefined;
  status?: TIncidentStatus[] | undefined;
  type?: TIncidentType[] | undefined;
  severity?: TIncidentSeverity[] | undefined;
};

/**
 * Sort fields → columns; each is served by an `(organization_id, column, id)` index. Severity and
 * status sort by their rank (migration 0023): `-severity` is critical first, `status` open first.
 */
export const INCIDENT_SORT_COLUMNS: Record<
  'openedAt' | 'number' | 'slaDueAt' | 'severity' | 'status',
  SortColumn<IncidentRow>
> = {
  openedAt: { column: 'incidents.opened_at', kind: 'number', value: (row) => row.openedAt },
  number: { column: 'incidents.number', kind: 'number', value: (row) => row.number },
  slaDueAt: { column: 'incidents.sla_due_at', kind: 'number', value: (row) => row.slaDueAt },
  severity: { column: 'incidents.severity_rank', kind: 'number', value: (row) => row.severityRank },
  status: { column: 'incidents.status_rank', kind: 'number', value: (row) => row.statusRank },
};

/** Incidents with their station's name and assignee's name; not scoped, not ordered. */
function incidentsWithNames(db: Db) {
  return db
    .selectFrom('incidents')
    .innerJoin('stations', 'stations.id', 'incidents.stationId')
    .leftJoin('users', 'users.id', 'incidents.assigneeUserId')
    .selectAll('incidents')
    .select([
      'stations.name as stationName',
      'users.firstName as assigneeFirstName',
      'users.lastName as assigneeLastName',
    ]);
}

/** Incidents in scope and filters (see keysetPage for ordering and paging). */
export function incidentsQuery(db: Db, scope: Scope, filters: IncidentFilters) {
  let query = incidentsWithNames(db).where(scopePredicate('incidents', scope));
  if (filters.group?.length) query = query.where('incidents.group', 'in', filters.group);
  if (filters.status?.length) query = query.where('incidents.status', 'in', filters.status);
  if (filters.type?.length) query = query.where('incidents.type', 'in', filters.type);
  if (filters.severity?.length) query = query.where('incidents.severity', 'in', filters.severity);
  return query;
}

/** One incident the caller may see, or undefined (another organisation's, or outside their stations). */
export async function findIncident(db: Db, caller: Caller, id: number): Promise<IncidentRow | undefined> {
  const row = await incidentsWithNames(db)
    .where('incidents.organizationId', '=', caller.organizationId)
    .where('incidents.id', '=', id)
    .executeTakeFirst();
  return row && callerSeesStation(caller, row.stationId) ? row : undefined;
}

export type IncidentEventRow = Selectable<IncidentEventsTable> & {
  actorFirstName: string | null;
  actorLastName: string | null;
};

/** The incident's timeline, oldest first. */
export function incidentEvents(db: Db, incidentId: number): Promise<IncidentEventRow[]> {
  return db
    .selectFrom('incidentEvents')
    .leftJoin('users as actor', 'actor.id', 'incidentEvents.actorUserId')
    .selectAll('incidentEvents')
    .select(['actor.firstName as actorFirstName', 'actor.lastName as actorLastName'])
    .where('incidentEvents.incidentId', '=', incidentId)
    .orderBy('incidentEvents.at', 'asc')
    .orderBy('incidentEvents.id', 'asc')
    .execute();
}

export async function insertIncident(db: Db, values: Insertable<IncidentsTable>): Promise<number> {
  const row = await db.insertInto('incidents').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** The next `number` of the organisation (inside the creating transaction). */
export async function nextIncidentNumber(db: Db, organizationId: number): Promise<number> {
  const row = await db
    .selectFrom('incidents')
    .select((eb) => eb.fn.max('number').as('last'))
    .where('organizationId', '=', organizationId)
    .executeTakeFirst();
  return Number(row?.last ?? 0) + 1;
}

/**
 * Updates an incident only if it is still in `expectedStatus` (a concurrent change loses with a
 * 409 instead of being overwritten); true when the row changed.
 */
export async function updateIncident(
  db: Db,
  id: number,
  expectedStatus: TIncidentStatus,
  values: Updateable<IncidentsTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('incidents')
    .set(values)
    .where('id', '=', id)
    .where('status', '=', expectedStatus)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function insertIncidentEvent(
  db: Db,
  event: { organizationId: number; incidentId: number; at: number; actorUserId: number | null; kind: string },
  data: Record<string, unknown>,
): Promise<void> {
  await db
    .insertInto('incidentEvents')
    .values({ ...event, data: JSON.stringify(data) })
    .execute();
}

/**
 * Active members of the organisation who can work incidents at `stationId` (every station, or
 * this one in their list), with their names; `userId` narrows to one person.
 */
export function stationMembers(db: Db, organizationId: number, stationId: number, userId?: number) {
  let query = db
    .selectFrom('memberships')
    .innerJoin('users', 'users.id', 'memberships.userId')
    .select(['users.id as id', 'users.firstName as firstName', 'users.lastName as lastName'])
    .where('memberships.organizationId', '=', organizationId)
    .where('memberships.status', '=', 'active')
    .where('memberships.disabledAt', 'is', null)
    .where('users.disabledAt', 'is', null)
    .where((eb) =>
      eb.or([
        eb('memberships.allStations', '=', 1),
        eb.exists(
          eb
            .selectFrom('membershipStations')
            .select('membershipStations.stationId')
            .whereRef('membershipStations.membershipId', '=', 'memberships.id')
            .where('membershipStations.stationId', '=', stationId),
        ),
      ]),
    );
  if (userId !== undefined) query = query.where('users.id', '=', userId);
  return query.orderBy('users.firstName').orderBy('users.lastName').orderBy('users.id');
}

/** Is `userId` an (active or not) member of the organisation at all? */
export async function isOrganizationMember(db: Db, organizationId: number, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('memberships')
    .select('id')
    .where('organizationId', '=', organizationId)
    .where('userId', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function stationOfOrganization(db: Db, organizationId: number, stationId: number) {
  return db
    .selectFrom('stations')
    .select(['id', 'name'])
    .where('organizationId', '=', organizationId)
    .where('id', '=', stationId)
    .executeTakeFirst();
}

export async function dispenserOfStation(db: Db, stationId: number, dispenserId: number) {
  return db
    .selectFrom('dispensers')
    .select('id')
    .where('stationId', '=', stationId)
    .where('id', '=', dispenserId)
    .executeTakeFirst();
}

/**
 * Whether an unresolved (open or acknowledged) incident of `type` exists at the station, with
 * the same dispenser (when given) and the same title (when given): what the system checks before
 * opening one, so a condition that persists is one incident, not one per report.
 */
export async function hasUnresolvedIncident(
  db: Db,
  match: { stationId: number; type: string; dispenserId?: number | null; title?: string },
): Promise<boolean> {
  let query = db
    .selectFrom('incidents')
    .select('id')
    .where('stationId', '=', match.stationId)
    .where('type', '=', match.type)
    .where('status', 'in', ['open', 'acknowledged']);
  if (match.dispenserId != null) query = query.where('dispenserId', '=', match.dispenserId);
  if (match.title !== undefined) query = query.where('title', '=', match.title);
  return (await query.limit(1).executeTakeFirst()) !== undefined;
}
