import type { Db } from '../../db/database';

/** The organisation a signed-out request reads until authentication lands: the oldest one. */
export async function findFirstOrganizationId(db: Db): Promise<number | null> {
  const row = await db.selectFrom('organizations').select('id').orderBy('id').limit(1).executeTakeFirst();
  return row?.id ?? null;
}

export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  return (await findFirstOrganizationId(db)) === null;
}
