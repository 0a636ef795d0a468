import { STATION_PIN_LIMIT, type TStationPins, type TStationStatus } from '@forecourt/contracts';
import type { Db } from '../../db/database';
import type { Caller } from '../../http/caller';
import { AppError } from '../../lib/app-error';
import { isoTime } from '../../lib/iso-time';
import { stationScope } from '../../lib/scope/scope';
import {
  countStationPins,
  deleteStationPin,
  insertStationPin,
  listStationPins,
} from './saved-views.repository';
import { ownerOf } from './saved-views.service';

/** Pinned stations (docs/PRODUCT.md, "Saved views, pins and home pages"). */

export async function getStationPins(db: Db, caller: Caller): Promise<TStationPins> {
  const rows = await listStationPins(db, caller);
  return {
    results: rows.map((row) => ({
      stationId: row.stationId,
      slug: row.slug,
      name: row.name,
      city: row.city,
      state: row.state,
      status: row.status as TStationStatus,
      pinnedAt: isoTime(row.pinnedAt),
    })),
    limit: STATION_PIN_LIMIT,
  };
}

/** Pins a station the caller sees (404 otherwise); pinning a pinned station changes nothing. */
export async function pinStation(db: Db, caller: Caller, slug: string, now: number): Promise<TStationPins> {
  const { station } = await stationScope(db, caller, slug);
  const owner = ownerOf(caller);
  const pins = await listStationPins(db, caller);
  if (!pins.some((pin) => pin.stationId === station.id)) {
    if ((await countStationPins(db, owner)) >= STATION_PIN_LIMIT) {
      throw new AppError(
        'LIMIT_REACHED',
        `You can pin ${STATION_PIN_LIMIT} stations; unpin one to pin another`,
      );
    }
    await insertStationPin(db, owner, station.id, now);
  }
  return getStationPins(db, caller);
}

export async function unpinStation(db: Db, caller: Caller, slug: string): Promise<TStationPins> {
  const { station } = await stationScope(db, caller, slug);
  await deleteStationPin(db, ownerOf(caller), station.id);
  return getStationPins(db, caller);
}
