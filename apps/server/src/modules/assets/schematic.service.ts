import type {
  TDispenserStatus,
  TFuel,
  TFuellingPointState,
  TSchematicNozzle,
  TStationSchematic,
} from '@forecourt/contracts';
import type { Db } from '../../db/database';
import {
  type DispenserRow,
  dispensersInLaneOrder,
  lastFills,
  type NozzleRow,
  nozzlesOf,
  stationStatus,
} from './assets.repository';

/**
 * What a fuelling point shows: `fault` when the nozzle or its dispenser reports one, `offline` when
 * the dispenser is offline or in maintenance or the nozzle is switched off, `fuelling` while a fill
 * is in progress (the nozzle says so, or its latest fill has not ended yet), otherwise `idle`.
 */
export function nozzleState(
  nozzle: Pick<NozzleRow, 'status'>,
  dispenser: Pick<DispenserRow, 'status'>,
  latestFill: { startedAt: number; endedAt: number } | undefined,
  now: number,
): TFuellingPointState {
  if (nozzle.status === 'fault' || dispenser.status === 'fault') return 'fault';
  if (dispenser.status === 'offline' || dispenser.status === 'maintenance' || nozzle.status === 'disabled') {
    return 'offline';
  }
  if (
    nozzle.status === 'dispensing' ||
    (latestFill && latestFill.startedAt <= now && now < latestFill.endedAt)
  ) {
    return 'fuelling';
  }
  return 'idle';
}

/** A dispenser shows its worst nozzle: fault, then offline, then fuelling, then idle. */
function dispenserState(states: TFuellingPointState[], status: string): TFuellingPointState {
  if (status === 'fault' || states.includes('fault')) return 'fault';
  if (status === 'offline' || status === 'maintenance') return 'offline';
  if (states.includes('fuelling')) return 'fuelling';
  if (states.length > 0 && states.every((state) => state === 'offline')) return 'offline';
  return 'idle';
}

/** A station that is offline or closed reports nothing: none of its nozzles can be shown as idle. */
const UNREPORTED_STATIONS: readonly string[] = ['offline', 'closed'];

/**
 * The forecourt drawn from the station's assets: lanes in order, dispensers by code, nozzles by
 * number. At an offline or closed station every point and dispenser shows `offline`.
 */
export async function getSchematic(db: Db, stationId: number, now: number): Promise<TStationSchematic> {
  const unreported = UNREPORTED_STATIONS.includes((await stationStatus(db, stationId)) ?? '');
  const dispensers = await dispensersInLaneOrder(db, stationId);
  const nozzles = await nozzlesOf(
    db,
    dispensers.map((row) => row.id),
  );
  const last = await lastFills(
    db,
    nozzles.map((row) => row.id),
  );
  const lanes = new Map<number, TStationSchematic['lanes'][number]>();
  for (const dispenser of dispensers) {
    const points: TSchematicNozzle[] = nozzles
      .filter((nozzle) => nozzle.dispenserId === dispenser.id)
      .map((nozzle) => {
        const fill = last.get(nozzle.id);
        return {
          id: nozzle.id,
          number: nozzle.number,
          side: nozzle.side === 'B' ? 'B' : 'A',
          fuel: nozzle.fuel as TFuel,
          state: unreported ? 'offline' : nozzleState(nozzle, dispenser, fill, now),
          lastTransactionAt: fill ? new Date(fill.startedAt).toISOString() : null,
        };
      });
    const lane = lanes.get(dispenser.lane) ?? { lane: dispenser.lane, dispensers: [] };
    lane.dispensers.push({
      id: dispenser.id,
      code: dispenser.code,
      status: dispenser.status as TDispenserStatus,
      state: unreported
        ? 'offline'
        : dispenserState(
            points.map((point) => point.state),
            dispenser.status,
          ),
      nozzles: points,
    });
    lanes.set(dispenser.lane, lane);
  }
  return { stationId, lanes: [...lanes.values()], at: new Date(now).toISOString() };
}
