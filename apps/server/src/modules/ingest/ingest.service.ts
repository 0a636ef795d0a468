import type { TIngestBatch, TIngestResult, TVehicleClass } from '@forecourt/contracts';
import type { Insertable } from 'kysely';
import type { Db } from '../../db/database';
import type { TransactionsTable, VehicleSightingsTable, VehiclesTable } from '../../db/schema';
import type { DomainEventBus } from '../../lib/domain-events';
import type { OperationsPublisher } from '../realtime/publisher';
import { publishBatchEvents } from './ingest.events';
import { openBatchIncidents } from './ingest.incidents';
import {
  addToTotalizers,
  applyReportedStatus,
  insertCongestionSamples,
  insertPayments,
  insertSightings,
  insertStateEvents,
  insertTransactions,
  lockStationIngest,
  stationAssets,
  transactionIdsBySource,
  upsertVehicles,
} from './ingest.repository';
import { type KindCounts, type ResolvedBatch, resolveBatch, zeroCounts } from './ingest.resolve';
import { refreshTouchedRollups } from './rollups';

/** Where log lines go (Fastify's logger, or anything with these two methods). */
export type IngestLog = {
  error(object: object, message: string): void;
  warn(object: object, message: string): void;
};

export type IngestDeps = {
  db: Db;
  now: () => number;
  publisher: OperationsPublisher;
  log: IngestLog;
  /** Where the incidents a batch reveals are announced (none: no incidents are opened). */
  events?: DomainEventBus;
};

/** The station a batch is for (from its API key, or the simulator's choice). */
export type IngestTarget = { stationId: number; organizationId: number };

/** What one committed batch wrote, for the work after the commit. */
export type Committed = {
  target: IngestTarget;
  accepted: KindCounts;
  /** The new fills, and their ids by source id. */
  transactions: Insertable<TransactionsTable>[];
  fillIds: ReadonlyMap<string, number>;
  payments: { status: string }[];
  sightings: Pick<Insertable<VehicleSightingsTable>, 'transactionId' | 'registration'>[];
  congestionSamples: ResolvedBatch['congestionSamples'];
  /** Reported states that changed a nozzle's or dispenser's status. */
  appliedStates: ResolvedBatch['states'];
};

export type IngestService = {
  /** Validates, writes (one database transaction) and announces one batch for one station. */
  ingest(target: IngestTarget, batch: TIngestBatch): Promise<TIngestResult>;
};

/** The fuel a new vehicle is listed with when only a camera saw it. */
const CLASS_FUEL: Record<TVehicleClass, string> = {
  '2w': 'petrol',
  '3w': 'cng',
  car: 'petrol',
  lcv: 'diesel',
  truck: 'diesel',
  bus: 'diesel',
};

/**
 * Ingest: one batch of a station's facts per call.
 *
 * 1. Resolve: every reference checked against the station (ingest.resolve.ts); any problem
 *    rejects the whole batch with a 400 and nothing written.
 * 2. Write, in one database transaction: multi-row inserts that skip stored source ids (those are
 *    the duplicates), links from payments and sightings to their fills, the vehicle registry,
 *    nozzle totalisers, and the reported states (a report older than the applied one is kept as
 *    history but does not change the asset).
 * 3. After the commit: the sales and sightings rollups of the hours and days the batch's items
 *    fall in (duplicates included, so resending a batch whose refresh failed repairs it), then the
 *    realtime events, then the incidents the batch reveals (ingest.incidents.ts), announced like
 *    those opened through the API. Failures here are logged; the batch stays written.
 */
