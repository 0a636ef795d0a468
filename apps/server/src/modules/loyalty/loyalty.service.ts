import {
  LOYALTY_TRANSACTION_KINDS,
  SETTLEMENT_TRANSITIONS,
  type TLoyaltyPrograms,
  type TLoyaltyTransactionKind,
  type TLoyaltyTransactionPage,
  type TLoyaltyTransactionPageQuery,
  type TSettlementDetail,
  type TSettlementPage,
  type TSettlementPageQuery,
  type TSettlementStatus,
  type TSettlementTransition,
  ZSettlementTransition,
} from '@forecourt/contracts';
import type { Db } from '../../db/database';
import type { Caller } from '../../http/caller';
import { AppError, notFound } from '../../lib/app-error';
import type { SettlementReady } from '../../lib/domain-events';
import { checkSortSpan, keysetOrder, listPage } from '../../lib/paging/list-page';
import { callerSeesStation, networkScope } from '../../lib/scope/scope';
import { resolveRequestWindow } from '../../lib/windows/request-window';
import { auditTrail, recordAudit } from '../audit/audit';
import type { LoyaltyDeps } from './loyalty.deps';
import { presentLoyaltyTransaction, presentProgram, presentSettlement } from './loyalty.presenter';
import {
  findProgram,
  findSettlement,
  LOYALTY_TRANSACTION_SORT_COLUMNS,
  loyaltySummaryByKind,
  loyaltyTransactionsQuery,
  organizationPrograms,
  type ProgramRow,
  SETTLEMENT_SORT_COLUMNS,
  type SettlementRow,
  settlementsQuery,
  updateSettlement,
} from './loyalty.repository';

/** The audit trail's record kind of a settlement (`settlement:<id>`). */
export const SETTLEMENT_AUDIT_KIND = 'settlement';

/** The organisation's programmes, for the picker. */
export async function listPrograms(db: Db, caller: Caller): Promise<TLoyaltyPrograms> {
  const rows = await organizationPrograms(db, caller.organizationId);
  return { results: rows.map(presentProgram) };
}

/** The caller's organisation's programme with this slug; 404 for an unknown or foreign one. */
export async function programOf(db: Db, caller: Caller, slug: string): Promise<ProgramRow> {
  const program = await findProgram(db, caller.organizationId, slug);
  if (!program) throw notFound('Loyalty programme');
  return program;
}

/**
 * A page of the programme's ledger at the caller's stations (or the `station` ids among them), in
 * the window (screen `loyalty`: 24 hours by default, at most 366 days), live successful entries
 * unless asked otherwise.
 */
export async function listLoyaltyTransactions(
  db: Db,
  caller: Caller,
  program: ProgramRow,
  query: TLoyaltyTransactionPageQuery,
  now: number,
): Promise<TLoyaltyTransactionPage> {
  const { window, startMs, endMs } = resolveRequestWindow('loyalty', query, now);
  checkSortSpan(query.sort, LOYALTY_TRANSACTION_SORT_COLUMNS, endMs - startMs);
  const scope = await networkScope(db, caller, query.station);
  const rows = loyaltyTransactionsQuery(db, program.id, scope, {
    startMs,
    endMs,
    isTest: query.isTest,
    status: query.status,
    kind: query.kind,
  });
  const order = keysetOrder(query.sort, LOYALTY_TRANSACTION_SORT_COLUMNS, 'loyalty_transactions.id');
  return listPage(db, rows, order, query, presentLoyaltyTransaction, window);
}

/** A page of the programme's settlements created in the window (screen `settlements`: 30 days by default). */
export async function listSettlements(
  db: Db,
  caller: Caller,
  program: ProgramRow,
  query: TSettlementPageQuery,
  now: number,
): Promise<TSettlementPage> {
  const { window, startMs, endMs } = resolveRequestWindow('settlements', query, now);
  const scope = await networkScope(db, caller, query.station);
  const rows = settlementsQuery(db, program.id, scope, { startMs, endMs, status: query.status });
  const order = keysetOrder(query.sort, SETTLEMENT_SORT_COLUMNS, 'settlements.id');
  return listPage(db, rows, order, query, presentSettlement, window);
}

/** One settlement the caller may see (their organisation's programme, one of their stations). */
async function visibleSettlement(
  db: Db,
  caller: Caller,
  program: ProgramRow,
  id: number,
): Promise<SettlementRow> {
  const row = await findSettlement(db, caller.organizationId, program.id, id);
  if (!row || !callerSeesStation(caller, row.stationId)) throw notFound('Settlement');
  return row;
}

