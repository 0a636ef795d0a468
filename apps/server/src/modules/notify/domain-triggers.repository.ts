import type { Db } from '../../db/database';

/** SQL of domain events → notifications: who hears of an event, and the station it names. */

/** Who hears of an event. */
export type Audience =
  /** Admins and the members who see the station (every station, or it in their list). */
  | { kind: 'station'; stationId: number }
  /** The organisation's admins. */
  | { kind: 'admins' }
  /** One user, while an active member. */
  | { kind: 'user'; userId: number };

/** Active, enabled members of the organisation in the audience, without `exceptUserId`, by user id. */
export async function membersInAudience(
  db: Db,
  organizationId: number,
  audience: Audience,
  exceptUserId: number | null,
) {
  let query = db
    .selectFrom('memberships as m')
    .innerJoin('users as u', 'u.id', 'm.userId')
    .select(['u.id', 'u.firstName', 'u.lastName', 'u.email'])
    .where('m.organizationId', '=', organizationId)
    .where('m.status', '=', 'active')
    .where('m.disabledAt', 'is', null)
    .where('u.disabledAt', 'is', null)
    .orderBy('u.id');
  if (audience.kind === 'admins') query = query.where('m.role', '=', 'admin');
  if (audience.kind === 'user') query = query.where('u.id', '=', audience.userId);
  if (audience.kind === 'station') {
    const { stationId } = audience;
    query = query.where((eb) =>
      eb.or([
        eb('m.role', '=', 'admin'),
        eb('m.allStations', '=', 1),
        eb.exists(
          eb
            .selectFrom('membershipStations as ms')
            .select('ms.stationId')
            .whereRef('ms.membershipId', '=', 'm.id')
            .where('ms.stationId', '=', stationId),
        ),
      ]),
    );
  }
  if (exceptUserId !== null) query = query.where('u.id', '!=', exceptUserId);
  return query.execute();
}

/** The station's name and slug, when it belongs to the organisation. */
export function stationLink(db: Db, organizationId: number, stationId: number) {
  return db
    .selectFrom('stations')
    .select(['name', 'slug'])
    .where('id', '=', stationId)
    .where('organizationId', '=', organizationId)
    .executeTakeFirst();
}
