import type { Db } from '../../db/database';

/** Integration lookups for the Slack OAuth flow (the service builds the others). */

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
