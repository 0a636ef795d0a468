import type { Insertable, Selectable, SelectQueryBuilder, Updateable } from 'kysely';
import type { Db } from '../../db/database';
import type { Database, StationAccessRequestsTable } from '../../db/schema';
import type { SortColumn } from '../../lib/paging/list-page';

export type AccessRequestRow = Selectable<StationAccessRequestsTable> & {
  stationName: string;
  stationSlug: string;
  requesterFirstName: string | null;
  requesterLastName: string | null;
  requesterEmail: string;
  deciderFirstName: string | null;
  deciderLastName: string | null;
};

/** Sort fields → columns (the `(organization_id, created_at desc, id desc)` index serves the default). */
export const ACCESS_REQUEST_SORT_COLUMNS: Record<'createdAt' | 'updatedAt', SortColumn<AccessRequestRow>> = {
  createdAt: {
    column: 'station_access_requests.created_at',
    kind: 'number',
    value: (row) => row.createdAt,
  },
  updatedAt: {
    column: 'station_access_requests.updated_at',
    kind: 'number',
    value: (row) => row.updatedAt,
  },
};

/** The query of {@link accessRequestsQuery}, typed on the schema (its aliases hidden) so lists can page it. */
export type AccessRequestsQuery = SelectQueryBuilder<Database, 'stationAccessRequests', AccessRequestRow>;

/** Requests of one organisation with their station's, requester's and decider's names. */
export function accessRequestsQuery(db: Db, organizationId: number): AccessRequestsQuery {
  const query = db
    .selectFrom('stationAccessRequests')
    .innerJoin('stations', 'stations.id', 'stationAccessRequests.stationId')
    .innerJoin('users as requester', 'requester.id', 'stationAccessRequests.userId')
    .leftJoin('users as decider', 'decider.id', 'stationAccessRequests.decidedByUserId')
    .selectAll('stationAccessRequests')
    .select([
      'stations.name as stationName',
      'stations.slug as stationSlug',
      'requester.firstName as requesterFirstName',
      'requester.lastName as requesterLastName',
      'requester.email as requesterEmail',
      'decider.firstName as deciderFirstName',
      'decider.lastName as deciderLastName',
    ])
    .where('stationAccessRequests.organizationId', '=', organizationId);
  return query as unknown as AccessRequestsQuery;
}

export function findAccessRequest(
  db: Db,
  organizationId: number,
  id: number,
): Promise<AccessRequestRow | undefined> {
  return accessRequestsQuery(db, organizationId)
    .where('stationAccessRequests.id', '=', id)
    .executeTakeFirst();
}

export async function insertAccessRequest(
  db: Db,
  values: Insertable<StationAccessRequestsTable>,
): Promise<number> {
  const row = await db
    .insertInto('stationAccessRequests')
    .values(values)
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** Updates a request only while it is still pending (a concurrent decision loses); true when it changed. */
export async function updatePendingRequest(
  db: Db,
  id: number,
  values: Updateable<StationAccessRequestsTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('stationAccessRequests')
    .set(values)
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** A pending request of the user for the station, if any. */
export function pendingRequestFor(db: Db, organizationId: number, userId: number, stationId: number) {
  return db
    .selectFrom('stationAccessRequests')
    .select('id')
    .where('organizationId', '=', organizationId)
    .where('userId', '=', userId)
    .where('stationId', '=', stationId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
}

/** The user's membership of the organisation (any state), with the stations it lists. */
export async function membershipAccess(db: Db, organizationId: number, userId: number) {
  const membership = await db
    .selectFrom('memberships')
    .select(['id', 'role', 'status', 'allStations', 'disabledAt'])
    .where('organizationId', '=', organizationId)
    .where('userId', '=', userId)
    .executeTakeFirst();
  if (!membership) return undefined;
  const stations = await db
    .selectFrom('membershipStations')
    .select('stationId')
    .where('membershipId', '=', membership.id)
    .execute();
  return { ...membership, stationIds: stations.map((row) => Number(row.stationId)) };
}

/** Adds a station to a membership's list (nothing when it is already there). */
export async function grantStation(
  db: Db,
  membership: { id: number; organizationId: number },
  stationId: number,
  now: number,
): Promise<boolean> {
  const existing = await db
    .selectFrom('membershipStations')
    .select('stationId')
    .where('membershipId', '=', membership.id)
    .where('stationId', '=', stationId)
    .executeTakeFirst();
  if (existing) return false;
  await db
    .insertInto('membershipStations')
    .values({ membershipId: membership.id, stationId, organizationId: membership.organizationId })
    .execute();
  await db.updateTable('memberships').set({ updatedAt: now }).where('id', '=', membership.id).execute();
  return true;
}

export function stationOfOrganization(db: Db, organizationId: number, stationId: number) {
  return db
    .selectFrom('stations')
    .select(['id', 'name', 'slug'])
    .where('organizationId', '=', organizationId)
    .where('id', '=', stationId)
    .executeTakeFirst();
}

/** Every station of the organisation (id, name, slug, city), by name. */
export function organizationStations(db: Db, organizationId: number) {
  return db
    .selectFrom('stations')
    .select(['id', 'name', 'slug', 'city'])
    .where('organizationId', '=', organizationId)
    .orderBy('name')
    .orderBy('id')
    .execute();
}

/** Station ids the user has a pending request for. */
export async function pendingStationIds(
  db: Db,
  organizationId: number,
  userId: number,
): Promise<Set<number>> {
  const rows = await db
    .selectFrom('stationAccessRequests')
    .select('stationId')
    .where('organizationId', '=', organizationId)
    .where('userId', '=', userId)
    .where('status', '=', 'pending')
    .execute();
  return new Set(rows.map((row) => Number(row.stationId)));
}
