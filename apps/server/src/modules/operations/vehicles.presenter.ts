import type { TFuel, TVehicle, TVehicleClass, TVehicleSighting } from '@forecourt/contracts';
import { isoTime as iso } from '../../lib/iso-time';
import type { SightingRow, VehicleRow } from './vehicles.repository';

export function presentVehicle(row: VehicleRow): TVehicle {
  return {
    id: row.id,
    registration: row.registration,
    vehicleClass: row.vehicleClass as TVehicleClass,
    fuel: row.fuel as TFuel,
    customerId: row.customerId,
    firstSeenAt: iso(row.firstSeenAt),
    servedAt: iso(row.lastSeenAt),
    isWatchlisted: row.isWatchlisted === 1,
  };
}

export function presentSighting(row: SightingRow): TVehicleSighting {
  return {
    id: row.id,
    stationId: row.stationId,
    registration: row.registration,
    vehicleClass: row.vehicleClass as TVehicleClass,
    servedAt: iso(row.seenAt),
    lane: row.lane,
    confidence: row.confidence,
    dwellSeconds: row.dwellSeconds,
    transactionId: row.transactionId,
  };
}
