import { type TFuel, type TVehicleClass, VEHICLE_CLASSES } from '@forecourt/contracts';
import type { CustomerModel, OrgModel, SeedContext, StationModel } from './context';
import { personName } from './names';
import { addCustomer } from './people';
import type { Random } from './random';
import { pickOrigin } from './registrations';
import { classShare, type StationKind, vehicleFuel } from './traffic';

/**
 * Vehicles that come back: per organisation, city and class a pool sized so that each vehicle
 * returns every few days (two-wheelers ~5, cars ~7, trucks ~4), with a skew so some regulars come
 * far more often than others. Some pool vehicles belong to fleet customers (fleet card), to
 * corporate accounts (credit) or to loyalty members (loyalty card). Vehicles passing through once
 * (long-haul trucks on highways, visitors) are not pooled; the sales loop makes them up as needed.
 */
export type PoolVehicle = {
  registration: string;
  vehicleClass: TVehicleClass;
  fuel: TFuel;
  prefersPremium: boolean;
  link: 'fleet' | 'corporate' | 'loyalty' | null;
  customer: CustomerModel | null;
  cardId: number | null;
  cardLast4: string | null;
  watchlisted: boolean;
  /** Epoch ms of the first and last visit seen (0 = never seen). */
  firstSeen: number;
  lastSeen: number;
};

const REVISIT_DAYS: Record<TVehicleClass, number> = { '2w': 5, '3w': 2, car: 7, lcv: 3, truck: 4, bus: 2 };

/** Share of a class's fills from vehicles that are not regulars, by site kind. */
const TRANSIENT: Record<StationKind, Record<TVehicleClass, number>> = {
  urban: { '2w': 0.15, '3w': 0.1, car: 0.3, lcv: 0.3, truck: 0.5, bus: 0.3 },
  highway: { '2w': 0.3, '3w': 0.2, car: 0.6, lcv: 0.5, truck: 0.8, bus: 0.5 },
  captive: { '2w': 0, '3w': 0, car: 0, lcv: 0, truck: 0, bus: 0 },
};

export function transientShare(kind: StationKind, vehicleClass: TVehicleClass): number {
  return TRANSIENT[kind][vehicleClass];
}

export class VehiclePools {
  private readonly pools = new Map<string, PoolVehicle[]>();

  /** Pool key: the fleet operator's vehicles roam between its depots, others stay in their city. */
  key(station: StationModel, pool: TVehicleClass | 'ev'): string {
    return station.org.plan.key === 'fleet'
      ? `${station.org.id}|*|${pool}`
      : `${station.org.id}|${station.place.key}|${pool}`;
  }

  /** A regular of this class near the station, or null when the pool is empty. */
  pick(rng: Random, station: StationModel, pool: TVehicleClass | 'ev'): PoolVehicle | null {
    const vehicles = this.pools.get(this.key(station, pool));
    if (!vehicles || vehicles.length === 0) return null;
    const u = rng.next();
    return vehicles[Math.floor(vehicles.length * u * u)] ?? null;
  }

  all(): IterableIterator<[string, PoolVehicle[]]> {
    return this.pools.entries();
  }

  build(ctx: SeedContext): void {
    for (const org of ctx.orgs) {
      const rng = ctx.rng.fork('pools', org.plan.key);
      const accounts = {
        fleets: org.customers.filter((c) => c.kind === 'fleet'),
        corporates: org.customers.filter((c) => c.kind === 'business'),
      };
      const demand = new Map<string, { station: StationModel; daily: number; pool: TVehicleClass | 'ev' }>();
      for (const station of org.stations) {
        for (const vehicleClass of VEHICLE_CLASSES) {
          const share =
            classShare(station.kind, vehicleClass) * (1 - transientShare(station.kind, vehicleClass));
          const key = this.key(station, vehicleClass);
          const entry = demand.get(key) ?? { station, daily: 0, pool: vehicleClass };
          entry.daily += station.volume * share * REVISIT_DAYS[vehicleClass];
          demand.set(key, entry);
        }
        if (station.sells.has('ev')) {
          const key = this.key(station, 'ev');
          const entry = demand.get(key) ?? { station, daily: 0, pool: 'ev' };
          entry.daily += station.volume * classShare(station.kind, 'car') * EV_SHARE * 6;
          demand.set(key, entry);
        }
      }
      for (const [key, { station, daily, pool }] of demand) {
        if (daily < 0.5) continue;
        const size = Math.max(3, Math.round(daily));
        const vehicles: PoolVehicle[] = [];
        for (let i = 0; i < size; i++) vehicles.push(newPoolVehicle(ctx, rng, org, station, pool, accounts));
        this.pools.set(key, vehicles);
      }
    }
  }
}

