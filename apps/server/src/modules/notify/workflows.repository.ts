import { sqlDirection, type TSortDirection } from '@forecourt/contracts';
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/database';
import { countCapped } from '../../db/paging';
import type { NotifyWorkflowsTable } from '../../db/schema';

export type WorkflowRow = Selectable<NotifyWorkflowsTable>;

export function findWorkflowById(db: Db, environmentId: number, id: number) {
  return db
    .selectFrom('notifyWorkflows')
    .selectAll()
    .where('environmentId', '=', environmentId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export function findWorkflowByTrigger(db: Db, environmentId: number, triggerIdentifier: string) {
  return db
    .selectFrom('notifyWorkflows')
    .selectAll()
    .where('environmentId', '=', environmentId)
    .where('triggerIdentifier', '=', triggerIdentifier)
    .executeTakeFirst();
}

export async function listWorkflows(
  db: Db,
  environmentId: number,
  page: { page: number; limit: number; query?: string; orderDirection?: TSortDirection | undefined },
) {
  let base = db.selectFrom('notifyWorkflows').where('environmentId', '=', environmentId);
  if (page.query) {
    const pattern = `%${page.query.toLowerCase().replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
    base = base.where((eb) =>
      eb.or([
        eb(eb.fn('lower', ['name']), 'like', pattern),
        eb(eb.fn('lower', ['triggerIdentifier']), 'like', pattern),
      ]),
    );
  }
  const rows = await base
    .selectAll()
    .orderBy('createdAt', sqlDirection(page.orderDirection))
    .orderBy('id', sqlDirection(page.orderDirection))
    .limit(page.limit)
    .offset(page.page * page.limit)
    .execute();
  const { count } = await countCapped(db, base.select('id'));
  return { rows, count };
}

/** Every active workflow of the environment (the inbox preference list). */
export function listActiveWorkflows(db: Db, environmentId: number) {
  return db
    .selectFrom('notifyWorkflows')
    .selectAll()
    .where('environmentId', '=', environmentId)
    .where('active', '=', 1)
    .orderBy('id')
    .execute();
}

/** Inserts unless the trigger identifier is taken; the new row or undefined. */
export async function insertWorkflow(db: Db, values: Insertable<NotifyWorkflowsTable>) {
  return db
    .insertInto('notifyWorkflows')
    .values(values)
    .onConflict((oc) => oc.columns(['environmentId', 'triggerIdentifier']).doNothing())
    .returningAll()
    .executeTakeFirst();
}

export async function updateWorkflow(
  db: Db,
  environmentId: number,
  id: number,
  values: Updateable<NotifyWorkflowsTable>,
) {
  return db
    .updateTable('notifyWorkflows')
    .set(values)
    .where('environmentId', '=', environmentId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteWorkflow(db: Db, environmentId: number, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('notifyWorkflows')
    .where('environmentId', '=', environmentId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Creates the feeds that don't exist yet; returns identifier → id for all of them. */
export async function ensureFeeds(
  db: Db,
  environment: { id: number; organizationId: number },
  identifiers: readonly string[],
  now: number,
): Promise<Map<string, number>> {
  const unique = [...new Set(identifiers)];
  if (unique.length === 0) return new Map();
  await db
    .insertInto('notifyFeeds')
    .values(
      unique.map((identifier) => ({
        environmentId: environment.id,
        organizationId: environment.organizationId,
        identifier,
        name: identifier,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .onConflict((oc) => oc.columns(['environmentId', 'identifier']).doNothing())
    .execute();
  const rows = await db
    .selectFrom('notifyFeeds')
    .select(['id', 'identifier'])
    .where('environmentId', '=', environment.id)
    .where('identifier', 'in', unique)
    .execute();
  return new Map(rows.map((row) => [row.identifier, row.id]));
}

/** Every workflow of an environment, active or not (the inbox names the workflows of old messages). */
export function listEnvironmentWorkflows(db: Db, environmentId: number) {
  return db
    .selectFrom('notifyWorkflows')
    .selectAll()
    .where('environmentId', '=', environmentId)
    .orderBy('id')
    .execute();
}

export function findWorkflowsByIds(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('notifyWorkflows')
    .selectAll()
    .where('id', 'in', [...ids])
    .execute();
}
