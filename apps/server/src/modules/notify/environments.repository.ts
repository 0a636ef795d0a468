import type { Db } from '../../db/database';
import type { EnvironmentRow } from './notify.deps';

export const DEFAULT_ENVIRONMENT = 'Production';

export function findEnvironmentOfOrganization(
  db: Db,
  organizationId: number,
): Promise<EnvironmentRow | undefined> {
  return db
    .selectFrom('notifyEnvironments')
    .selectAll()
    .where('organizationId', '=', organizationId)
    .where('name', '=', DEFAULT_ENVIRONMENT)
    .executeTakeFirst();
}

export function findEnvironmentById(db: Db, id: number): Promise<EnvironmentRow | undefined> {
  return db.selectFrom('notifyEnvironments').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findEnvironmentByApplicationIdentifier(db: Db, identifier: string) {
  return db
    .selectFrom('notifyEnvironments')
    .selectAll()
    .where('applicationIdentifier', '=', identifier)
    .executeTakeFirst();
}

export function findEnvironmentBySecretHash(db: Db, hash: string) {
  return db.selectFrom('notifyEnvironments').selectAll().where('secretKeyHash', '=', hash).executeTakeFirst();
}

/** Inserts the organisation's environment unless one exists; true when this call created it. */
export async function insertEnvironment(
  db: Db,
  values: {
    organizationId: number;
    applicationIdentifier: string;
    secretKeyHash: string;
    secretKeyCiphertext: string;
    secretKeyHint: string;
  },
  now: number,
): Promise<boolean> {
  const result = await db
    .insertInto('notifyEnvironments')
    .values({ ...values, name: DEFAULT_ENVIRONMENT, createdAt: now, updatedAt: now })
    .onConflict((oc) => oc.columns(['organizationId', 'name']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

export async function replaceSecret(
  db: Db,
  id: number,
  values: { secretKeyHash: string; secretKeyCiphertext: string; secretKeyHint: string },
  now: number,
): Promise<void> {
  await db
    .updateTable('notifyEnvironments')
    .set({ ...values, rotatedAt: now, updatedAt: now })
    .where('id', '=', id)
    .execute();
}

export function listOrganizationIds(db: Db, slug?: string) {
  let query = db.selectFrom('organizations').select(['id', 'name', 'slug']).orderBy('id');
  if (slug !== undefined) query = query.where('slug', '=', slug);
  return query.execute();
}

/** Environments whose domain event workflows were never created. */
export function environmentsWithoutDomainWorkflows(db: Db): Promise<EnvironmentRow[]> {
  return db.selectFrom('notifyEnvironments').selectAll().where('domainWorkflowsAt', 'is', null).execute();
}

/** Records that the environment's domain event workflows were created. */
export async function markDomainWorkflows(db: Db, id: number, at: number): Promise<void> {
  await db
    .updateTable('notifyEnvironments')
    .set({ domainWorkflowsAt: at })
    .where('id', '=', id)
    .where('domainWorkflowsAt', 'is', null)
    .execute();
}
