import type { TCardKind, TCardStatus, TRequestStatus } from '@forecourt/contracts';
import {
  type ExpressionBuilder,
  type Insertable,
  type Selectable,
  type SqlBool,
  sql,
  type Updateable,
} from 'kysely';
import type { Db } from '../../db/database';
import type { CardActivationRequestsTable, CardsTable, Database } from '../../db/schema';
import { registrationRange, type SortColumn } from '../../lib/paging/list-page';

export type CardRow = Selectable<CardsTable>;

export type CardFilters = {
  isTest: boolean;
  status?: TCardStatus[] | undefined;
  kind?: TCardKind[] | undefined;
  q?: string | undefined;
};

/** Sort fields → columns. `createdAt` is served by `(organization_id, is_test, created_at desc, id desc)`. */
export const CARD_SORT_COLUMNS: Record<'createdAt' | 'expiresAt' | 'balancePaise', SortColumn<CardRow>> = {
  createdAt: { column: 'cards.created_at', kind: 'number', value: (row) => row.createdAt },
  expiresAt: { column: 'cards.expires_at', kind: 'number', value: (row) => row.expiresAt },
  balancePaise: { column: 'cards.balance_paise', kind: 'number', value: (row) => row.balancePaise },
};

/**
 * The stored state as presented at `now`: a card past its `expires_at` is expired whatever its
 * stored status, so the status filter compares both (each branch a plain range or equality).
 */
function statusPredicate(statuses: readonly TCardStatus[], now: number) {
  return (eb: ExpressionBuilder<Database, 'cards'>) =>
    eb.or(
      statuses.map((status) =>
        status === 'expired'
          ? eb.or([eb('cards.status', '=', 'expired'), eb('cards.expiresAt', '<=', now)])
          : eb.and([eb('cards.status', '=', status), eb('cards.expiresAt', '>', now)]),
      ),
    );
}

/** The organisation's cards matching the filters (unordered; see keysetPage). */
export function cardsQuery(db: Db, organizationId: number, filters: CardFilters, now: number) {
  let query = db
    .selectFrom('cards')
    .selectAll('cards')
    .where('cards.organizationId', '=', organizationId)
    .where('cards.isTest', '=', filters.isTest ? 1 : 0);
  if (filters.status?.length) query = query.where(statusPredicate(filters.status, now));
  if (filters.kind?.length) query = query.where('cards.kind', 'in', filters.kind);
  const q = filters.q?.trim();
  if (q) {
    // Equality on last4 and a prefix range on the registration: both index-friendly predicates.
    const range = registrationRange(q);
    query = query.where((eb) =>
      eb.or([
        ...(/^\d{4}$/.test(q) ? [eb('cards.last4', '=', q)] : []),
        ...(range
          ? [
              eb.and([
                eb('cards.vehicleRegistration', '>=', range.from),
                eb('cards.vehicleRegistration', '<', range.to),
              ]),
            ]
          : []),
        ...(range ? [] : [sql<SqlBool>`1 = 0`]),
      ]),
    );
  }
  return query;
}

/** One card of the organisation, or undefined (another organisation's or none). */
export function findCard(db: Db, organizationId: number, id: number): Promise<CardRow | undefined> {
  return db
    .selectFrom('cards')
    .selectAll()
    .where('organizationId', '=', organizationId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Updates the card only if it is still in `expectedStatus`; true when it changed. */
export async function updateCard(
  db: Db,
  id: number,
  expectedStatus: string,
  values: Updateable<CardsTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('cards')
    .set(values)
    .where('id', '=', id)
    .where('status', '=', expectedStatus)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Sets the card's daily and monthly limits. */
export async function updateCardLimits(
  db: Db,
  id: number,
  limits: Pick<CardRow, 'dailyLimitPaise' | 'monthlyLimitPaise'>,
  now: number,
): Promise<void> {
  await db
    .updateTable('cards')
    .set({ ...limits, updatedAt: now })
    .where('id', '=', id)
    .execute();
}

export type CardRequestRow = Selectable<CardActivationRequestsTable>;

/** A request with the columns of its card that a list row shows. */
export type CardRequestWithCardRow = CardRequestRow & {
  cardKind: string;
  cardLast4: string;
  cardVehicleRegistration: string | null;
  cardStatus: string;
  cardExpiresAt: number;
};

function requestsWithCards(db: Db) {
  return db
    .selectFrom('cardActivationRequests')
    .innerJoin('cards', 'cards.id', 'cardActivationRequests.cardId')
    .selectAll('cardActivationRequests')
    .select([
      'cards.kind as cardKind',
      'cards.last4 as cardLast4',
      'cards.vehicleRegistration as cardVehicleRegistration',
      'cards.status as cardStatus',
      'cards.expiresAt as cardExpiresAt',
    ]);
}

export const CARD_REQUEST_SORT_COLUMNS: Record<
  'createdAt' | 'updatedAt',
  SortColumn<CardRequestWithCardRow>
> = {
  createdAt: {
    column: 'card_activation_requests.created_at',
    kind: 'number',
    value: (row) => row.createdAt,
  },
  updatedAt: {
    column: 'card_activation_requests.updated_at',
    kind: 'number',
    value: (row) => row.updatedAt,
  },
};

/** The organisation's activation requests with their cards, filtered by status (unordered). */
export function cardRequestsQuery(
  db: Db,
  organizationId: number,
  filters: { status?: TRequestStatus[] | undefined },
) {
  let query = requestsWithCards(db).where('cardActivationRequests.organizationId', '=', organizationId);
  if (filters.status?.length) query = query.where('cardActivationRequests.status', 'in', filters.status);
  return query;
}

/** One request of the organisation with its card, or undefined. */
export function findCardRequest(
  db: Db,
  organizationId: number,
  id: number,
): Promise<CardRequestWithCardRow | undefined> {
  return requestsWithCards(db)
    .where('cardActivationRequests.organizationId', '=', organizationId)
    .where('cardActivationRequests.id', '=', id)
    .executeTakeFirst();
}

/** The card's requests, newest first. */
export function requestsOfCard(db: Db, cardId: number): Promise<CardRequestRow[]> {
  return db
    .selectFrom('cardActivationRequests')
    .selectAll()
    .where('cardId', '=', cardId)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** True when the card has a request still waiting for a decision. */
export async function hasPendingRequest(db: Db, cardId: number): Promise<boolean> {
  const row = await db
    .selectFrom('cardActivationRequests')
    .select('id')
    .where('cardId', '=', cardId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertCardRequest(
  db: Db,
  values: Insertable<CardActivationRequestsTable>,
): Promise<number> {
  const row = await db
    .insertInto('cardActivationRequests')
    .values(values)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Decides a request only if it is still pending; true when it changed. */
export async function decideCardRequest(
  db: Db,
  id: number,
  values: Updateable<CardActivationRequestsTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('cardActivationRequests')
    .set(values)
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
