import { fuelMask, type TOrganizationListQuery } from '@forecourt/contracts';
import { type Selectable, sql, type Updateable } from 'kysely';
import type { Db } from '../../db/database';
import { countCapped } from '../../db/paging';
import type { OrganizationsTable } from '../../db/schema';

export type OrganizationRow = Selectable<OrganizationsTable>;

const SORT_COLUMNS = { name: 'organizations.name', createdAt: 'organizations.createdAt' } as const;

/**
 * The organisations the user is an active member of (memberships by `user_id` index): a user sees
 * only the organisations they belong to, whichever one their session is in.
 */
function organizationsOfUser(db: Db, userId: number) {
  return db
    .selectFrom('organizations')
    .innerJoin('memberships', 'memberships.organizationId', 'organizations.id')
    .where('memberships.userId', '=', userId)
    .where('memberships.status', '=', 'active')
    .where('memberships.disabledAt', 'is', null);
}

export async function listOrganizations(
  db: Db,
  userId: number,
  query: Pick<TOrganizationListQuery, 'isFuelProvider' | 'fuels' | 'sort' | 'page' | 'limit'>,
): Promise<{ rows: OrganizationRow[]; count: number; approximate: boolean }> {
  let base = organizationsOfUser(db, userId);
  if (query.isFuelProvider !== undefined)
    base = base.where('organizations.isFuelProvider', '=', query.isFuelProvider ? 1 : 0);
  if (query.fuels?.length) {
    const mask = fuelMask(query.fuels);
    base = base.where(sql<boolean>`(${sql.ref('organizations.fuel_mask')} & ${mask}) <> 0`);
  }
  const rows = await base
    .selectAll('organizations')
    .orderBy(SORT_COLUMNS[query.sort.field], query.sort.direction)
    .orderBy('organizations.id', query.sort.direction)
    .limit(query.limit)
    .offset(query.page * query.limit)
    .execute();
  const { count, approximate } = await countCapped(db, base.select('organizations.id'));
  return { rows, count, approximate };
}

export function findOrganization(db: Db, id: number): Promise<OrganizationRow | undefined> {
  return db.selectFrom('organizations').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Stations of the organisation and its active members (for the settings page). */
export async function organizationCounts(db: Db, id: number): Promise<{ stations: number; members: number }> {
  const [stations, members] = await Promise.all([
    db
      .selectFrom('stations')
      .select((eb) => eb.fn.countAll().as('count'))
      .where('organizationId', '=', id)
      .executeTakeFirst(),
    db
      .selectFrom('memberships')
      .select((eb) => eb.fn.countAll().as('count'))
      .where('organizationId', '=', id)
      .where('status', '=', 'active')
      .where('disabledAt', 'is', null)
      .executeTakeFirst(),
  ]);
  return { stations: Number(stations?.count ?? 0), members: Number(members?.count ?? 0) };
}

export async function updateOrganization(
  db: Db,
  id: number,
  values: Updateable<OrganizationsTable>,
): Promise<void> {
  await db.updateTable('organizations').set(values).where('id', '=', id).execute();
}

/** Organisation slugs equal to `base` or of the form `base-…` (slugs hold no LIKE wildcards). */
export async function organizationSlugsLike(db: Db, base: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('organizations')
    .select('slug')
    .where((eb) => eb.or([eb('slug', '=', base), eb('slug', 'like', `${base}-%`)]))
    .execute();
  return new Set(rows.map((row) => row.slug));
}

/** A new organisation; returns its id. */
export function insertOrganization(
  db: Db,
  values: Pick<OrganizationRow, 'slug' | 'name' | 'kind' | 'isFuelProvider'>,
  now: number,
): Promise<{ id: number }> {
  return db
    .insertInto('organizations')
    .values({ ...values, createdAt: now, updatedAt: now })
    .returning('id')
    .executeTakeFirstOrThrow();
}
