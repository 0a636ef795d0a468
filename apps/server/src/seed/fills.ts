import type { TFuel, TPaymentMode, TVehicleClass } from '@forecourt/contracts';
import type { CustomerModel, NozzleModel, SeedContext, StationModel } from './context';
import type { LoyaltyBook } from './loyalty';
import type { DayFacts } from './operations';
import { PaymentWriter } from './payments';
import { shiftAt } from './people';
import type { Random } from './random';
import { pickOrigin } from './registrations';
import type { SalesRollup } from './rollup';
import { istHour } from './time';
import { fillSeconds, fillSize, fuelAt, vehicleFuel } from './traffic';
import { EV_SHARE, type PoolVehicle, transientShare, type VehiclePools } from './vehicles';

/**
 * One forecourt visit at a time. A fill picks a vehicle (a regular from the pool or one passing
 * through), its fuel and nozzle, the quantity and the day's price (the previous day's before
 * 06:00), how it is paid, and writes the transaction, its payments, the ANPR sighting, loyalty
 * points and rollup totals. A pass-by is an ANPR read of a vehicle that leaves without buying.
 */
export class FillWriter {
  private readonly payments: PaymentWriter;
  transactions = 0;

  constructor(
    private readonly ctx: SeedContext,
    private readonly pools: VehiclePools,
    private readonly loyalty: LoyaltyBook,
    private readonly rollup: SalesRollup,
  ) {
    this.payments = new PaymentWriter(ctx);
  }

  /** One visit that ends in a sale. */
  fill(rng: Random, station: StationModel, t: number, facts: DayFacts, driveOff: boolean): void {
    const { ctx } = this;
    const org = station.org;
    const vehicleClass = station.classes.pick(rng);
    const ev = vehicleClass === 'car' && station.sells.has('ev') && rng.chance(EV_SHARE);
    let vehicle: PoolVehicle | null = null;
    if (ev) vehicle = this.pools.pick(rng, station, 'ev');
    else if (!rng.chance(transientShare(station.kind, vehicleClass)))
      vehicle = this.pools.pick(rng, station, vehicleClass);
    const baseFuel: TFuel = vehicle
      ? vehicle.fuel
      : ev
        ? 'ev'
        : vehicleFuel(rng, vehicleClass, station.place.cngCity);
    const fuel = fuelAt(
      baseFuel,
      vehicleClass,
      vehicle ? vehicle.prefersPremium : rng.chance(0.05),
      station.sells,
    );
    const nozzle = pickNozzle(rng, station, fuel, t);
    if (!nozzle) return;
    const hour = istHour(t);
    const price = station.prices.priceAt(fuel, hour);
    const size = fillSize(rng, vehicleClass, fuel, station.place.region);
    const milli = 'milli' in size ? size.milli : Math.round((size.presetPaise * 1000) / price);
    const amount = 'milli' in size ? Math.round((milli * price) / 1000) : size.presetPaise;
    const ended = t + fillSeconds(rng, vehicleClass, fuel, milli) * 1000;
    // A drive-off is booked as an unpaid cash sale; the customer never shows up at the counter.
    const { mode, customer } = driveOff
      ? { mode: 'cash' as const, customer: null }
      : paymentMode(rng, station, vehicleClass, vehicle);
    const read = rng.chance(vehicleClass === '2w' ? 0.9 : 0.96);
    const known = read || (vehicle !== null && vehicle.link !== null && vehicle.link !== 'loyalty');
    const registration = known
      ? (vehicle?.registration ?? this.newRegistration(rng, station, vehicleClass))
      : null;
    const attendants = station.attendants[shiftAt(hour)];
    const id = ctx.ids.next('transactions');
    let leftAt = ended + rng.int(5, 20) * 1000; // a drive-off leaves straight after the fill
    ctx.sinks.transactions.push([
      id,
      org.id,
      station.id,
      nozzle.dispenser.id,
      nozzle.id,
      fuel,
      t,
      ended,
      milli,
      price,
      amount,
      mode,
      driveOff ? 'unpaid' : 'completed',
      registration,
      vehicleClass,
      customer?.id ?? null,
      attendants && attendants.length > 0 ? rng.pick(attendants) : null,
    ]);
    this.transactions++;
    nozzle.totalizerMilli += milli;
    this.rollup.add(station, t, fuel, mode, milli, amount);
    facts.fills++;
    if (driveOff) {
      const { dispenser } = nozzle;
      facts.driveOff = {
        registration,
        at: t,
        amountPaise: amount,
        fuel,
        dispenser: dispenser.code,
        dispenserId: dispenser.id,
      };
    } else {
      const failuresBefore = this.payments.failures;
      const paidAt = this.payments.write(rng, station, id, ended, mode, amount, vehicle, customer);
      if (this.payments.failures > failuresBefore) {
        facts.failedPayments += this.payments.failures - failuresBefore;
        facts.lastFailureAt = paidAt;
      }
      this.loyalty.onFill(rng, station, id, paidAt, amount, mode, vehicle);
      leftAt = paidAt + rng.int(15, 60) * 1000;
    }
    if (registration === null) return;
    if (!read) {
      // Known from the card, not from the camera: no sighting, but the vehicle was here.
      this.seen(station, vehicle, registration, vehicleClass, baseFuel, t, leftAt);
      return;
    }
    const seenAt = t - rng.int(40, 300) * 1000;
    ctx.sinks.vehicle_sightings.push([
      ctx.ids.next('vehicle_sightings'),
      org.id,
      station.id,
      registration,
      vehicleClass,
      seenAt,
      nozzle.dispenser.lane,
      rng.int(82, 99),
      Math.round((leftAt - seenAt) / 1000),
      id,
    ]);
    this.seen(station, vehicle, registration, vehicleClass, baseFuel, seenAt, leftAt);
    if (vehicle?.watchlisted && !facts.watchHit) facts.watchHit = { registration, at: seenAt };
  }

