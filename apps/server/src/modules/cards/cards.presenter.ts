import {
  CARD_MANUAL_TRANSITIONS,
  effectiveCardStatus,
  maskCardNumber,
  type TCard,
  type TCardActivationRequest,
  type TCardActivationRequestItem,
  type TCardKind,
  type TCardStatus,
  type TRequestStatus,
} from '@forecourt/contracts';
import { isoTime } from '../../lib/iso-time';
import type { CardRequestRow, CardRequestWithCardRow, CardRow } from './cards.repository';

const iso = (ms: number | null) => (ms === null ? null : isoTime(ms));

/** The state a card is shown in at `now` (past its expiry date it is expired). */
export function cardStatusAt(row: { status: string; expiresAt: number }, now: number): TCardStatus {
  return effectiveCardStatus(row.status as TCardStatus, row.expiresAt, now);
}

/** What `POST /api/cards/:id/status` accepts for the card at `now`. */
export function allowedCardTransitions(row: CardRow, now: number): ('active' | 'blocked')[] {
  return [...CARD_MANUAL_TRANSITIONS[cardStatusAt(row, now)]];
}

/** A stored card → its wire shape: only the masked number (the full one is never stored). */
export function presentCard(row: CardRow, now: number): TCard {
  return {
    id: row.id,
    programId: row.programId,
    customerId: row.customerId,
    kind: row.kind as TCardKind,
    last4: row.last4,
    maskedNumber: maskCardNumber(row.last4),
    vehicleRegistration: row.vehicleRegistration,
    status: cardStatusAt(row, now),
    dailyLimitPaise: row.dailyLimitPaise,
    monthlyLimitPaise: row.monthlyLimitPaise,
    balancePaise: row.balancePaise,
    isTest: row.isTest === 1,
    issuedAt: isoTime(row.issuedAt),
    expiresAt: isoTime(row.expiresAt),
    createdAt: isoTime(row.createdAt),
  };
}

export function presentCardRequest(row: CardRequestRow): TCardActivationRequest {
  return {
    id: row.id,
    cardId: row.cardId,
    requestedBy: row.requestedBy,
    note: row.note,
    status: row.status as TRequestStatus,
    reason: row.reason,
    decidedAt: iso(row.decidedAt),
    decidedByUserId: row.decidedByUserId,
    createdAt: isoTime(row.createdAt),
    updatedAt: isoTime(row.updatedAt),
  };
}

/** A request with its card in the card's current state. */
export function presentCardRequestItem(row: CardRequestWithCardRow, now: number): TCardActivationRequestItem {
  return {
    ...presentCardRequest(row),
    card: {
      id: row.cardId,
      kind: row.cardKind as TCardKind,
      last4: row.cardLast4,
      maskedNumber: maskCardNumber(row.cardLast4),
      vehicleRegistration: row.cardVehicleRegistration,
      status: cardStatusAt({ status: row.cardStatus, expiresAt: row.cardExpiresAt }, now),
      expiresAt: isoTime(row.cardExpiresAt),
    },
  };
}
