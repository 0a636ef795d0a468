import { fuelMask, type TFuel, type TStation, type TStationCreateRequest } from '@forecourt/contracts';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/unique-violation';
import type { Caller } from '../../http/caller';
import { AppError } from '../../lib/app-error';
import { firstFreeSlug, slugify } from '../../lib/slug';
import { recordAudit } from '../audit/audit';
import { presentStation } from './stations.presenter';
import { insertStationWithForecourt, stationCodeTaken, stationSlugsLike } from './stations.repository';

const SLUG_ATTEMPTS = 4;

/**
 * Adds a station to the caller's organisation with its dispensers and nozzles, in one
 * transaction: the station sells the fuels its nozzles give, its slug (unique across
 * organisations) comes from its name and city, and its code must be new in the organisation.
 */
export async function createStation(
  db: Db,
  caller: Caller,
  input: TStationCreateRequest,
  now: number,
): Promise<TStation> {
  const fuels = [...new Set(input.dispensers.flatMap((d) => d.nozzles.map((n) => n.fuel)))] as TFuel[];
  const base = slugify(`${input.name} ${input.city}`, 'station');
  for (let attempt = 1; ; attempt++) {
    try {
      const row = await db.transaction().execute(async (trx: Db) => {
        if (await stationCodeTaken(trx, caller.organizationId, input.code))
          throw new AppError('STATION_CODE_TAKEN', `Another station has the code ${input.code}`, [
            { path: 'code', message: 'Used by another station' },
          ]);
        const slug = firstFreeSlug(base, await stationSlugsLike(trx, base));
        const station = await insertStationWithForecourt(
          trx,
          {
            organizationId: caller.organizationId,
            slug,
            name: input.name,
            code: input.code.toUpperCase(),
            fuelProvider: input.fuelProvider,
            fuelMask: fuelMask(fuels),
            status: input.status,
            city: input.city,
            state: input.state,
            address: input.address,
            pincode: input.pincode,
            lat: input.lat,
            lng: input.lng,
            lanes: input.lanes,
            dispenserCount: input.dispensers.length,
            openedOn: input.openedOn,
            createdAt: now,
            updatedAt: now,
          },
          input.dispensers.map((dispenser) => ({
            code: dispenser.code.toUpperCase(),
            lane: dispenser.lane,
            make: dispenser.make,
            installedOn: dispenser.installedOn ?? input.openedOn,
            nozzles: dispenser.nozzles,
          })),
        );
        await recordAudit(trx, {
          organizationId: caller.organizationId,
          actorUserId: caller.userId,
          action: 'station.created',
          kind: 'station',
          id: station.id,
          data: { dispensers: input.dispensers.length },
          at: now,
        });
        return station;
      });
      return presentStation(row);
    } catch (error) {
      // Two stations took the same free slug at once: the loser takes the next one.
      if (!isUniqueViolation(error) || attempt >= SLUG_ATTEMPTS) throw error;
    }
  }
}
