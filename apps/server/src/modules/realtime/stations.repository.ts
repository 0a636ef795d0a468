import type { Db } from '../../db/database';

/** Which of `stationIds` belong to the organisation. */
export async function stationsOfOrganization(
  db: Db,
  organizationId: number,
  stationIds: readonly number[],
): Promise<number[]> {
  if (stationIds.length === 0) return [];
  const rows = await db
    .selectFrom('stations')
    .select('id')
    .where('organizationId', '=', organizationId)
    .where('id', 'in', [...stationIds])
    .execute();
  return rows.map((row) => Number(row.id));
}
