import {
  type TCard,
  type TCardActivationRequestItem,
  ZApiError,
  ZCardActivationRequestCreate,
  ZCardActivationRequestItem,
  ZCardActivationRequestPage,
  ZCardActivationRequestPageQuery,
  ZCardActivationRequestParams,
  ZCardDetail,
  ZCardLimits,
  ZCardPage,
  ZCardPageQuery,
  ZCardParams,
  ZCardStatusChange,
  ZRequestDecision,
} from '@forecourt/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireCaller } from '../../http/caller';
import { CSV_BATCH, type CsvColumn, sendCsv, wantsCsv } from '../../http/csv-export';
import type { CardsDeps } from './cards.deps';
import {
  changeCardLimits,
  changeCardStatus,
  createCardRequest,
  decideCardActivation,
  getCardDetail,
  listCardRequests,
  listCards,
} from './cards.service';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError };

/** The columns of the cards CSV export (the masked number only, never more than the last four). */
const CARD_CSV_COLUMNS: CsvColumn<TCard>[] = [
  { key: 'id', value: (row) => row.id },
  { key: 'number', value: (row) => row.maskedNumber },
  { key: 'last4', value: (row) => row.last4 },
  { key: 'kind', value: (row) => row.kind },
  { key: 'status', value: (row) => row.status },
  { key: 'vehicleRegistration', value: (row) => row.vehicleRegistration },
  { key: 'customerId', value: (row) => row.customerId },
  { key: 'dailyLimitPaise', value: (row) => row.dailyLimitPaise },
  { key: 'monthlyLimitPaise', value: (row) => row.monthlyLimitPaise },
  { key: 'balancePaise', value: (row) => row.balancePaise },
  { key: 'isTest', header: 'Test card', value: (row) => row.isTest },
  { key: 'issuedAt', value: (row) => row.issuedAt },
  { key: 'expiresAt', value: (row) => row.expiresAt },
  { key: 'createdAt', value: (row) => row.createdAt },
];

/** The columns of the activation requests CSV export. */
const REQUEST_CSV_COLUMNS: CsvColumn<TCardActivationRequestItem>[] = [
  { key: 'id', value: (row) => row.id },
  { key: 'createdAt', value: (row) => row.createdAt },
  { key: 'cardId', value: (row) => row.cardId },
  { key: 'card', value: (row) => row.card.maskedNumber },
  { key: 'cardKind', value: (row) => row.card.kind },
  { key: 'vehicleRegistration', value: (row) => row.card.vehicleRegistration },
  { key: 'cardStatus', value: (row) => row.card.status },
  { key: 'requestedBy', value: (row) => row.requestedBy },
  { key: 'note', value: (row) => row.note },
  { key: 'status', value: (row) => row.status },
  { key: 'reason', value: (row) => row.reason },
  { key: 'decidedAt', value: (row) => row.decidedAt },
];

/** `/api/cards` and `/api/card-activation-requests`: lists (and CSV), detail, lifecycle, limits, decisions. */
export function cardsRoutes(deps: CardsDeps): FastifyPluginAsyncZod {
  const { db, now } = deps;
  return async (app) => {
    app.get(
      '/api/cards',
      {
        config: { grant: 'cards:r' },
        schema: {
          tags: ['cards'],
          summary:
            'Cards of the organisation, newest first, test cards excluded (keyset pages; format=csv exports all)',
          querystring: ZCardPageQuery,
          response: { 200: ZCardPage, ...errors },
        },
      },
      async (request, reply) => {
        const caller = requireCaller(request);
        const at = now();
        if (wantsCsv(request)) {
          return sendCsv(reply, {
            name: 'cards',
            columns: CARD_CSV_COLUMNS,
            now: at,
            fetchPage: (cursor) =>
              listCards(db, caller, { ...request.query, page: 0, limit: CSV_BATCH, cursor }, at),
          });
        }
        return listCards(db, caller, request.query, at);
      },
    );

    app.get(
      '/api/cards/:id',
      {
        config: { grant: 'cards:r' },
        schema: {
          tags: ['cards'],
          summary: 'One card (masked number) with its limits, balance, activation requests and audit trail',
          params: ZCardParams,
          response: { 200: ZCardDetail, ...errors },
        },
      },
      (request) => getCardDetail(db, requireCaller(request), request.params.id, now()),
    );

    app.post(
      '/api/cards/:id/status',
      {
        config: { grant: 'cards:u' },
        schema: {
          tags: ['cards'],
          summary: 'Block an active card or unblock a blocked one, with a reason (409 otherwise)',
          params: ZCardParams,
          body: ZCardStatusChange,
          response: { 200: ZCardDetail, ...errors },
        },
      },
      (request) => changeCardStatus(deps, requireCaller(request), request.params.id, request.body),
    );

    app.patch(
      '/api/cards/:id/limits',
      {
        config: { grant: 'cards:u' },
        schema: {
          tags: ['cards'],
          summary: 'Set the daily and monthly limits (paise; monthly at least daily)',
          params: ZCardParams,
          body: ZCardLimits,
          response: { 200: ZCardDetail, ...errors },
        },
      },
      (request) => changeCardLimits(deps, requireCaller(request), request.params.id, request.body),
    );

    app.get(
      '/api/card-activation-requests',
      {
        config: { grant: 'cards:r' },
        schema: {
          tags: ['cards'],
          summary:
            'Card activation requests with their cards, newest first (keyset pages; format=csv exports all)',
          querystring: ZCardActivationRequestPageQuery,
          response: { 200: ZCardActivationRequestPage, ...errors },
        },
      },
      async (request, reply) => {
        const caller = requireCaller(request);
        const at = now();
        if (wantsCsv(request)) {
          return sendCsv(reply, {
            name: 'card-activation-requests',
            columns: REQUEST_CSV_COLUMNS,
            now: at,
            fetchPage: (cursor) =>
              listCardRequests(db, caller, { ...request.query, page: 0, limit: CSV_BATCH, cursor }, at),
          });
        }
        return listCardRequests(db, caller, request.query, at);
      },
    );

    app.post(
      '/api/card-activation-requests',
      {
        config: { grant: 'cards:c' },
        schema: {
          tags: ['cards'],
          summary: 'File an activation request for an issued card (publishes card_activation.requested)',
          body: ZCardActivationRequestCreate,
          response: { 201: ZCardActivationRequestItem, ...errors },
        },
      },
      async (request, reply) => {
        const item = await createCardRequest(deps, requireCaller(request), request.body);
        return reply.status(201).send(item);
      },
    );

    app.post(
      '/api/card-activation-requests/:id/decision',
      {
        config: { grant: 'cards:u' },
        schema: {
          tags: ['cards'],
          summary: 'Approve (the card becomes active) or reject with a reason a pending request',
          params: ZCardActivationRequestParams,
          body: ZRequestDecision,
          response: { 200: ZCardActivationRequestItem, ...errors },
        },
      },
      (request) => decideCardActivation(deps, requireCaller(request), request.params.id, request.body),
    );
  };
}