/** Share of car fills at EV-equipped stations that are EV charging sessions. */
export const EV_SHARE = 0.06;

function newPoolVehicle(
  ctx: SeedContext,
  rng: Random,
  org: OrgModel,
  station: StationModel,
  pool: TVehicleClass | 'ev',
  { fleets, corporates }: { fleets: CustomerModel[]; corporates: CustomerModel[] },
): PoolVehicle {
  const vehicleClass: TVehicleClass = pool === 'ev' ? 'car' : pool;
  const fuel: TFuel = pool === 'ev' ? 'ev' : vehicleFuel(rng, vehicleClass, station.place.cngCity);
  const captive = org.plan.key === 'fleet';
  const roaming = captive || vehicleClass === 'truck' ? 0.6 : 0;
  const registration = org.registrations.next(
    pickOrigin(rng, station.place, vehicleClass, roaming),
    vehicleClass,
  );
  const vehicle: PoolVehicle = {
    registration,
    vehicleClass,
    fuel,
    prefersPremium: fuel === 'petrol' && rng.chance(vehicleClass === 'car' ? 0.12 : 0.05),
    link: null,
    customer: null,
    cardId: null,
    cardLast4: null,
    watchlisted: rng.chance(0.001),
    firstSeen: 0,
    lastSeen: 0,
  };
  const heavy = vehicleClass === 'truck' || vehicleClass === 'bus' || vehicleClass === 'lcv';
  if (captive || (heavy && rng.chance(vehicleClass === 'lcv' ? 0.12 : 0.2))) {
    vehicle.link = 'fleet';
    vehicle.customer = rng.pick(fleets) ?? null;
  } else if ((vehicleClass === 'lcv' && rng.chance(0.1)) || (vehicleClass === 'car' && rng.chance(0.03))) {
    vehicle.link = 'corporate';
    vehicle.customer = rng.pick(corporates) ?? null;
  } else if ((vehicleClass === 'car' && rng.chance(0.15)) || (vehicleClass === '2w' && rng.chance(0.1))) {
    vehicle.link = 'loyalty';
    vehicle.customer = addCustomer(ctx, org, 'individual', personName(rng), station);
  }
  if (vehicle.link === 'fleet' || vehicle.link === 'loyalty') {
    vehicle.cardId = ctx.ids.next('cards');
    vehicle.cardLast4 = rng.digits(4);
    vehicle.customer?.cardIds.push(vehicle.cardId);
  }
  return vehicle;
}

/** Vehicles rows for every pool vehicle that was seen (transients are written as they pass). */
export function writePoolVehicles(ctx: SeedContext, pools: VehiclePools): void {
  for (const [key, vehicles] of pools.all()) {
    const orgId = Number(key.split('|')[0]);
    for (const v of vehicles) {
      if (v.firstSeen === 0) continue;
      ctx.sinks.vehicles.push([
        ctx.ids.next('vehicles'),
        orgId,
        v.registration,
        v.vehicleClass,
        v.fuel,
        v.customer?.id ?? null,
        v.firstSeen,
        v.lastSeen,
        v.watchlisted ? 1 : 0,
        v.firstSeen,
        v.lastSeen,
      ]);
    }
  }
}
