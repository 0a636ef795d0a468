import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../db/database';
import type { NotifyIntegrationsTable } from '../../db/schema';

/** SQL of provider integrations (credentials arrive here encrypted; integrations.service.ts). */

/** The newest active integration of a provider in an environment (by identifier when given). */
export function findActiveIntegration(
  db: Db,
  environmentId: number,
  providerId: string,
  channel: string,
  identifier?: string,
) {
  let query = db
    .selectFrom('notifyIntegrations')
    .selectAll()
    .where('environmentId', '=', environmentId)
    .where('providerId', '=', providerId)
    .where('channel', '=', channel)
    .where('active', '=', 1);
  if (identifier) query = query.where('identifier', '=', identifier);
  return query.orderBy('id', 'desc').executeTakeFirst();
}

/** An integration of an environment by row id. */
export function findIntegrationRow(db: Db, environmentId: number, id: number) {
  return db
    .selectFrom('notifyIntegrations')
    .selectAll()
    .where('id', '=', id)
    .where('environmentId', '=', environmentId)
    .executeTakeFirst();
}

/** The environment's integrations (active ones only when asked) by channel, primary first, then priority, newest. */
export function listIntegrationRows(db: Db, environmentId: number, filter: { activeOnly?: boolean } = {}) {
  let query = db.selectFrom('notifyIntegrations').selectAll().where('environmentId', '=', environmentId);
  if (filter.activeOnly) query = query.where('active', '=', 1);
  return query
    .orderBy('channel')
    .orderBy('isPrimary', 'desc')
    .orderBy('priority', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** Whether another integration of the environment (not `exceptId`) has the identifier. */
export async function identifierTaken(db: Db, environmentId: number, identifier: string, exceptId?: number) {
  let query = db
    .selectFrom('notifyIntegrations')
    .select('id')
    .where('environmentId', '=', environmentId)
    .where('identifier', '=', identifier);
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

/** Whether the channel has a primary integration in the environment. */
export async function hasPrimary(db: Db, environmentId: number, channel: string): Promise<boolean> {
  const row = await db
    .selectFrom('notifyIntegrations')
    .select('id')
    .where('environmentId', '=', environmentId)
    .where('channel', '=', channel)
    .where('isPrimary', '=', 1)
    .executeTakeFirst();
  return row !== undefined;
}

export function insertIntegration(db: Db, values: Insertable<NotifyIntegrationsTable>) {
  return db.insertInto('notifyIntegrations').values(values).returningAll().executeTakeFirstOrThrow();
}

export function updateIntegration(db: Db, id: number, values: Updateable<NotifyIntegrationsTable>) {
  return db
    .updateTable('notifyIntegrations')
    .set(values)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteIntegration(db: Db, id: number): Promise<void> {
  await db.deleteFrom('notifyIntegrations').where('id', '=', id).execute();
}

/** The channel's primary integrations of the environment stop being primary. */
export async function clearPrimary(
  db: Db,
  environmentId: number,
  channel: string,
  now: number,
): Promise<void> {
  await db
    .updateTable('notifyIntegrations')
    .set({ isPrimary: 0, updatedAt: now })
    .where('environmentId', '=', environmentId)
    .where('channel', '=', channel)
    .where('isPrimary', '=', 1)
    .execute();
}
