import {
  maskCardNumber,
  type TCardActivationRequestCreate,
  type TCardActivationRequestItem,
  type TCardActivationRequestPage,
  type TCardActivationRequestPageQuery,
  type TCardDetail,
  type TCardLimits,
  type TCardPage,
  type TCardPageQuery,
  type TCardStatusChange,
  type TRequestDecision,
  ZCardActivationRequestCreate,
} from '@forecourt/contracts';
import type { Db } from '../../db/database';
import type { Caller } from '../../http/caller';
import { AppError, notFound } from '../../lib/app-error';
import type { DomainEvent } from '../../lib/domain-events';
import { keysetOrder, listPage } from '../../lib/paging/list-page';
import { auditTrail, changedFields, recordAudit } from '../audit/audit';
import type { CardsDeps } from './cards.deps';
import {
  allowedCardTransitions,
  cardStatusAt,
  presentCard,
  presentCardRequest,
  presentCardRequestItem,
} from './cards.presenter';
import {
  CARD_REQUEST_SORT_COLUMNS,
  CARD_SORT_COLUMNS,
  type CardRow,
  cardRequestsQuery,
  cardsQuery,
  decideCardRequest,
  findCard,
  findCardRequest,
  hasPendingRequest,
  insertCardRequest,
  requestsOfCard,
  updateCard,
  updateCardLimits,
} from './cards.repository';

/** Audit kinds (`auditTarget(kind, id)`). */
export const CARD_AUDIT_KIND = 'card';
export const CARD_REQUEST_AUDIT_KIND = 'card_activation_request';

const conflict = (message: string) => new AppError('CONFLICT', message);

/** A page of the organisation's cards (test cards only with `isTest=true`), newest first by default. */
export function listCards(db: Db, caller: Caller, query: TCardPageQuery, now: number): Promise<TCardPage> {
  const rows = cardsQuery(db, caller.organizationId, query, now);
  const order = keysetOrder(query.sort, CARD_SORT_COLUMNS, 'cards.id');
  return listPage(db, rows, order, query, (row) => presentCard(row, now));
}

/** One card with its activation requests and audit trail; 404 for another organisation's. */
export async function getCardDetail(db: Db, caller: Caller, id: number, now: number): Promise<TCardDetail> {
  const row = await findCard(db, caller.organizationId, id);
  if (!row) throw notFound('Card');
  const [requests, audit] = await Promise.all([
    requestsOfCard(db, id),
    auditTrail(db, caller.organizationId, CARD_AUDIT_KIND, id),
  ]);
  return {
    ...presentCard(row, now),
    activationRequests: requests.map(presentCardRequest),
    allowedTransitions: allowedCardTransitions(row, now),
    audit,
  };
}

function assertNotExpired(row: CardRow, now: number) {
  if (cardStatusAt(row, now) === 'expired') {
    throw conflict('The card has expired; an expired card cannot be activated or unblocked');
  }
}

/**
 * Blocks an active card or unblocks a blocked one, with a reason (409 for any other move: an
 * issued card is activated through an approved activation request, an expired one stays expired).
 */
export async function changeCardStatus(
  deps: CardsDeps,
  caller: Caller,
  id: number,
  input: TCardStatusChange,
): Promise<TCardDetail> {
  const at = deps.now();
  await deps.db.transaction().execute(async (trx) => {
    const row = await findCard(trx, caller.organizationId, id);
    if (!row) throw notFound('Card');
    assertNotExpired(row, at);
    const from = row.status;
    const { to, reason } = input;
    if (from === 'issued' && to === 'active') {
      throw conflict('An issued card is activated by approving its activation request');
    }
    if (!allowedCardTransitions(row, at).includes(to)) {
      throw conflict(`A card cannot move from ${from} to ${to}`);
    }
    if (!(await updateCard(trx, id, from, { status: to, updatedAt: at }))) {
      throw conflict('The card changed meanwhile; reload it and try again');
    }
    await recordAudit(trx, {
      organizationId: caller.organizationId,
      actorUserId: caller.userId,
      action: to === 'blocked' ? 'card.blocked' : 'card.unblocked',
      kind: CARD_AUDIT_KIND,
      id,
      data: { from, to, reason },
      at,
    });
  });
  return getCardDetail(deps.db, caller, id, at);
}

/** Sets the daily and monthly limits (an unchanged pair writes nothing). */
export async function changeCardLimits(
  deps: CardsDeps,
  caller: Caller,
  id: number,
  input: TCardLimits,
): Promise<TCardDetail> {
  const at = deps.now();
  await deps.db.transaction().execute(async (trx) => {
    const row = await findCard(trx, caller.organizationId, id);
    if (!row) throw notFound('Card');
    const next = { dailyLimitPaise: input.dailyLimitPaise, monthlyLimitPaise: input.monthlyLimitPaise };
    const changes = changedFields(
      { dailyLimitPaise: row.dailyLimitPaise, monthlyLimitPaise: row.monthlyLimitPaise },
      next,
    );
    if (Object.keys(changes).length === 0) return;
    await updateCardLimits(trx, id, next, at);
    await recordAudit(trx, {
      organizationId: caller.organizationId,
      actorUserId: caller.userId,
      action: 'card.limits_changed',
      kind: CARD_AUDIT_KIND,
      id,
      data: { changes },
      at,
    });
  });
  return getCardDetail(deps.db, caller, id, at);
}

