import { sqlDirection, type TSortDirection } from '@forecourt/contracts';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/database';
import { countCapped } from '../../db/paging';
import type { NotifyTenantsTable } from '../../db/schema';
import { isUniqueViolation } from '../../db/unique-violation';

export type TenantRow = Selectable<NotifyTenantsTable>;
type Environment = { id: number; organizationId: number };

export function findTenant(
  db: Db,
  environmentId: number,
  identifier: string,
): Promise<TenantRow | undefined> {
  return db
    .selectFrom('notifyTenants')
    .selectAll()
    .where('environmentId', '=', environmentId)
    .where('identifier', '=', identifier)
    .executeTakeFirst();
}

/** The new tenant, or undefined when the identifier is taken in the environment. */
export function insertTenant(
  db: Db,
  environment: Environment,
  tenant: { identifier: string; name: string; data: string },
  now: number,
): Promise<TenantRow | undefined> {
  return db
    .insertInto('notifyTenants')
    .values({
      environmentId: environment.id,
      organizationId: environment.organizationId,
      ...tenant,
      createdAt: now,
      updatedAt: now,
    })
    .onConflict((oc) => oc.columns(['environmentId', 'identifier']).doNothing())
    .returningAll()
    .executeTakeFirst();
}

/** The changed tenant; undefined when it does not exist; 'conflict' when the new identifier is taken. */
export async function updateTenant(
  db: Db,
  environmentId: number,
  identifier: string,
  changes: { identifier?: string; name?: string; data?: string },
  now: number,
): Promise<TenantRow | undefined | 'conflict'> {
  try {
    return await db
      .updateTable('notifyTenants')
      .set({ ...changes, updatedAt: now })
      .where('environmentId', '=', environmentId)
      .where('identifier', '=', identifier)
      .returningAll()
      .executeTakeFirst();
  } catch (error) {
    if (isUniqueViolation(error)) return 'conflict';
    throw error;
  }
}

export async function deleteTenant(db: Db, environmentId: number, identifier: string): Promise<boolean> {
  const result = await db
    .deleteFrom('notifyTenants')
    .where('environmentId', '=', environmentId)
    .where('identifier', '=', identifier)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** A page of the environment's tenants, newest first. */
export async function listTenants(
  db: Db,
  environmentId: number,
  page: { page: number; limit: number; identifier?: string; orderDirection?: TSortDirection | undefined },
) {
  let base = db.selectFrom('notifyTenants').where('environmentId', '=', environmentId);
  if (page.identifier) base = base.where('identifier', '=', page.identifier);
  const rows = await base
    .selectAll()
    .orderBy('createdAt', sqlDirection(page.orderDirection))
    .orderBy('id', sqlDirection(page.orderDirection))
    .limit(page.limit + 1)
    .offset(page.page * page.limit)
    .execute();
  const { count } = await countCapped(db, base.select('id'));
  return { rows: rows.slice(0, page.limit), hasMore: rows.length > page.limit, count };
}
