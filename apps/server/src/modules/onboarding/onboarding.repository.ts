import type { ExpressionBuilder } from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';

export type OnboardingCounts = {
  stations: number;
  stationsWithKey: number;
  stationsReporting: number;
  memberships: number;
  nextStationSlug: string | null;
};

/**
 * The organisation's setup counts in one round trip. A station is *reporting* once one of its keys
 * has been used or it has a fill, whichever way the fill arrived (an ingest key, the demo
 * simulator, an import); it is *connected* once it has a live key or is reporting. Organisations being set up are small; the fill check is
 * one probe of `transactions(station_id, started_at, id)` per station.
 */
export async function onboardingCounts(db: Db, organizationId: number): Promise<OnboardingCounts> {
  const keyed = db
    .selectFrom('stationApiKeys')
    .select('stationApiKeys.stationId')
    .where('stationApiKeys.organizationId', '=', organizationId)
    .where('stationApiKeys.revokedAt', 'is', null);
  const used = keyed.where('stationApiKeys.lastUsedAt', 'is not', null);
  const stations = db.selectFrom('stations').where('stations.organizationId', '=', organizationId);
  const hasFill = (eb: ExpressionBuilder<Database, 'stations'>) =>
    eb.exists(
      eb
        .selectFrom('transactions')
        .select(eb.lit(1).as('one'))
        .whereRef('transactions.stationId', '=', 'stations.id'),
    );
  const row = await db
    .selectNoFrom((eb) => [
      stations.select((s) => s.fn.countAll<number>().as('n')).as('stations'),
      stations
        .select((s) => s.fn.countAll<number>().as('n'))
        .where((s) => s.or([s('stations.id', 'in', keyed), hasFill(s)]))
        .as('stationsWithKey'),
      stations
        .select((s) => s.fn.countAll<number>().as('n'))
        .where((s) => s.or([s('stations.id', 'in', used), hasFill(s)]))
        .as('stationsReporting'),
      eb
        .selectFrom('memberships')
        .select((s) => s.fn.countAll<number>().as('n'))
        .where('organizationId', '=', organizationId)
        .where('disabledAt', 'is', null)
        .as('memberships'),
      stations
        .select('stations.slug')
        .where((s) => s.and([s('stations.id', 'not in', keyed), s.not(hasFill(s))]))
        .orderBy('stations.id')
        .limit(1)
        .as('nextStationSlug'),
    ])
    .executeTakeFirstOrThrow();
  return {
    stations: Number(row.stations ?? 0),
    stationsWithKey: Number(row.stationsWithKey ?? 0),
    stationsReporting: Number(row.stationsReporting ?? 0),
    memberships: Number(row.memberships ?? 0),
    nextStationSlug: (row.nextStationSlug as string | null) ?? null,
  };
}
