import {
  ZApiError,
  ZLoyaltyProgramParams,
  ZLoyaltyPrograms,
  ZLoyaltyTransactionPage,
  ZLoyaltyTransactionPageQuery,
  ZSettlementDetail,
  ZSettlementPage,
  ZSettlementPageQuery,
  ZSettlementParams,
  ZSettlementTransition,
} from '@forecourt/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireCaller } from '../../http/caller';
import { sendListCsv, wantsCsv } from '../../http/csv-export';
import { READ_ERRORS } from '../../http/read-route';
import type { LoyaltyDeps } from './loyalty.deps';
import {
  getSettlementDetail,
  listLoyaltyTransactions,
  listPrograms,
  listSettlements,
  programOf,
  transitionSettlement,
} from './loyalty.service';

const WRITE_ERRORS = { ...READ_ERRORS, 409: ZApiError } as const;

/**
 * `/api/loyalty`: the organisation's programmes, each programme's ledger and settlements (keyset
 * lists with CSV), a settlement's statement and its payout moves. Another organisation's programme
 * or a settlement at a station outside a member's list is 404.
 */
export function loyaltyRoutes(deps: LoyaltyDeps): FastifyPluginAsyncZod {
  const { db, now } = deps;
  return async (app) => {
    app.get(
      '/api/loyalty',
      {
        config: { grant: 'loyalty:r' },
        schema: {
          tags: ['loyalty'],
          summary: "The organisation's loyalty programmes, by name",
          response: { 200: ZLoyaltyPrograms, ...READ_ERRORS },
        },
      },
      (request) => listPrograms(db, requireCaller(request)),
    );

    app.get(
      '/api/loyalty/:slug/transactions',
      {
        config: { grant: 'loyalty:r' },
        schema: {
          tags: ['loyalty'],
          summary:
            "The programme's ledger in a time window, newest first; live successful entries by default (keyset pages; format=csv exports all)",
          params: ZLoyaltyProgramParams,
          querystring: ZLoyaltyTransactionPageQuery,
          response: { 200: ZLoyaltyTransactionPage, ...READ_ERRORS },
        },
      },
      async (request, reply) => {
        const caller = requireCaller(request);
        const program = await programOf(db, caller, request.params.slug);
        const at = now();
        if (wantsCsv(request)) {
          return sendListCsv(reply, {
            name: `${program.slug}-loyalty`,
            schema: ZLoyaltyTransactionPage,
            now: at,
            list: (paging) =>
              listLoyaltyTransactions(db, caller, program, { ...request.query, ...paging }, at),
          });
        }
        return listLoyaltyTransactions(db, caller, program, request.query, at);
      },
    );

    app.get(
      '/api/loyalty/:slug/settlements',
      {
        config: { grant: 'loyalty:r' },
        schema: {
          tags: ['loyalty'],
          summary:
            "The programme's settlements created in a time window (30 days by default), newest first (keyset pages; format=csv exports all)",
          params: ZLoyaltyProgramParams,
          querystring: ZSettlementPageQuery,
          response: { 200: ZSettlementPage, ...READ_ERRORS },
        },
      },
      async (request, reply) => {
        const caller = requireCaller(request);
        const program = await programOf(db, caller, request.params.slug);
        const at = now();
        if (wantsCsv(request)) {
          return sendListCsv(reply, {
            name: `${program.slug}-settlements`,
            schema: ZSettlementPage,
            now: at,
            list: (paging) => listSettlements(db, caller, program, { ...request.query, ...paging }, at),
          });
        }
        return listSettlements(db, caller, program, request.query, at);
      },
    );

    app.get(
      '/api/loyalty/:slug/settlements/:id',
      {
        config: { grant: 'loyalty:r' },
        schema: {
          tags: ['loyalty'],
          summary:
            "A settlement's statement: station, period, amounts, the period's ledger by kind, audit trail",
          params: ZSettlementParams,
          response: { 200: ZSettlementDetail, ...READ_ERRORS },
        },
      },
      (request) => getSettlementDetail(db, requireCaller(request), request.params.slug, request.params.id),
    );

    app.post(
      '/api/loyalty/:slug/settlements/:id/status',
      {
        config: { grant: 'loyalty:u' },
        schema: {
          tags: ['loyalty'],
          summary:
            'Move a settlement along its payout lifecycle (UTR required to settle; 409 when not allowed; settled publishes settlement.ready)',
          params: ZSettlementParams,
          body: ZSettlementTransition,
          response: { 200: ZSettlementDetail, ...WRITE_ERRORS },
        },
      },
      (request) =>
        transitionSettlement(
          deps,
          requireCaller(request),
          request.params.slug,
          request.params.id,
          request.body,
        ),
    );
  };
}
