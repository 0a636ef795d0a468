import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { StationApiKeysTable } from '../../db/schema';

export type ApiKeyRow = Selectable<StationApiKeysTable>;

/** Columns a key is listed with (everything but the hash). */
const LISTED = [
  'id',
  'organizationId',
  'stationId',
  'name',
  'prefix',
  'createdAt',
  'createdBy',
  'lastUsedAt',
  'revokedAt',
] as const;
export type ListedApiKey = Pick<ApiKeyRow, (typeof LISTED)[number]>;

export function insertApiKey(db: Db, row: Insertable<StationApiKeysTable>): Promise<ListedApiKey> {
  return db.insertInto('stationApiKeys').values(row).returning(LISTED).executeTakeFirstOrThrow();
}

/** A station's keys, newest first (a station has a handful; capped anyway). */
export function listApiKeys(db: Db, stationId: number): Promise<ListedApiKey[]> {
  return db
    .selectFrom('stationApiKeys')
    .select(LISTED)
    .where('stationId', '=', stationId)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(500)
    .execute();
}

export function findApiKey(db: Db, stationId: number, id: number): Promise<ListedApiKey | undefined> {
  return db
    .selectFrom('stationApiKeys')
    .select(LISTED)
    .where('stationId', '=', stationId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Sets `revoked_at` unless it is set already; true when this call revoked the key. */
export async function revokeApiKey(db: Db, id: number, now: number): Promise<boolean> {
  const result = await db
    .updateTable('stationApiKeys')
    .set({ revokedAt: now })
    .where('id', '=', id)
    .where('revokedAt', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The key with this secret hash, revoked or not (one probe on the unique hash index). */
export function findApiKeyByHash(
  db: Db,
  secretHash: string,
): Promise<Pick<ApiKeyRow, 'id' | 'organizationId' | 'stationId' | 'revokedAt' | 'lastUsedAt'> | undefined> {
  return db
    .selectFrom('stationApiKeys')
    .select(['id', 'organizationId', 'stationId', 'revokedAt', 'lastUsedAt'])
    .where('secretHash', '=', secretHash)
    .executeTakeFirst();
}

export async function touchApiKey(db: Db, id: number, now: number): Promise<void> {
  await db.updateTable('stationApiKeys').set({ lastUsedAt: now }).where('id', '=', id).execute();
}
