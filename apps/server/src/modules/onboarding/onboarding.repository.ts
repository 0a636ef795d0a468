import type { Db } from '../../db/database';

export type OnboardingCounts = {
  stations: number;
  stationsWithKey: number;
  stationsReporting: number;
  memberships: number;
  nextStationSlug: string | null;
};

/**
 * The organisation's setup counts in one round trip. Organisations being set up are small; the
 * key counts read the organisation's keys (one per station or so) without an index of their own.
 */
export async function onboardingCounts(db: Db, organizationId: number): Promise<OnboardingCounts> {
  const keyed = db
    .selectFrom('stationApiKeys')
    .select('stationApiKeys.stationId')
    .where('stationApiKeys.organizationId', '=', organizationId)
    .where('stationApiKeys.revokedAt', 'is', null);
  const row = await db
    .selectNoFrom((eb) => [
      eb
        .selectFrom('stations')
        .select((s) => s.fn.countAll<number>().as('n'))
        .where('organizationId', '=', organizationId)
        .as('stations'),
      eb
        .selectFrom('stations')
        .select((s) => s.fn.countAll<number>().as('n'))
        .where('organizationId', '=', organizationId)
        .where('id', 'in', keyed)
        .as('stationsWithKey'),
      eb
        .selectFrom('stations')
        .select((s) => s.fn.countAll<number>().as('n'))
        .where('organizationId', '=', organizationId)
        .where('id', 'in', keyed.where('stationApiKeys.lastUsedAt', 'is not', null))
        .as('stationsReporting'),
      eb
        .selectFrom('memberships')
        .select((s) => s.fn.countAll<number>().as('n'))
        .where('organizationId', '=', organizationId)
        .where('disabledAt', 'is', null)
        .as('memberships'),
      eb
        .selectFrom('stations')
        .select('slug')
        .where('organizationId', '=', organizationId)
        .where('id', 'not in', keyed)
        .orderBy('id')
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
