import { type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/database';
import type { Scope } from '../../lib/scope/scope';
import { scopePredicate } from '../../lib/scope/scope.repository';
import { splitWindow } from '../../lib/time-buckets';

/** Incident states that still need someone (the "open incidents" KPI). */
export const OPEN_INCIDENT_STATUSES = ['open', 'acknowledged'] as const;

/**
 * ANPR visits in the window that ended in a fill: whole IST days from `sightings_daily`, the rest
 * (under a day at either end) counted from the partial index
 * `vehicle_sightings(station_id | organization_id, seen_at, transaction_id) where transaction_id is not null`.
 */
export async function countVehiclesServed(
  db: Db,
  scope: Scope,
  window: { startMs: number; endMs: number },
): Promise<number> {
  const split = splitWindow(window.startMs, window.endMs);
  const days = split.days.map(async ([from, to]) => {
    const { rows } = await sql<{ n: number | null }>`
      select sum(served) as n from sightings_daily
       where ${scopePredicate('sightings_daily', scope, 'aggregate')} and day >= ${from} and day < ${to}`.execute(
      db,
    );
    return Number(rows[0]?.n ?? 0);
  });
  const rest = [...split.hours, ...split.raw].map(async ([from, to]) => {
    const row = await db
      .selectFrom('vehicleSightings')
      .where(scopePredicate('vehicle_sightings', scope, 'aggregate'))
      .where('vehicleSightings.seenAt', '>=', from)
      .where('vehicleSightings.seenAt', '<', to)
      .where(sql<SqlBool>`${sql.ref('vehicle_sightings.transaction_id')} is not null`)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  });
  const counts = await Promise.all([...days, ...rest]);
  return counts.reduce((sum, n) => sum + n, 0);
}

/** Open and acknowledged incidents per station of the scope (stations without any are absent). */
export async function openIncidentsByStation(db: Db, scope: Scope): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('incidents')
    .where(scopePredicate('incidents', scope, 'aggregate'))
    .where('incidents.status', 'in', [...OPEN_INCIDENT_STATUSES])
    .select('incidents.stationId')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .groupBy('incidents.stationId')
    .execute();
  return new Map(rows.map((row) => [Number(row.stationId), Number(row.n)]));
}

export async function countOpenIncidents(db: Db, scope: Scope): Promise<number> {
  let total = 0;
  for (const n of (await openIncidentsByStation(db, scope)).values()) total += n;
  return total;
}