const KIND_ORDER = new Map<string, number>(LOYALTY_TRANSACTION_KINDS.map((kind, index) => [kind, index]));

/** The statement: the settlement, its station, the ledger of its period by kind, its next states and trail. */
export async function getSettlementDetail(
  db: Db,
  caller: Caller,
  slug: string,
  id: number,
): Promise<TSettlementDetail> {
  const program = await programOf(db, caller, slug);
  const row = await visibleSettlement(db, caller, program, id);
  const [summary, audit] = await Promise.all([
    loyaltySummaryByKind(db, program.id, row.stationId, row.periodStart, row.periodEnd),
    auditTrail(db, caller.organizationId, SETTLEMENT_AUDIT_KIND, row.id),
  ]);
  return {
    ...presentSettlement(row),
    program: { id: program.id, slug: program.slug, name: program.name },
    station: { id: row.stationId, slug: row.stationSlug, name: row.stationName },
    loyalty: summary
      .filter((entry) => KIND_ORDER.has(entry.kind))
      .sort((a, b) => (KIND_ORDER.get(a.kind) ?? 0) - (KIND_ORDER.get(b.kind) ?? 0))
      .map((entry) => ({ ...entry, kind: entry.kind as TLoyaltyTransactionKind })),
    allowedTransitions: [...SETTLEMENT_TRANSITIONS[row.status as TSettlementStatus]],
    audit,
  };
}

const invalidBody = (path: string, message: string) =>
  new AppError('VALIDATION_FAILED', `Invalid body: ${path} ${message}`, [{ path, message }]);

/** The audit action of a move: `settlement.processing`, `.settled`, `.failed`, or `.retried` (failed → processing). */
function auditAction(from: TSettlementStatus, to: TSettlementStatus): string {
  return from === 'failed' && to === 'processing' ? 'settlement.retried' : `settlement.${to}`;
}

/**
 * Moves a settlement along its payout lifecycle (SETTLEMENT_TRANSITIONS): 409 CONFLICT for a move
 * the lifecycle does not allow (or one that lost a race), 400 when settling without a UTR or giving
 * one otherwise. Each move is audited; reaching `settled` publishes `settlement.ready` after commit.
 */
export async function transitionSettlement(
  deps: LoyaltyDeps,
  caller: Caller,
  slug: string,
  id: number,
  input: TSettlementTransition,
): Promise<TSettlementDetail> {
  const body = ZSettlementTransition.parse(input);
  const { db } = deps;
  const program = await programOf(db, caller, slug);
  const at = deps.now();
  const event = await db.transaction().execute(async (trx): Promise<SettlementReady | null> => {
    const row = await visibleSettlement(trx, caller, program, id);
    const from = row.status as TSettlementStatus;
    const { to } = body;
    if (!SETTLEMENT_TRANSITIONS[from].includes(to)) {
      throw new AppError('CONFLICT', `A settlement cannot move from ${from} to ${to}`);
    }
    if (to === 'settled' && !body.utr) throw invalidBody('utr', 'is required to mark a settlement settled');
    if (to !== 'settled' && body.utr) throw invalidBody('utr', 'is only given when marking it settled');
    const values =
      to === 'settled'
        ? { status: to, utr: body.utr ?? null, settledAt: at, updatedAt: at }
        : { status: to, updatedAt: at };
    if (!(await updateSettlement(trx, row.id, from, values))) {
      throw new AppError('CONFLICT', 'The settlement changed meanwhile; reload it and try again');
    }
    const note = body.note?.trim();
    await recordAudit(trx, {
      organizationId: caller.organizationId,
      actorUserId: caller.userId,
      action: auditAction(from, to),
      kind: SETTLEMENT_AUDIT_KIND,
      id: row.id,
      data: { from, to, ...(to === 'settled' ? { utr: body.utr } : {}), ...(note ? { note } : {}) },
      at,
    });
    if (to !== 'settled') return null;
    return {
      type: 'settlement.ready',
      organizationId: caller.organizationId,
      actorUserId: caller.userId,
      at,
      settlementId: row.id,
      programSlug: program.slug,
      stationId: row.stationId,
      stationName: row.stationName,
      netPaise: row.netPaise,
      periodStart: row.periodStart,
      periodEnd: row.periodEnd,
    };
  });
  if (event) deps.events.publish(event);
  return getSettlementDetail(db, caller, slug, id);
}