  /** An ANPR read of a vehicle that drives through without buying (queue too long, air and water…). */
  passBy(rng: Random, station: StationModel, t: number): void {
    const vehicleClass = station.classes.pick(rng);
    const vehicle = rng.chance(0.7) ? this.pools.pick(rng, station, vehicleClass) : null;
    const fuel = vehicle?.fuel ?? vehicleFuel(rng, vehicleClass, station.place.cngCity);
    const registration = vehicle?.registration ?? this.newRegistration(rng, station, vehicleClass);
    const dwell = rng.int(20, 420);
    const org = station.org;
    this.ctx.sinks.vehicle_sightings.push([
      this.ctx.ids.next('vehicle_sightings'),
      org.id,
      station.id,
      registration,
      vehicleClass,
      t,
      rng.int(1, station.lanes),
      rng.int(70, 99),
      dwell,
      null,
    ]);
    this.seen(station, vehicle, registration, vehicleClass, fuel, t, t + dwell * 1000);
  }

  private newRegistration(rng: Random, station: StationModel, vehicleClass: TVehicleClass): string {
    const roaming =
      station.kind === 'highway'
        ? vehicleClass === 'truck'
          ? 0.9
          : 0.5
        : vehicleClass === 'truck'
          ? 0.5
          : 0.1;
    return station.org.registrations.next(
      pickOrigin(rng, station.place, vehicleClass, roaming),
      vehicleClass,
    );
  }

  /** Keeps first/last seen of regulars; a vehicle passing once gets its vehicles row right away. */
  private seen(
    station: StationModel,
    vehicle: PoolVehicle | null,
    registration: string,
    vehicleClass: TVehicleClass,
    fuel: TFuel,
    from: number,
    to: number,
  ): void {
    if (vehicle) {
      if (vehicle.firstSeen === 0 || from < vehicle.firstSeen) vehicle.firstSeen = from;
      if (to > vehicle.lastSeen) vehicle.lastSeen = to;
      return;
    }
    this.ctx.sinks.vehicles.push([
      this.ctx.ids.next('vehicles'),
      station.org.id,
      registration,
      vehicleClass,
      fuel,
      null,
      from,
      to,
      0,
      from,
      to,
    ]);
  }
}

function pickNozzle(rng: Random, station: StationModel, fuel: TFuel, t: number): NozzleModel | null {
  const nozzles = station.nozzlesByFuel.get(fuel);
  if (!nozzles || nozzles.length === 0) return null;
  for (let attempt = 0; attempt < 4; attempt++) {
    const nozzle = rng.pick(nozzles);
    const since = nozzle.dispenser.faultSince;
    if (since === null || t < since) return nozzle;
  }
  return nozzles.find((n) => n.dispenser.faultSince === null || t < n.dispenser.faultSince) ?? null;
}

/** How a fill is paid, and the customer account it is booked to (credit goes to a business account). */
function paymentMode(
  rng: Random,
  station: StationModel,
  vehicleClass: TVehicleClass,
  vehicle: PoolVehicle | null,
): { mode: TPaymentMode; customer: CustomerModel | null } {
  const customer = vehicle?.customer ?? null;
  if (vehicle?.link === 'fleet' && rng.chance(0.88)) return { mode: 'fleet_card', customer };
  if (vehicle?.link === 'corporate' && rng.chance(0.8)) return { mode: 'credit', customer };
  if (vehicle?.link === 'loyalty' && rng.chance(0.25)) return { mode: 'loyalty', customer };
  const mode = station.payments[vehicleClass].pick(rng);
  if (mode === 'credit' && customer?.kind !== 'business' && customer?.kind !== 'fleet') {
    return { mode, customer: rng.pick(station.org.accounts) ?? null };
  }
  return { mode, customer };
}
