import type { CustomerKind, CustomerModel, OrgModel, SeedContext, StationModel } from './context';
import { businessName, mobile, personName, slugify } from './names';
import { DAY, istDate, istDayStart } from './time';

/**
 * Station personnel (manager, supervisors, attendants — DSMs — cashiers, a technician and night
 * security, on morning, evening, night and general shifts) and the organisations' fleet and
 * business customers. Individual customers are created with the vehicle pools (a share of
 * regular visitors join the loyalty programme).
 */
const SHIFTS = ['morning', 'evening', 'night'] as const;

export function writePersonnel(ctx: SeedContext): void {
  for (const station of ctx.stations) {
    const rng = ctx.rng.fork('personnel', station.id);
    const add = (role: string, shift: string, status = 'active') => {
      const joined = istDayStart(ctx.now - rng.int(20, 3_600) * DAY);
      const id = ctx.ids.next('personnel');
      const name = personName(rng);
      ctx.sinks.personnel.push([
        id,
        station.org.id,
        station.id,
        name,
        role,
        mobile(rng),
        shift,
        status,
        istDate(joined),
        joined,
        ctx.now,
      ]);
      return { id, name };
    };
    station.managerName = add('manager', 'general').name;
    const supervisors = station.volume > 400 ? 3 : station.volume > 150 ? 2 : 1;
    for (let i = 0; i < supervisors; i++) add('supervisor', SHIFTS[i % 3]!);
    const perShift = Math.max(2, Math.min(12, Math.round(station.volume / 45)));
    SHIFTS.forEach((shift, s) => {
      const count = s === 2 ? Math.max(1, Math.round(perShift / 3)) : perShift;
      for (let i = 0; i < count; i++) {
        const status = rng.chance(0.06) ? 'on_leave' : 'active';
        const person = add('attendant', shift, status);
        if (status === 'active') station.attendants[s]!.push(person.id);
      }
      if (station.attendants[s]!.length === 0) station.attendants[s]!.push(add('attendant', shift).id);
    });
    for (let i = 0; i < (station.volume > 300 ? 2 : 1); i++) add('cashier', SHIFTS[i]!);
    if (station.dispensers.length >= 4 || rng.chance(0.3)) add('technician', 'general');
    if (station.kind !== 'urban') add('security', 'night');
    if (rng.chance(0.3)) add('attendant', rng.pick(SHIFTS), 'inactive');
  }
}

/** Which shift is on duty at an IST hour: 0 morning 06–14, 1 evening 14–22, 2 night 22–06. */
export function shiftAt(hour: number): 0 | 1 | 2 {
  return hour >= 6 && hour < 14 ? 0 : hour >= 14 && hour < 22 ? 1 : 2;
}

/** Fleet and business customers of every organisation (the fleet operator's are its own hubs). */
export function buildBusinessCustomers(ctx: SeedContext): void {
  for (const org of ctx.orgs) {
    const rng = ctx.rng.fork('business-customers', org.plan.key);
    const n = org.stations.length;
    if (org.plan.key === 'fleet') {
      for (const station of org.stations)
        addCustomer(ctx, org, 'fleet', `${org.plan.name} — ${station.place.name} Hub`, station);
      addCustomer(ctx, org, 'business', `${org.plan.name} — Contract Logistics`, org.stations[0] ?? null);
      continue;
    }
    const names = new Set<string>();
    const unique = (kind: 'fleet' | 'business') => {
      let name = businessName(rng, kind);
      while (names.has(name)) name = businessName(rng, kind);
      names.add(name);
      return name;
    };
    for (let i = 0; i < Math.max(2, Math.ceil(n * 0.8)); i++)
      addCustomer(ctx, org, 'fleet', unique('fleet'), rng.pick(org.stations));
    for (let i = 0; i < Math.max(2, Math.ceil(n * 0.5)); i++) {
      addCustomer(ctx, org, 'business', unique('business'), rng.pick(org.stations));
    }
  }
}

export function addCustomer(
  ctx: SeedContext,
  org: OrgModel,
  kind: CustomerKind,
  name: string,
  homeStation: StationModel | null,
): CustomerModel {
  const customer: CustomerModel = { id: ctx.ids.next('customers'), kind, name, homeStation, cardIds: [] };
  org.customers.push(customer);
  if (kind !== 'individual') org.accounts.push(customer);
  return customer;
}

export function writeCustomers(ctx: SeedContext): void {
  for (const org of ctx.orgs) {
    const rng = ctx.rng.fork('customer-rows', org.plan.key);
    for (const c of org.customers) {
      const since = istDayStart(ctx.firstDay - rng.int(1, 900) * DAY) + rng.int(9, 20) * 3_600_000;
      const email =
        c.kind === 'individual'
          ? rng.chance(0.6)
            ? `${slugify(c.name).replace(/-/g, '.')}${rng.int(1, 99)}@mail.example`
            : null
          : `accounts@${slugify(c.name)}.example`;
      ctx.sinks.customers.push([
        c.id,
        org.id,
        c.name,
        c.kind,
        mobile(rng),
        email,
        c.homeStation?.id ?? null,
        since,
        since,
      ]);
    }
  }
}
