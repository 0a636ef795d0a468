import { randomBytes } from 'node:crypto';
import type { Db } from './database';

/**
 * A named secret kept in `app_secrets`: generated once (256 random bits) by whichever process gets
 * there first, then read by every process, so processes sharing PostgreSQL agree. Returns the key
 * bytes; the value is never logged or returned by any route.
 */
export async function loadOrCreateAppSecret(db: Db, name: string, now: number): Promise<Buffer> {
  await db
    .insertInto('appSecrets')
    .values({ name, value: randomBytes(32).toString('base64url'), createdAt: now })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db
    .selectFrom('appSecrets')
    .select('value')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return Buffer.from(row.value, 'base64url');
}
