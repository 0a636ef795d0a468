import type { Kysely } from 'kysely';
import type { Db } from '../../db/database';
import { dialectOf } from '../../db/migrations/dsl';
import { countCapped } from '../../db/paging';
import type { TMemberListQuery } from './members.schemas';

function memberQuery(db: Db, organizationId: number) {
  return db
    .selectFrom('memberships as m')
    .innerJoin('users as u', 'u.id', 'm.userId')
    .where('m.organizationId', '=', organizationId);
}

const MEMBER_COLUMNS = [
  'm.id',
  'm.organizationId',
  'm.userId',
  'm.role',
  'm.scope',
  'm.status',
  'm.allStations',
  'm.createdAt',
  'm.disabledAt',
  'u.email',
  'u.firstName',
  'u.lastName',
  'u.disabledAt as userDisabledAt',
] as const;

export type MemberRow = {
  id: number;
  organizationId: number;
  userId: number;
  role: string;
  scope: string | null;
  status: string;
  allStations: number;
  createdAt: number;
  /** The organisation disabled this membership (or withdrew the invitation). */
  disabledAt: number | null;
  email: string;
  firstName: string;
  lastName: string;
  /** The account is disabled (set together with disabledAt for active members). */
  userDisabledAt: number | null;
};

export async function listMembers(db: Db, organizationId: number, query: TMemberListQuery) {
  const base = memberQuery(db, organizationId);
  const column = query.sort.field === 'email' ? 'u.email' : 'm.createdAt';
  const rows: MemberRow[] = await base
    .select(MEMBER_COLUMNS)
    .orderBy(column, query.sort.direction)
    .orderBy('m.id', query.sort.direction)
    .limit(query.limit)
    .offset(query.page * query.limit)
    .execute();
  // Every membership has its user, so the count needs no join.
  const counted = db.selectFrom('memberships').select('id').where('organizationId', '=', organizationId);
  const { count, approximate } = await countCapped(db, counted);
  return { rows, count, approximate };
}

/** A membership of this organisation; another organisation's id finds nothing. */
export async function findMember(db: Db, organizationId: number, id: number): Promise<MemberRow | undefined> {
  return memberQuery(db, organizationId).select(MEMBER_COLUMNS).where('m.id', '=', id).executeTakeFirst();
}

export async function findMemberByUser(db: Db, organizationId: number, userId: number) {
  return memberQuery(db, organizationId)
    .select(MEMBER_COLUMNS)
    .where('m.userId', '=', userId)
    .executeTakeFirst();
}

/** The station ids of each limited membership (memberships with every station are absent). */
export async function stationIdsOf(db: Db, membershipIds: number[]): Promise<Map<number, number[]>> {
  const byMembership = new Map<number, number[]>();
  if (membershipIds.length === 0) return byMembership;
  const rows = await db
    .selectFrom('membershipStations')
    .select(['membershipId', 'stationId'])
    .where('membershipId', 'in', membershipIds)
    .orderBy('stationId')
    .execute();
  for (const row of rows) {
    byMembership.set(row.membershipId, [...(byMembership.get(row.membershipId) ?? []), row.stationId]);
  }
  return byMembership;
}

/** Which of `ids` are stations of the organisation. */
export async function ownStationIds(db: Db, organizationId: number, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('stations')
    .select('id')
    .where('organizationId', '=', organizationId)
    .where('id', 'in', ids)
    .execute();
  return new Set(rows.map((row) => row.id));
}

export type MembershipValues = { role: string; scope: string | null; stationIds: 'all' | number[] };

export async function insertMembership(
  db: Db,
  input: MembershipValues & { organizationId: number; userId: number; status: string },
  now: number,
): Promise<number> {
  const row = await db
    .insertInto('memberships')
    .values({
      organizationId: input.organizationId,
      userId: input.userId,
      role: input.role,
      scope: input.scope,
      status: input.status,
      allStations: input.stationIds === 'all' ? 1 : 0,
      createdAt: now,
      updatedAt: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await replaceMembershipStations(db, row.id, input.organizationId, input.stationIds);
  return row.id;
}

export async function updateMembership(
  db: Db,
  member: { id: number; organizationId: number },
  values: MembershipValues,
  now: number,
): Promise<void> {
  await db
    .updateTable('memberships')
    .set({
      role: values.role,
      scope: values.scope,
      allStations: values.stationIds === 'all' ? 1 : 0,
      updatedAt: now,
    })
    .where('id', '=', member.id)
    .execute();
  await replaceMembershipStations(db, member.id, member.organizationId, values.stationIds);
}

async function replaceMembershipStations(
  db: Db,
  membershipId: number,
  organizationId: number,
  stationIds: 'all' | number[],
): Promise<void> {
  await db.deleteFrom('membershipStations').where('membershipId', '=', membershipId).execute();
  if (stationIds === 'all' || stationIds.length === 0) return;
  await db
    .insertInto('membershipStations')
    .values([...new Set(stationIds)].map((stationId) => ({ membershipId, stationId, organizationId })))
    .execute();
}

/** invited → active; false when the membership was not (or no longer) an invitation. */
export async function activateMembership(db: Db, id: number, now: number): Promise<boolean> {
  const result = await db
    .updateTable('memberships')
    .set({ status: 'active', updatedAt: now })
    .where('id', '=', id)
    .where('status', '=', 'invited')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Active, enabled admins of the organisation other than the given membership. */
export async function countOtherActiveAdmins(db: Db, organizationId: number, exceptId: number) {
  const row = await memberQuery(db, organizationId)
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('m.role', '=', 'admin')
    .where('m.status', '=', 'active')
    .where('m.disabledAt', 'is', null)
    .where('u.disabledAt', 'is', null)
    .where('m.id', '!=', exceptId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function setMembershipDisabled(db: Db, id: number, disabledAt: number | null, now: number) {
  await db.updateTable('memberships').set({ disabledAt, updatedAt: now }).where('id', '=', id).execute();
}

export async function setUserDisabled(db: Db, userId: number, disabledAt: number | null, now: number) {
  await db.updateTable('users').set({ disabledAt, updatedAt: now }).where('id', '=', userId).execute();
}

/**
 * Holds the organisation's row lock until the transaction ends (PostgreSQL; SQLite runs one writer
 * at a time anyway), so two admins demoting each other cannot both pass the last-admin check.
 */
export async function lockOrganization(trx: Db, organizationId: number): Promise<void> {
  if (dialectOf(trx as unknown as Kysely<unknown>) !== 'postgres') return;
  await trx.selectFrom('organizations').select('id').where('id', '=', organizationId).forUpdate().execute();
}

/** The organisation's name (for the invitation mail). */
export function findOrganizationName(db: Db, organizationId: number) {
  return db
    .selectFrom('organizations')
    .select('name')
    .where('id', '=', organizationId)
    .executeTakeFirstOrThrow();
}
