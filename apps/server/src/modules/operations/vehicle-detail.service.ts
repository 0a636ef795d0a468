import type { TFuel, TVehicleDetail, TVehicleDetailQuery } from '@forecourt/contracts';
import type { Db } from '../../db/database';
import { notFound } from '../../lib/app-error';
import type { Scope } from '../../lib/scope/scope';
import { resolveRequestWindow } from '../../lib/windows/request-window';
import { presentChallan } from './challans.service';
import { presentTransaction } from './transactions.presenter';
import { findVehicleInScope, vehicleActivity } from './vehicle-detail.repository';
import { presentSighting, presentVehicle } from './vehicles.presenter';

/**
 * One vehicle: its registry entry, fills across stations and sightings in the window (screen
 * `vehicle`: 24 hours, at most 180 days) and its challans. Every part is read through an index that
 * starts with `(organization_id, registration)`, so a vehicle costs the same in any network.
 * 404 for a registration the organisation never saw, or (members) never saw at their stations.
 */
export async function getVehicleDetail(
  db: Db,
  scope: Scope,
  registration: string,
  query: TVehicleDetailQuery,
  now: number,
): Promise<TVehicleDetail> {
  const { window, startMs, endMs } = resolveRequestWindow('vehicle', query, now);
  const vehicle = await findVehicleInScope(db, scope, registration);
  if (!vehicle) throw notFound('Vehicle');

  const { latestFills, byStation, byFuel, latestSightings, sightingCount, challanRows } =
    await vehicleActivity(db, scope, registration, { startMs, endMs });

  const stations = byStation
    .map((row) => ({
      stationId: Number(row.stationId),
      slug: row.slug,
      name: row.name,
      fills: Number(row.fills),
      amountPaise: Number(row.amountPaise ?? 0),
      lastFillAt: new Date(Number(row.lastFillAt)).toISOString(),
    }))
    .sort((a, b) => b.fills - a.fills || a.name.localeCompare(b.name));
  const pending = challanRows.filter((row) => row.status === 'pending');
  return {
    vehicle: presentVehicle(vehicle),
    window,
    totals: {
      fills: stations.reduce((sum, s) => sum + s.fills, 0),
      amountPaise: stations.reduce((sum, s) => sum + s.amountPaise, 0),
      quantityByFuel: Object.fromEntries(byFuel.map((row) => [row.fuel as TFuel, Number(row.milli) / 1000])),
      sightings: Number(sightingCount?.n ?? 0),
      pendingChallans: pending.length,
      pendingFinePaise: pending.reduce((sum, row) => sum + row.finePaise, 0),
    },
    stations,
    fills: latestFills.map(presentTransaction),
    sightings: latestSightings.map(presentSighting),
    challans: challanRows.map(presentChallan),
  };
}