/** A page of the organisation's activation requests with their cards' current state. */
export function listCardRequests(
  db: Db,
  caller: Caller,
  query: TCardActivationRequestPageQuery,
  now: number,
): Promise<TCardActivationRequestPage> {
  const rows = cardRequestsQuery(db, caller.organizationId, query);
  const order = keysetOrder(query.sort, CARD_REQUEST_SORT_COLUMNS, 'card_activation_requests.id');
  return listPage(db, rows, order, query, (row) => presentCardRequestItem(row, now));
}

async function requestItem(
  db: Db,
  caller: Caller,
  id: number,
  now: number,
): Promise<TCardActivationRequestItem> {
  const row = await findCardRequest(db, caller.organizationId, id);
  if (!row) throw notFound('Card activation request');
  return presentCardRequestItem(row, now);
}

/**
 * Files an activation request for an issued card (409 when the card is not issued, has expired or
 * already has a pending request); publishes `card_activation.requested`.
 */
export async function createCardRequest(
  deps: CardsDeps,
  caller: Caller,
  input: TCardActivationRequestCreate,
): Promise<TCardActivationRequestItem> {
  const body = ZCardActivationRequestCreate.parse(input);
  const at = deps.now();
  const { id, card } = await deps.db.transaction().execute(async (trx) => {
    const card = await findCard(trx, caller.organizationId, body.cardId);
    if (!card) throw notFound('Card');
    const status = cardStatusAt(card, at);
    if (status !== 'issued') throw conflict(`Only an issued card can be activated; this one is ${status}`);
    if (await hasPendingRequest(trx, card.id)) {
      throw conflict('The card already has an activation request waiting for a decision');
    }
    const id = await insertCardRequest(trx, {
      organizationId: caller.organizationId,
      cardId: card.id,
      requestedBy: body.requestedBy,
      note: body.note,
      status: 'pending',
      reason: null,
      decidedAt: null,
      decidedByUserId: null,
      createdAt: at,
      updatedAt: at,
    });
    const actor = { organizationId: caller.organizationId, actorUserId: caller.userId, at };
    await recordAudit(trx, {
      ...actor,
      action: 'card_activation_request.created',
      kind: CARD_REQUEST_AUDIT_KIND,
      id,
      data: { cardId: card.id, requestedBy: body.requestedBy, ...(body.note ? { note: body.note } : {}) },
    });
    await recordAudit(trx, {
      ...actor,
      action: 'card.activation_requested',
      kind: CARD_AUDIT_KIND,
      id: card.id,
      data: { requestId: id, requestedBy: body.requestedBy },
    });
    return { id, card };
  });
  deps.events.publish({
    type: 'card_activation.requested',
    organizationId: caller.organizationId,
    actorUserId: caller.userId,
    at,
    requestId: id,
    cardId: card.id,
    maskedNumber: maskCardNumber(card.last4),
    requestedBy: body.requestedBy,
  });
  return requestItem(deps.db, caller, id, at);
}

/**
 * Approves (the card becomes active in the same transaction) or rejects (with a reason) a pending
 * request; 409 when it was already decided or the card can no longer be activated. Publishes
 * `card_activation.decided`.
 */
export async function decideCardActivation(
  deps: CardsDeps,
  caller: Caller,
  id: number,
  decision: TRequestDecision,
): Promise<TCardActivationRequestItem> {
  const at = deps.now();
  const reason = decision.reason?.trim() || null;
  const event: DomainEvent = await deps.db.transaction().execute(async (trx) => {
    const request = await findCardRequest(trx, caller.organizationId, id);
    if (!request) throw notFound('Card activation request');
    if (request.status !== 'pending') throw conflict(`The request was already ${request.status}`);
    const card = await findCard(trx, caller.organizationId, request.cardId);
    if (!card) throw notFound('Card');
    const approve = decision.status === 'approved';
    if (approve) {
      const status = cardStatusAt(card, at);
      if (status !== 'issued') throw conflict(`The card is ${status}; only an issued card can be activated`);
    }
    const decided = await decideCardRequest(trx, id, {
      status: decision.status,
      reason,
      decidedAt: at,
      decidedByUserId: caller.userId,
      updatedAt: at,
    });
    if (!decided) throw conflict('The request was decided meanwhile; reload it');
    if (approve && !(await updateCard(trx, card.id, 'issued', { status: 'active', updatedAt: at }))) {
      throw conflict('The card changed meanwhile; reload it and try again');
    }
    const actor = { organizationId: caller.organizationId, actorUserId: caller.userId, at };
    await recordAudit(trx, {
      ...actor,
      action: `card_activation_request.${decision.status}`,
      kind: CARD_REQUEST_AUDIT_KIND,
      id,
      data: { from: 'pending', to: decision.status, ...(reason ? { reason } : {}) },
    });
    await recordAudit(trx, {
      ...actor,
      action: approve ? 'card.activated' : 'card.activation_rejected',
      kind: CARD_AUDIT_KIND,
      id: card.id,
      data: approve
        ? { from: 'issued', to: 'active', requestId: id }
        : { requestId: id, ...(reason ? { reason } : {}) },
    });
    return {
      type: 'card_activation.decided',
      ...actor,
      requestId: id,
      cardId: card.id,
      maskedNumber: maskCardNumber(card.last4),
      decision: decision.status,
      reason,
    };
  });
  deps.events.publish(event);
  return requestItem(deps.db, caller, id, at);
}
