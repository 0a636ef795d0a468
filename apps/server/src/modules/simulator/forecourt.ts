import {
  FUELS,
  type TFuel,
  type TPaymentMode,
  type TVehicleClass,
  VEHICLE_CLASSES,
} from '@forecourt/contracts';
import type { Db } from '../../db/database';
import { PLACES, type Place } from '../../seed/catalog';
import { PRICE_RANGES } from '../../seed/prices';
import { hash32, type Picker } from '../../seed/random';
import { RegistrationSpace } from '../../seed/registrations';
import { classPicker, paymentPickers, type StationKind } from '../../seed/traffic';
import {
  fillsPerDay,
  latestPrices,
  recentVehicles,
  simulatedStations,
  workingNozzles,
} from './simulator.repository';

/**
 * What the simulator knows about a station it drives, built from the database with the seed's
 * models: the site kind and place (hour profile, vehicle mix, fill sizes, payment mix, where
 * vehicles are registered), its working nozzles by fuel, today's prices, how busy it usually is,
 * and the organisation's recently seen vehicles (the regulars who come back).
 */
export type SimNozzle = {
  id: number;
  dispenserId: number;
  dispenserCode: string;
  number: number;
  fuel: TFuel;
  lane: number;
};

export type Regular = { registration: string; fuel: TFuel };

export type SimStation = {
  id: number;
  organizationId: number;
  slug: string;
  kind: StationKind;
  place: Place;
  lanes: number;
  /** Fills on an ordinary day (last week's average). */
  fillsPerDay: number;
  sells: ReadonlySet<TFuel>;
  nozzlesByFuel: ReadonlyMap<TFuel, SimNozzle[]>;
  nozzles: SimNozzle[];
  /** Paise per unit. */
  prices: ReadonlyMap<TFuel, number>;
  classes: Picker<TVehicleClass>;
  payments: Record<TVehicleClass, Picker<TPaymentMode>>;
  regulars: ReadonlyMap<TVehicleClass, Regular[]>;
  registrations: RegistrationSpace;
};

/** A station without last week's history still gets this many fills a day. */
const DEFAULT_FILLS_PER_DAY = 200;
const REGULARS_PER_ORGANIZATION = 600;

const PLACE_BY_CITY = new Map(Object.values(PLACES).map((place) => [place.name, place]));
const DEFAULT_PLACE = PLACES.delhi as Place;

const isFuel = (value: string): value is TFuel => (FUELS as readonly string[]).includes(value);
const isClass = (value: string): value is TVehicleClass =>
  (VEHICLE_CLASSES as readonly string[]).includes(value);

export async function loadForecourts(
  db: Db,
  options: { perOrganization: number; seed: number; now: number },
): Promise<SimStation[]> {
  const stations = await simulatedStations(db, options.perOrganization);
  const ids = stations.map((station) => station.id);
  const [nozzles, prices, volumes] = await Promise.all([
    workingNozzles(db, ids),
    latestPrices(db, ids),
    fillsPerDay(db, ids, options.now),
  ]);
  const regularsByOrganization = new Map<number, Map<TVehicleClass, Regular[]>>();
  for (const organizationId of new Set(stations.map((station) => station.organizationId))) {
    const byClass = new Map<TVehicleClass, Regular[]>();
    for (const vehicle of await recentVehicles(db, organizationId, REGULARS_PER_ORGANIZATION, options.now)) {
      if (!isClass(vehicle.vehicleClass) || !isFuel(vehicle.fuel)) continue;
      const list = byClass.get(vehicle.vehicleClass) ?? [];
      list.push({ registration: vehicle.registration, fuel: vehicle.fuel });
      byClass.set(vehicle.vehicleClass, list);
    }
    regularsByOrganization.set(organizationId, byClass);
  }

  return stations.flatMap((row) => {
    const own: SimNozzle[] = nozzles
      .filter((nozzle) => nozzle.stationId === row.id && isFuel(nozzle.fuel))
      .map((nozzle) => ({
        id: nozzle.id,
        dispenserId: nozzle.dispenserId,
        dispenserCode: nozzle.dispenserCode,
        number: nozzle.number,
        fuel: nozzle.fuel as TFuel,
        lane: nozzle.lane,
      }));
    if (own.length === 0) return [];
    const byFuel = new Map<TFuel, SimNozzle[]>();
    for (const nozzle of own) byFuel.set(nozzle.fuel, [...(byFuel.get(nozzle.fuel) ?? []), nozzle]);
    const place = PLACE_BY_CITY.get(row.city) ?? DEFAULT_PLACE;
    const kind: StationKind =
      row.organizationKind === 'fleet_operator' ? 'captive' : place.highway ? 'highway' : 'urban';
    const stationPrices = new Map<TFuel, number>();
    for (const fuel of byFuel.keys()) {
      const [low, high] = PRICE_RANGES[fuel];
      stationPrices.set(fuel, prices.get(`${row.id}:${fuel}`) ?? Math.round(((low + high) / 2) * 100));
    }
    const station: SimStation = {
      id: row.id,
      organizationId: row.organizationId,
      slug: row.slug,
      kind,
      place,
      lanes: Math.max(1, row.lanes, ...own.map((nozzle) => nozzle.lane)),
      fillsPerDay: volumes.get(row.id) || DEFAULT_FILLS_PER_DAY,
      sells: new Set(byFuel.keys()),
      nozzlesByFuel: byFuel,
      nozzles: own,
      prices: stationPrices,
      classes: classPicker(kind),
      payments: paymentPickers(kind, kind === 'highway' ? 1.1 : 1),
      regulars: regularsByOrganization.get(row.organizationId) ?? new Map(),
      // Numbers for vehicles passing through; the space is the station's own, so a restart
      // hands out the same ones again (they are then simply vehicles that came back).
      registrations: new RegistrationSpace(hash32(options.seed, 'simulator', row.id) % 5_000_000),
    };
    return [station];
  });
}
