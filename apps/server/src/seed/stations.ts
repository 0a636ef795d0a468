import { fuelMask, type TFuel } from '@forecourt/contracts';
import { DISPENSER_MAKES, PLACES, type Place } from './catalog';
import type { DispenserModel, NozzleModel, OrgModel, SeedContext, StationModel } from './context';
import { slugify } from './names';
import { PriceTrack } from './prices';
import { Picker, type Random } from './random';
import { DAY, HOUR, istDate } from './time';
import { classPicker, hourPicker, paymentPickers, type StationKind } from './traffic';

/**
 * Stations and their equipment: where each one stands, what it sells, how busy it is (log-normal,
 * highway sites busier), its lanes, dispensers (multi-product dispensers, a CNG dispenser, an EV
 * charger) and nozzles. Only models are built here; `writeStations` emits the rows.
 */
export function buildStations(ctx: SeedContext): void {
  const usedSlugs = new Set<string>();
  const weights: number[] = [];
  for (const org of ctx.orgs) {
    const count = ctx.scale.stations[org.plan.key];
    const brands = Picker.fromRecord(org.plan.brands);
    for (let index = 0; index < count; index++) {
      const rng = ctx.rng.fork('station', org.plan.key, index);
      const placeKey = org.plan.places[index % org.plan.places.length] ?? 'delhi';
      const place = PLACES[placeKey] as Place;
      const kind: StationKind = org.plan.key === 'fleet' ? 'captive' : place.highway ? 'highway' : 'urban';
      const weight = rng.logNormal(0, 0.45) * (kind === 'highway' ? 1.5 : kind === 'captive' ? 0.7 : 1);
      weights.push(weight);
      const station = newStation(ctx, rng, org, index, place, kind, brands.pick(rng), usedSlugs);
      station.volume = weight; // normalised below
      org.stations.push(station);
      ctx.stations.push(station);
    }
  }
  const mean = weights.reduce((a, b) => a + b, 0) / Math.max(1, weights.length);
  for (const station of ctx.stations) station.volume = (station.volume / mean) * ctx.scale.fillsPerStationDay;
  for (const station of ctx.stations) equip(ctx, ctx.rng.fork('equipment', station.id), station);
  markOutages(ctx);
}

function newStation(
  ctx: SeedContext,
  rng: Random,
  org: OrgModel,
  index: number,
  place: Place,
  kind: StationKind,
  brand: string,
  usedSlugs: Set<string>,
): StationModel {
  // The n-th station of an organisation in a place takes the n-th locality, then "II", "III"…
  const nth = org.stations.filter((s) => s.place === place).length;
  const round = Math.floor(nth / place.localities.length);
  const baseLocality = place.localities[nth % place.localities.length] ?? place.name;
  const locality =
    round > 0 ? `${baseLocality} ${['', 'II', 'III', 'IV', 'V'][round] ?? round + 1}`.trim() : baseLocality;
  const depot = `${org.plan.short} Depot ${place.name}`;
  const name =
    kind !== 'captive' ? `${org.plan.short} ${locality}` : nth === 0 ? depot : `${depot} (${locality})`;
  let slug = slugify(name);
  for (let n = 2; usedSlugs.has(slug); n++) slug = `${slugify(name)}-${n}`;
  usedSlugs.add(slug);
  const fuels: TFuel[] = kind === 'captive' ? ['diesel'] : ['petrol', 'diesel'];
  if (kind !== 'captive' && rng.chance(kind === 'urban' ? 0.7 : 0.4)) fuels.push('premium');
  if (rng.chance(kind === 'captive' ? 0.3 : place.cngCity ? 0.55 : 0.12)) fuels.push('cng');
  if (kind !== 'captive' && rng.chance(kind === 'highway' ? 0.3 : 0.2)) fuels.push('ev');
  const spread = kind === 'urban' ? 0.06 : 0.02;
  return {
    id: ctx.ids.next('stations'),
    org,
    index,
    slug,
    name,
    code: `${org.plan.code}-${place.key.slice(0, 3).toUpperCase()}-${String(index + 1).padStart(3, '0')}`,
    brand,
    place,
    locality,
    kind,
    fuels,
    sells: new Set(fuels),
    lanes: kind === 'urban' ? rng.int(2, 4) : kind === 'highway' ? rng.int(3, 4) : 2,
    status: 'operational',
    stopsAt: null,
    volume: 0,
    lat: round6(place.lat + rng.float(-spread, spread)),
    lng: round6(place.lng + rng.float(-spread, spread)),
    dispensers: [],
    nozzles: [],
    nozzlesByFuel: new Map(),
    hours: hourPicker(kind),
    classes: classPicker(kind),
    payments: paymentPickers(kind, kind === 'highway' ? 1.1 : 1),
    attendants: [[], [], []],
    managerName: '',
    prices: new PriceTrack(rng, place, brand, fuels),
  };
}

const round6 = (value: number) => Math.round(value * 1e6) / 1e6;

