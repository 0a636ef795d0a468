import type { CustomerModel, OrgModel, SeedContext } from './context';
import type { Random } from './random';
import { pickOrigin } from './registrations';
import { DAY, HOUR } from './time';
import type { VehiclePools } from './vehicles';

/**
 * Cards: a fleet card per fleet vehicle and a loyalty card per member's vehicle (both made with
 * the vehicle pools), prepaid cards for business accounts, new fleet cards still waiting for
 * activation, and a couple of test cards per organisation. Card activation requests follow the
 * fleet-card process: pending for newly issued cards, approved or rejected for older ones.
 */
const YEAR = 365 * DAY;

export type CardRow = {
  id: number;
  org: OrgModel;
  customer: CustomerModel | null;
  kind: 'fleet' | 'loyalty' | 'prepaid';
  last4: string;
  registration: string | null;
  status: string;
  daily: number;
  balance: number;
  isTest: boolean;
  issuedAt: number;
};

export function writeCards(ctx: SeedContext, pools: VehiclePools): CardRow[] {
  const rng = ctx.rng.fork('cards');
  const orgById = new Map(ctx.orgs.map((o) => [o.id, o]));
  const rows: CardRow[] = [];
  for (const [key, vehicles] of pools.all()) {
    const org = orgById.get(Number(key.split('|')[0]));
    if (!org) continue;
    for (const v of vehicles) {
      if (v.cardId === null || v.cardLast4 === null) continue;
      const fleet = v.link === 'fleet';
      const status = rng.weighted(['active', 'blocked', 'expired'], [94, 4, 2]);
      rows.push({
        id: v.cardId,
        org,
        customer: v.customer,
        kind: fleet ? 'fleet' : 'loyalty',
        last4: v.cardLast4,
        registration: v.registration,
        status,
        daily: fleet ? rng.int(15, 50) * 1_000_00 : 10_000_00,
        balance: fleet ? rng.int(5, 2_000) * 100_00 : 0,
        isTest: false,
        issuedAt:
          status === 'expired'
            ? ctx.now - 3 * YEAR + rng.int(1, 40) * DAY
            : ctx.now - rng.int(30, 1_000) * DAY,
      });
    }
  }
  for (const org of ctx.orgs) {
    const fleets = org.customers.filter((c) => c.kind === 'fleet');
    const corporates = org.customers.filter((c) => c.kind === 'business');
    const extra = (
      kind: CardRow['kind'],
      customer: CustomerModel | null,
      status: string,
      isTest = false,
    ): CardRow => ({
      id: ctx.ids.next('cards'),
      org,
      customer,
      kind,
      last4: isTest ? rng.pick(['0000', '4242']) : rng.digits(4),
      registration: null,
      status,
      daily: kind === 'prepaid' ? 25_000_00 : 20_000_00,
      balance: kind === 'prepaid' ? rng.int(5, 500) * 100_00 : 0,
      isTest,
      issuedAt: status === 'issued' ? ctx.now - rng.int(6, 240) * HOUR : ctx.now - rng.int(30, 900) * DAY,
    });
    const newCards = Math.max(2, Math.round(org.stations.length / 3));
    for (let i = 0; i < newCards; i++) {
      const card = extra('fleet', rng.pick(fleets) ?? null, 'issued');
      const station = rng.pick(org.stations);
      if (station)
        card.registration = org.registrations.next(pickOrigin(rng, station.place, 'truck', 0.3), 'truck');
      rows.push(card);
    }
    for (const customer of corporates.slice(0, Math.max(1, Math.ceil(org.stations.length / 2)))) {
      rows.push(extra('prepaid', customer, rng.weighted(['active', 'blocked'], [9, 1])));
    }
    rows.push(extra('loyalty', null, 'active', true), extra('fleet', null, 'active', true));
  }
  for (const card of rows) {
    const created = card.issuedAt;
    ctx.sinks.cards.push([
      card.id,
      card.org.id,
      card.org.programId,
      card.customer?.id ?? null,
      card.kind,
      card.last4,
      card.registration,
      card.status,
      card.daily,
      card.daily * 25,
      card.balance,
      card.isTest ? 1 : 0,
      card.issuedAt,
      card.issuedAt + 3 * YEAR,
      created,
      card.status === 'blocked' ? ctx.now - rng.int(1, 20) * DAY : created,
    ]);
  }
  return rows;
}

/** Activation requests; written after the cards are stored (they reference them). */
export function writeCardRequests(ctx: SeedContext, cards: readonly CardRow[]): void {
  const rng = ctx.rng.fork('card-requests');
  for (const card of cards) {
    if (card.isTest || card.kind === 'loyalty') continue;
    const requester = card.customer?.name ?? card.org.plan.name;
    if (card.status === 'issued') {
      const at = card.issuedAt + rng.int(1, 5) * HOUR;
      if (at < ctx.now) push(ctx, rng, card, requester, at, 'pending', null, null);
      continue;
    }
    const roll = rng.next();
    if (roll > 0.2) continue;
    const at = card.issuedAt + rng.int(2, 21) * DAY;
    if (at >= ctx.now) continue;
    const decided = Math.min(ctx.now - HOUR, at + rng.int(2, 72) * HOUR);
    if (roll < 0.03) push(ctx, rng, card, requester, at, 'rejected', decided, rng.pick(REJECTIONS));
    else push(ctx, rng, card, requester, at, 'approved', decided, null);
  }
}

const REJECTIONS = [
  'RC book copy does not match the vehicle registration',
  'Control card PIN not changed from the default',
  'Customer KYC documents incomplete',
];
const NOTES = [
  'Please activate; control card PIN changed.',
  'New vehicle added to the fleet.',
  'Replacement for a damaged card.',
];

function push(
  ctx: SeedContext,
  rng: Random,
  card: CardRow,
  requester: string,
  at: number,
  status: string,
  decidedAt: number | null,
  reason: string | null,
): void {
  const decider = decidedAt === null ? null : (rng.pick(card.org.staff)?.id ?? null);
  ctx.sinks.card_activation_requests.push([
    ctx.ids.next('card_activation_requests'),
    card.org.id,
    card.id,
    requester,
    rng.chance(0.6) ? rng.pick(NOTES) : null,
    status,
    reason,
    decidedAt,
    decider,
    at,
    decidedAt ?? at,
  ]);
}
