import { hashPassword } from '../modules/auth/password';
import type { OrgModel, SeedContext, StationModel } from './context';
import { DEMO_ACCOUNTS, MEMBER_STATION_INDEXES } from './demo-accounts';
import { splitName } from './names';
import { ORG_PLANS } from './plan';
import { hash32 } from './random';
import { RegistrationSpace } from './registrations';
import { orgFuelMask } from './stations';
import { DAY } from './time';

/** The organisation models (ids, registration spaces); rows are written once stations are known. */
export function buildOrganizations(ctx: SeedContext): void {
  for (const plan of ORG_PLANS) {
    ctx.orgs.push({
      plan,
      id: ctx.ids.next('organizations'),
      stations: [],
      staff: [],
      programId: 0,
      registrations: new RegistrationSpace(hash32(ctx.rng.seed, 'registrations', plan.key) % 5_000_000),
      customers: [],
      accounts: [],
      incidentNumber: 1,
    });
  }
}

export function writeOrganizations(ctx: SeedContext): void {
  const created = ctx.firstDay - 400 * DAY;
  for (const org of ctx.orgs) {
    ctx.sinks.organizations.pushObject({
      id: org.id,
      slug: org.plan.slug,
      name: org.plan.name,
      kind: org.plan.kind,
      is_fuel_provider: org.plan.isFuelProvider ? 1 : 0,
      fuel_mask: orgFuelMask(org),
      settings: JSON.stringify({ timezone: 'Asia/Kolkata', currency: 'INR', locale: 'en-IN' }),
      created_at: created,
      updated_at: created,
    });
  }
}

type UserRow = { first: string; last: string; email: string; hash: string | null };

/**
 * Users and memberships: the demo accounts (argon2id hashes of the demo password) plus a few
 * staff users per organisation without a password, who appear as incident assignees and deciders.
 */
export async function writeUsers(ctx: SeedContext): Promise<void> {
  const rng = ctx.rng.fork('users');
  const created = ctx.firstDay - 120 * DAY;
  const emails = new Set<string>();
  const memberships: {
    org: OrgModel;
    userId: number;
    role: string;
    all: boolean;
    stations: StationModel[];
  }[] = [];
  const addUser = (
    org: OrgModel,
    user: UserRow,
    role: string,
    all: boolean,
    stations: StationModel[] = [],
  ) => {
    const id = ctx.ids.next('users');
    emails.add(user.email);
    ctx.sinks.users.push([id, user.email, user.hash, user.first, user.last, created, null, created, created]);
    org.staff.push({ id, name: `${user.first} ${user.last}`, email: user.email });
    memberships.push({ org, userId: id, role, all, stations });
  };
  // argon2id runs on libuv's pool: hash the demo accounts in parallel.
  const hashes = await Promise.all(DEMO_ACCOUNTS.map((account) => hashPassword(account.password)));
  DEMO_ACCOUNTS.forEach((account, i) => {
    const org = ctx.orgs.find((o) => o.plan.slug === account.organization);
    if (!org) return;
    const stations = account.allStations
      ? []
      : MEMBER_STATION_INDEXES.map((n) => org.stations[n]).filter((s): s is StationModel => s !== undefined);
    const user = {
      first: account.firstName,
      last: account.lastName,
      email: account.email,
      hash: hashes[i] ?? null,
    };
    addUser(org, user, account.role, account.allStations, stations);
  });
  for (const org of ctx.orgs) {
    const count = org.plan.key === 'fleet' ? 2 : 3;
    for (let i = 0; i < count; i++) {
      const { first, last } = splitName(rng);
      let email = `${first}.${last}@${org.plan.domain}`.toLowerCase();
      for (let n = 2; emails.has(email); n++) email = `${first}.${last}${n}@${org.plan.domain}`.toLowerCase();
      addUser(
        org,
        { first, last, email, hash: null },
        i === 0 && org.staff.length === 0 ? 'admin' : 'member',
        true,
      );
    }
  }
  await ctx.writer.flush();
  const links: { membership: number; station: number; org: number }[] = [];
  for (const m of memberships) {
    const id = ctx.ids.next('memberships');
    ctx.sinks.memberships.push([
      id,
      m.org.id,
      m.userId,
      m.role,
      null,
      'active',
      m.all ? 1 : 0,
      created,
      created,
    ]);
    for (const s of m.stations) links.push({ membership: id, station: s.id, org: m.org.id });
  }
  await ctx.writer.flush();
  for (const link of links) ctx.sinks.membership_stations.push([link.membership, link.station, link.org]);
}
