import { type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/database';
import { DAY_MS, dayBucket } from '../../lib/time-buckets';

/**
 * Keeps `sightings_daily` (ANPR visits and visits that ended in a fill, per station and IST day) in
 * step with `vehicle_sightings`. Ingest calls {@link refreshSightingsDaily} for the span and
 * stations of each batch of sightings; the seed rebuilds it after loading.
 */
const seenDay = sql<number>`(${sql.ref('seen_at')} + ${sql.lit(19_800_000)}) / ${sql.lit(DAY_MS)} * ${sql.lit(DAY_MS)} - ${sql.lit(19_800_000)}`;

export async function refreshSightingsDaily(
  db: Db,
  span: { fromMs: number; toMs: number; stationIds?: readonly number[] },
): Promise<void> {
  const from = dayBucket(span.fromMs);
  const to = dayBucket(span.toMs - 1) + DAY_MS;
  const stations = span.stationIds
    ? sql<SqlBool>`station_id in (${sql.join([...span.stationIds, -1])})`
    : sql<SqlBool>`1 = 1`;
  await db.transaction().execute(async (trx) => {
    await sql`delete from sightings_daily where day >= ${from} and day < ${to} and ${stations}`.execute(trx);
    await sql`
      insert into sightings_daily (organization_id, station_id, day, visits, served)
      select organization_id, station_id, ${seenDay}, count(*), count(transaction_id)
        from vehicle_sightings
       where seen_at >= ${from} and seen_at < ${to} and ${stations}
       group by organization_id, station_id, ${seenDay}`.execute(trx);
  });
}

/** Rebuilds all of `sightings_daily` (after a bulk load). */
export function rebuildSightingsDaily(db: Db): Promise<void> {
  return refreshSightingsDaily(db, { fromMs: 0, toMs: 8_640_000_000_000_000 });
}