export function createIngestService(deps: IngestDeps): IngestService {
  /** One rollup refresh at a time per station: concurrent refreshes of one hour would collide. */
  const refreshing = new Map<number, Promise<void>>();
  const serialized = (stationId: number, work: () => Promise<void>): Promise<void> => {
    const previous = refreshing.get(stationId) ?? Promise.resolve();
    const next = previous.then(work, work);
    refreshing.set(stationId, next);
    return next.finally(() => {
      if (refreshing.get(stationId) === next) refreshing.delete(stationId);
    });
  };

  return {
    async ingest(target, batch) {
      const now = deps.now();
      const assets = await stationAssets(deps.db, target.stationId);
      const resolved = await resolveBatch(deps.db, assets, batch, now);
      const committed = await deps.db.transaction().execute((trx) => writeBatch(trx, target, resolved, now));

      let hours: number[] = [];
      try {
        await serialized(target.stationId, async () => {
          hours = await refreshTouchedRollups(deps.db, target.stationId, resolved);
        });
      } catch (error) {
        deps.log.error({ err: error, stationId: target.stationId }, 'ingest: refreshing rollups failed');
      }
      try {
        await publishBatchEvents(deps.db, deps.publisher, committed, hours, now);
      } catch (error) {
        deps.log.error({ err: error, stationId: target.stationId }, 'ingest: publishing events failed');
      }

      if (deps.events) {
        try {
          await openBatchIncidents({ db: deps.db, events: deps.events }, committed, assets, now);
        } catch (error) {
          deps.log.error({ err: error, stationId: target.stationId }, 'ingest: opening incidents failed');
        }
      }

      const duplicates = zeroCounts();
      const received: KindCounts = {
        transactions: batch.transactions?.length ?? 0,
        payments: batch.payments?.length ?? 0,
        sightings: batch.sightings?.length ?? 0,
        dispenserStates: batch.dispenserStates?.length ?? 0,
        nozzleStates: batch.nozzleStates?.length ?? 0,
        congestionSamples: batch.congestionSamples?.length ?? 0,
      };
      for (const kind of Object.keys(duplicates) as (keyof KindCounts)[]) {
        duplicates[kind] = received[kind] - committed.accepted[kind];
      }
      return { accepted: committed.accepted, duplicates };
    },
  };
}

