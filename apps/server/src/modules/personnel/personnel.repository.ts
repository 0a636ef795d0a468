import type { TPersonnelRole, TPersonnelStatus, TShift } from '@forecourt/contracts';
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/database';
import type { PersonnelTable } from '../../db/schema';
import type { SortColumn } from '../../lib/paging/list-page';
import type { Scope } from '../../lib/scope/scope';
import { scopePredicate } from '../../lib/scope/scope.repository';

export type PersonnelRow = Selectable<PersonnelTable> & { stationName: string; stationSlug: string };

export type PersonnelFilters = {
  role?: TPersonnelRole[] | undefined;
  shift?: TShift[] | undefined;
  status?: TPersonnelStatus[] | undefined;
};

/** Sort fields → columns; the default (`createdAt`) is served by the `(…, created_at, id)` indexes. */
export const PERSONNEL_SORT_COLUMNS: Record<'createdAt' | 'name' | 'joinedOn', SortColumn<PersonnelRow>> = {
  createdAt: { column: 'personnel.created_at', kind: 'number', value: (row) => row.createdAt },
  name: { column: 'personnel.name', kind: 'string', value: (row) => row.name },
  joinedOn: { column: 'personnel.joined_on', kind: 'string', value: (row) => row.joinedOn },
};

function personnelWithStation(db: Db) {
  return db
    .selectFrom('personnel')
    .innerJoin('stations', 'stations.id', 'personnel.stationId')
    .selectAll('personnel')
    .select(['stations.name as stationName', 'stations.slug as stationSlug']);
}

/** Personnel in scope and filters (not ordered; see keysetPage). */
export function personnelQuery(db: Db, scope: Scope, filters: PersonnelFilters) {
  let query = personnelWithStation(db).where(scopePredicate('personnel', scope));
  if (filters.role?.length) query = query.where('personnel.role', 'in', filters.role);
  if (filters.shift?.length) query = query.where('personnel.shift', 'in', filters.shift);
  if (filters.status?.length) query = query.where('personnel.status', 'in', filters.status);
  return query;
}

/** One row of the organisation (not yet checked against a member's stations). */
export function findPersonnel(db: Db, organizationId: number, id: number): Promise<PersonnelRow | undefined> {
  return personnelWithStation(db)
    .where('personnel.organizationId', '=', organizationId)
    .where('personnel.id', '=', id)
    .executeTakeFirst();
}

export async function insertPersonnel(db: Db, values: Insertable<PersonnelTable>): Promise<number> {
  const row = await db.insertInto('personnel').values(values).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

/** Updates a row only if it is unchanged since `expectedUpdatedAt` (a concurrent edit loses); true when it changed. */
export async function updatePersonnel(
  db: Db,
  id: number,
  expectedUpdatedAt: number,
  values: Updateable<PersonnelTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('personnel')
    .set(values)
    .where('id', '=', id)
    .where('updatedAt', '=', expectedUpdatedAt)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