/** Dispensers (2–8) spread over the lanes, each with 2–4 nozzles; every fuel sold gets a nozzle. */
function equip(ctx: SeedContext, rng: Random, station: StationModel): void {
  const liquids = station.fuels.filter((f) => f === 'petrol' || f === 'diesel' || f === 'premium');
  const special = station.fuels.filter((f) => f === 'cng' || f === 'ev');
  const wanted = Math.round(station.volume / 70) + (station.kind === 'highway' ? 2 : 0);
  const mpds = Math.max(Math.max(1, 2 - special.length), Math.min(8 - special.length, wanted));
  const plans: TFuel[][] = [];
  for (let d = 0; d < mpds; d++) {
    if (liquids.length === 1) plans.push(rng.chance(0.5) ? [liquids[0]!, liquids[0]!] : [liquids[0]!]);
    else if (station.kind === 'highway' && d === mpds - 1)
      plans.push(['diesel', 'diesel']); // high-speed diesel
    else {
      const set: TFuel[] = ['petrol', 'diesel'];
      if (liquids.includes('premium') && (d === 0 || rng.chance(0.4))) set.push('premium');
      if (rng.chance(0.35) && set.length < 4) set.push(rng.pick(['petrol', 'diesel'] as const));
      plans.push(set);
    }
  }
  for (const fuel of special) plans.push([fuel, fuel]);
  const make = rng.pick(DISPENSER_MAKES);
  station.lanes = Math.min(station.lanes, plans.length);
  plans.forEach((fuels, d) => {
    const dispenser: DispenserModel = {
      id: ctx.ids.next('dispensers'),
      code: `D${d + 1}`,
      lane: (d % station.lanes) + 1,
      make: rng.chance(0.7) ? make : rng.pick(DISPENSER_MAKES),
      status: 'idle',
      faultSince: null,
    };
    station.dispensers.push(dispenser);
    fuels.forEach((fuel, n) => {
      const nozzle: NozzleModel = {
        id: ctx.ids.next('nozzles'),
        dispenser,
        number: n + 1,
        side: n % 2 === 0 ? 'A' : 'B',
        fuel,
        status: 'idle',
        totalizerMilli: rng.int(5_000, 900_000) * 1000,
      };
      station.nozzles.push(nozzle);
      const list = station.nozzlesByFuel.get(fuel) ?? [];
      list.push(nozzle);
      station.nozzlesByFuel.set(fuel, list);
    });
  });
}

/**
 * A few stations are not fully operational right now: a dispenser fault (degraded), an OMC site
 * offline for a few hours, and at larger scales one OMC site closed some weeks ago.
 */
function markOutages(ctx: SeedContext): void {
  const rng = ctx.rng.fork('outages');
  for (const station of ctx.stations) {
    if (station.dispensers.length < 3 || !rng.chance(0.12)) continue;
    const dispenser = station.dispensers[station.dispensers.length - 2]!;
    dispenser.status = rng.weighted(['maintenance', 'fault', 'offline'], [5, 3, 2]);
    dispenser.faultSince = ctx.now - rng.int(1, 30) * HOUR;
    station.status = 'degraded';
    for (const nozzle of station.nozzles)
      if (nozzle.dispenser === dispenser) nozzle.status = dispenser.status === 'fault' ? 'fault' : 'disabled';
  }
  const omc = ctx.orgs.find((o) => o.plan.key === 'omc');
  const offline = omc?.stations[5];
  if (offline) {
    offline.status = 'offline';
    offline.stopsAt = ctx.now - rng.int(2, 5) * HOUR;
  }
  const closed = omc?.stations[13];
  if (closed && ctx.scale.days > 30) {
    closed.status = 'closed';
    closed.stopsAt = ctx.now - rng.int(10, 25) * DAY;
  }
}

/** Stations and dispensers rows (nozzles come at the end, with their final totalizers). */
export function writeStations(ctx: SeedContext): void {
  const created = ctx.firstDay - 400 * DAY;
  for (const s of ctx.stations) {
    const rng = ctx.rng.fork('station-row', s.id);
    const pincode = String(rng.int(s.place.pin[0], s.place.pin[1]));
    ctx.sinks.stations.pushObject({
      id: s.id,
      organization_id: s.org.id,
      slug: s.slug,
      name: s.name,
      code: s.code,
      fuel_provider: s.brand,
      fuel_mask: fuelMask(s.fuels),
      status: s.status,
      city: s.place.name,
      state: s.place.state,
      address: `${s.kind === 'urban' ? `Plot ${rng.int(1, 240)}, ` : `Km ${rng.int(12, 380)}, `}${s.locality}, ${s.place.name}`,
      pincode,
      lat: s.lat,
      lng: s.lng,
      lanes: s.lanes,
      dispenser_count: s.dispensers.length,
      opened_on: istDate(Date.UTC(rng.int(1994, 2021), rng.int(0, 11), rng.int(1, 28))),
      created_at: created,
      updated_at: ctx.now,
    });
  }
}

export function writeDispensers(ctx: SeedContext): void {
  for (const s of ctx.stations) {
    const rng = ctx.rng.fork('dispenser-rows', s.id);
    for (const d of s.dispensers) {
      const installed = Date.UTC(rng.int(2008, 2023), rng.int(0, 11), rng.int(1, 28));
      ctx.sinks.dispensers.push([
        d.id,
        s.org.id,
        s.id,
        d.code,
        d.lane,
        d.make,
        d.status,
        istDate(installed),
        ctx.firstDay - 400 * DAY,
        d.faultSince ?? ctx.now,
      ]);
    }
  }
}

export function writeNozzles(ctx: SeedContext): void {
  for (const s of ctx.stations) {
    for (const n of s.nozzles) {
      ctx.sinks.nozzles.push([
        n.id,
        s.org.id,
        s.id,
        n.dispenser.id,
        n.number,
        n.side,
        n.fuel,
        n.status,
        n.totalizerMilli,
        ctx.firstDay - 400 * DAY,
        ctx.now,
      ]);
    }
  }
}

/** Organisation fuel set: the union of its stations'. */
export function orgFuelMask(org: OrgModel): number {
  return fuelMask([...new Set(org.stations.flatMap((s) => s.fuels))]);
}