async function writeBatch(
  trx: Db,
  target: IngestTarget,
  resolved: ResolvedBatch,
  now: number,
): Promise<Committed> {
  const accepted = zeroCounts();
  await lockStationIngest(trx, target.stationId);

  const newFills = await insertTransactions(trx, resolved.transactions);
  accepted.transactions = newFills.length;
  const fillIds = new Map(resolved.storedFills);
  for (const fill of newFills) fillIds.set(fill.sourceId, fill.id);
  // Fills of this batch that were stored already (duplicates) and are referenced by source id.
  const unresolved = new Set<string>();
  for (const { transactionSourceId } of [...resolved.payments, ...resolved.sightings]) {
    if (transactionSourceId !== null && !fillIds.has(transactionSourceId))
      unresolved.add(transactionSourceId);
  }
  if (unresolved.size > 0) {
    for (const [sourceId, id] of await transactionIdsBySource(trx, target.stationId, [...unresolved])) {
      fillIds.set(sourceId, id);
    }
  }
  const linked = <T extends { transactionId?: number | null }>(entry: {
    row: T;
    transactionSourceId: string | null;
  }): T =>
    entry.transactionSourceId === null
      ? entry.row
      : { ...entry.row, transactionId: fillIds.get(entry.transactionSourceId) ?? null };

  const paymentRows = resolved.payments.map(linked);
  const newPayments = new Set((await insertPayments(trx, paymentRows)).map((row) => row.sourceId));
  accepted.payments = newPayments.size;

  const sightingRows = resolved.sightings.map(linked);
  const newSightings = new Set((await insertSightings(trx, sightingRows)).map((row) => row.sourceId));
  accepted.sightings = newSightings.size;

  const newSamples = new Set(
    (await insertCongestionSamples(trx, resolved.congestionSamples)).map((row) => row.sourceId),
  );
  accepted.congestionSamples = newSamples.size;

  const newStates = new Set((await insertStateEvents(trx, resolved.states)).map((row) => row.sourceId));
  const stateRows = resolved.states.filter((row) => newStates.has(row.sourceId));
  accepted.dispenserStates = stateRows.filter((row) => row.kind === 'dispenser').length;
  accepted.nozzleStates = stateRows.length - accepted.dispenserStates;

  // The fills that are new, and their ids.
  const fillIdsBySource = new Map(newFills.map((fill) => [fill.sourceId, fill.id]));
  const transactions = resolved.transactions.filter((row) => fillIdsBySource.has(row.sourceId as string));
  const sightings = sightingRows.filter((row) => newSightings.has(row.sourceId as string));

  await upsertVehicles(trx, vehicleRows(target.organizationId, transactions, sightings, now));
  const milliByNozzle = new Map<number, number>();
  for (const fill of transactions) {
    milliByNozzle.set(fill.nozzleId, (milliByNozzle.get(fill.nozzleId) ?? 0) + fill.quantityMilli);
  }
  await addToTotalizers(trx, milliByNozzle, now);

  // The latest new report per asset decides its status (if newer than the one applied before).
  const latest = new Map<string, (typeof stateRows)[number]>();
  for (const row of stateRows) {
    const key = row.kind === 'dispenser' ? `d${row.dispenserId}` : `n${row.nozzleId}`;
    const current = latest.get(key);
    if (!current || row.at >= current.at) latest.set(key, row);
  }
  const appliedStates: Committed['appliedStates'] = [];
  for (const row of latest.values()) {
    const table = row.kind === 'dispenser' ? 'dispensers' : 'nozzles';
    const id = row.kind === 'dispenser' ? row.dispenserId : (row.nozzleId as number);
    if (await applyReportedStatus(trx, table, id, row.status, row.at, now)) appliedStates.push(row);
  }

  return {
    target,
    accepted,
    transactions,
    fillIds: fillIdsBySource,
    payments: paymentRows.filter((row) => newPayments.has(row.sourceId as string)),
    sightings,
    congestionSamples: resolved.congestionSamples.filter((row) => newSamples.has(row.sourceId as string)),
    appliedStates,
  };
}

/** One registry row per registration seen in the new fills and sightings (first and last seen). */
function vehicleRows(
  organizationId: number,
  fills: readonly Insertable<TransactionsTable>[],
  sightings: readonly Insertable<VehicleSightingsTable>[],
  now: number,
): Insertable<VehiclesTable>[] {
  const byRegistration = new Map<string, Insertable<VehiclesTable>>();
  const note = (
    registration: string,
    vehicleClass: string,
    fuel: string | null,
    from: number,
    to: number,
    customerId: number | null,
  ) => {
    const known = byRegistration.get(registration);
    if (!known) {
      byRegistration.set(registration, {
        organizationId,
        registration,
        vehicleClass,
        fuel: fuel ?? CLASS_FUEL[vehicleClass as TVehicleClass] ?? 'petrol',
        customerId,
        firstSeenAt: from,
        lastSeenAt: to,
        isWatchlisted: 0,
        createdAt: now,
        updatedAt: now,
      });
      return;
    }
    known.firstSeenAt = Math.min(known.firstSeenAt, from);
    known.lastSeenAt = Math.max(known.lastSeenAt, to);
    if (fuel) known.fuel = fuel;
    known.customerId ??= customerId;
  };
  for (const fill of fills) {
    if (!fill.vehicleRegistration) continue;
    note(
      fill.vehicleRegistration,
      fill.vehicleClass,
      fill.fuel,
      fill.startedAt,
      fill.endedAt,
      fill.customerId ?? null,
    );
  }
  for (const sighting of sightings) {
    const left = sighting.seenAt + sighting.dwellSeconds * 1000;
    note(sighting.registration, sighting.vehicleClass, null, sighting.seenAt, left, null);
  }
  return [...byRegistration.values()];
}
