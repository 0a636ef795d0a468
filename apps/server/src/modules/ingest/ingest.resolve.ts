import {
  normalizeRegistration,
  type TIngestBatch,
  type TIngestDispenserState,
  type TIngestNozzleState,
  type TIngestPayment,
  type TIngestSighting,
  type TIngestTransaction,
} from '@forecourt/contracts';
import type { Insertable } from 'kysely';
import type { Db } from '../../db/database';
import type {
  AssetStateEventsTable,
  CongestionSamplesTable,
  PaymentsTable,
  TransactionsTable,
  VehicleSightingsTable,
} from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { existingIds, type StationAssets, transactionIdsBySource } from './ingest.repository';

/**
 * Turns a validated batch into rows for one station, checking everything the schema cannot: that
 * nozzles, dispensers, fills, customers and attendants are the station's (or its organisation's),
 * lanes exist, and times are plausible. Any problem rejects the whole batch before anything is
 * written: 400 VALIDATION_FAILED for implausible values, else 400 INVALID_REFERENCE; `details`
 * name each item by its path (`transactions.12.nozzleId`) and source id.
 */

/** Reports may run this far ahead of the server's clock. */
export const FUTURE_TOLERANCE_MS = 5 * 60_000;
/** Nothing before 2000-01-01 (a zeroed clock on a device). */
const EARLIEST_MS = Date.UTC(2000, 0, 1);
/** A fill lasts at most a day. */
const LONGEST_FILL_MS = 86_400_000;
const MAX_DETAILS = 50;

export type KindCounts = {
  transactions: number;
  payments: number;
  sightings: number;
  dispenserStates: number;
  nozzleStates: number;
  congestionSamples: number;
};
export const zeroCounts = (): KindCounts => ({
  transactions: 0,
  payments: 0,
  sightings: 0,
  dispenserStates: 0,
  nozzleStates: 0,
  congestionSamples: 0,
});

type Problem = { path: string; message: string };
/** Problems of one kind: all counted, the first {@link MAX_DETAILS} described. */
type Problems = { count: number; details: Problem[] };

/** The station's side of a batch, ready to insert (fill references of payments and sightings still by source id). */
export type ResolvedBatch = {
  transactions: Insertable<TransactionsTable>[];
  payments: { row: Insertable<PaymentsTable>; transactionSourceId: string | null }[];
  sightings: { row: Insertable<VehicleSightingsTable>; transactionSourceId: string | null }[];
  states: Insertable<AssetStateEventsTable>[];
  congestionSamples: Insertable<CongestionSamplesTable>[];
  /** Fills referenced by source id that were stored before this batch. */
  storedFills: Map<string, number>;
  /** Items whose source id appeared earlier in the same batch. */
  repeated: KindCounts;
};

/** The first item of each source id, with its index in the batch; later repeats are counted. */
function firstOfEach<T extends { sourceId: string }>(
  items: readonly T[] | undefined,
): { items: { item: T; index: number }[]; repeated: number } {
  const seen = new Set<string>();
  const out: { item: T; index: number }[] = [];
  (items ?? []).forEach((item, index) => {
    if (seen.has(item.sourceId)) return;
    seen.add(item.sourceId);
    out.push({ item, index });
  });
  return { items: out, repeated: (items?.length ?? 0) - out.length };
}

export async function resolveBatch(
  db: Db,
  assets: StationAssets,
  batch: TIngestBatch,
  now: number,
): Promise<ResolvedBatch> {
  const station = assets.station;
  if (!station) throw new AppError('INVALID_API_KEY', 'The API key is unknown or has been revoked');
  const stationId = Number(station.id);
  const organizationId = Number(station.organizationId);
  const invalid: Problems = { count: 0, details: [] };
  const references: Problems = { count: 0, details: [] };
  const where = (kind: string, index: number, field: string, sourceId: string) => ({
    path: `${kind}.${index}.${field}`,
    prefix: `item ${sourceId}: `,
  });
  const report = (list: Problems, at: { path: string; prefix: string }, message: string) => {
    list.count++;
    if (list.details.length < MAX_DETAILS) list.details.push({ path: at.path, message: at.prefix + message });
  };
  const time = (kind: string, index: number, field: string, sourceId: string, value: string): number => {
    const ms = Date.parse(value);
    if (ms > now + FUTURE_TOLERANCE_MS)
      report(invalid, where(kind, index, field, sourceId), `${value} is in the future`);
    else if (ms < EARLIEST_MS)
      report(invalid, where(kind, index, field, sourceId), `${value} is before 2000`);
    return ms;
  };

  const dispensersById = new Map(assets.dispensers.map((d) => [Number(d.id), d]));
  const dispensersByCode = new Map(assets.dispensers.map((d) => [d.code, d]));
  const nozzlesById = new Map(assets.nozzles.map((n) => [Number(n.id), n]));
  const nozzlesByNumber = new Map(assets.nozzles.map((n) => [`${n.dispenserId}:${n.number}`, n]));
  const lanes = Math.max(Number(station.lanes), ...assets.dispensers.map((d) => Number(d.lane)));

  const findNozzle = (item: { nozzleId?: number; dispenserCode?: string; nozzleNumber?: number }) => {
    if (item.nozzleId !== undefined) return nozzlesById.get(item.nozzleId);
    const dispenser = item.dispenserCode === undefined ? undefined : dispensersByCode.get(item.dispenserCode);
    return dispenser ? nozzlesByNumber.get(`${dispenser.id}:${item.nozzleNumber}`) : undefined;
  };
  const nozzleLabel = (item: { nozzleId?: number; dispenserCode?: string; nozzleNumber?: number }) =>
    item.nozzleId !== undefined
      ? `nozzle ${item.nozzleId}`
      : `nozzle ${item.nozzleNumber} of dispenser ${item.dispenserCode}`;

  // Fills.
  const fills = firstOfEach<TIngestTransaction>(batch.transactions);
  const transactions: Insertable<TransactionsTable>[] = [];
  const wantedCustomers: { id: number; at: ReturnType<typeof where> }[] = [];
  const wantedAttendants: { id: number; at: ReturnType<typeof where> }[] = [];
  for (const { item, index } of fills.items) {
    const nozzle = findNozzle(item);
    const nozzleField = item.nozzleId !== undefined ? 'nozzleId' : 'dispenserCode';
    if (!nozzle) {
      report(
        references,
        where('transactions', index, nozzleField, item.sourceId),
        `${nozzleLabel(item)} is not a nozzle of this station`,
      );
      continue;
    }
    if (item.fuel !== undefined && item.fuel !== nozzle.fuel) {
      report(
        references,
        where('transactions', index, 'fuel', item.sourceId),
        `${nozzleLabel(item)} dispenses ${nozzle.fuel}, not ${item.fuel}`,
      );
    }
    const startedAt = time('transactions', index, 'startDate', item.sourceId, item.startDate);
    const endedAt = Date.parse(item.endDate);
    if (endedAt < startedAt) {
      report(invalid, where('transactions', index, 'endDate', item.sourceId), 'endDate is before startDate');
    } else if (endedAt - startedAt > LONGEST_FILL_MS) {
      report(
        invalid,
        where('transactions', index, 'endDate', item.sourceId),
        'a fill lasts at most 24 hours',
      );
    }
    if (item.customerId != null) {
      wantedCustomers.push({
        id: item.customerId,
        at: where('transactions', index, 'customerId', item.sourceId),
      });
    }
    if (item.attendantId != null) {
      wantedAttendants.push({
        id: item.attendantId,
        at: where('transactions', index, 'attendantId', item.sourceId),
      });
    }
    transactions.push({
      organizationId,
      stationId,
      dispenserId: Number(nozzle.dispenserId),
      nozzleId: Number(nozzle.id),
      fuel: nozzle.fuel,
      startedAt,
      endedAt,
      quantityMilli: Math.round(item.quantity * 1000),
      unitPricePaise: item.unitPricePaise,
      amountPaise: item.amountPaise,
      paymentMode: item.paymentMode,
      status: item.status,
      vehicleRegistration: item.vehicleRegistration ? normalizeRegistration(item.vehicleRegistration) : null,
      vehicleClass: item.vehicleClass,
      customerId: item.customerId ?? null,
      attendantId: item.attendantId ?? null,
      sourceId: item.sourceId,
    });
  }
  const batchFills = new Set(fills.items.map(({ item }) => item.sourceId));

  // Payments and sightings may point at a fill: by source id (this batch or stored) or by id.
  const fillBySource: { sourceId: string; at: ReturnType<typeof where> }[] = [];
  const fillById: { id: number; at: ReturnType<typeof where> }[] = [];
  const fillReference = (
    kind: string,
    index: number,
    item: { sourceId: string; transactionSourceId?: string; transactionId?: number },
  ) => {
    if (item.transactionSourceId !== undefined && !batchFills.has(item.transactionSourceId)) {
      fillBySource.push({
        sourceId: item.transactionSourceId,
        at: where(kind, index, 'transactionSourceId', item.sourceId),
      });
    }
    if (item.transactionId !== undefined) {
      fillById.push({ id: item.transactionId, at: where(kind, index, 'transactionId', item.sourceId) });
    }
  };

  const paid = firstOfEach<TIngestPayment>(batch.payments);
  const payments: ResolvedBatch['payments'] = [];
  for (const { item, index } of paid.items) {
    fillReference('payments', index, item);
    payments.push({
      transactionSourceId: item.transactionSourceId ?? null,
      row: {
        organizationId,
        stationId,
        transactionId: item.transactionId ?? null,
        paidAt: time('payments', index, 'timestamp', item.sourceId, item.timestamp),
        mode: item.mode,
        amountPaise: item.amountPaise,
        status: item.status,
        reference: item.reference,
        provider: item.provider,
        sourceId: item.sourceId,
      },
    });
  }

  const seen = firstOfEach<TIngestSighting>(batch.sightings);
  const sightings: ResolvedBatch['sightings'] = [];
  for (const { item, index } of seen.items) {
    fillReference('sightings', index, item);
    if (item.lane > lanes) {
      report(references, where('sightings', index, 'lane', item.sourceId), `the station has ${lanes} lanes`);
    }
    sightings.push({
      transactionSourceId: item.transactionSourceId ?? null,
      row: {
        organizationId,
        stationId,
        registration: normalizeRegistration(item.registration),
        vehicleClass: item.vehicleClass,
        seenAt: time('sightings', index, 'seenAt', item.sourceId, item.seenAt),
        lane: item.lane,
        confidence: item.confidence,
        dwellSeconds: item.dwellSeconds,
        transactionId: item.transactionId ?? null,
        sourceId: item.sourceId,
      },
    });
  }

  // Reported states.
  const states: Insertable<AssetStateEventsTable>[] = [];
  const dispenserReports = firstOfEach<TIngestDispenserState>(batch.dispenserStates);
  for (const { item, index } of dispenserReports.items) {
    const dispenser =
      item.dispenserId !== undefined
        ? dispensersById.get(item.dispenserId)
        : dispensersByCode.get(item.dispenserCode ?? '');
    const at = time('dispenserStates', index, 'at', item.sourceId, item.at);
    if (!dispenser) {
      const field = item.dispenserId !== undefined ? 'dispenserId' : 'dispenserCode';
      const label = item.dispenserId ?? item.dispenserCode;
      report(
        references,
        where('dispenserStates', index, field, item.sourceId),
        `dispenser ${label} is not this station's`,
      );
      continue;
    }
    states.push({
      organizationId,
      stationId,
      kind: 'dispenser',
      dispenserId: Number(dispenser.id),
      nozzleId: null,
      status: item.status,
      at,
      sourceId: item.sourceId,
    });
  }
  const nozzleReports = firstOfEach<TIngestNozzleState>(batch.nozzleStates);
  for (const { item, index } of nozzleReports.items) {
    const nozzle = findNozzle(item);
    const at = time('nozzleStates', index, 'at', item.sourceId, item.at);
    if (!nozzle) {
      const field = item.nozzleId !== undefined ? 'nozzleId' : 'dispenserCode';
      report(
        references,
        where('nozzleStates', index, field, item.sourceId),
        `${nozzleLabel(item)} is not a nozzle of this station`,
      );
      continue;
    }
    states.push({
      organizationId,
      stationId,
      kind: 'nozzle',
      dispenserId: Number(nozzle.dispenserId),
      nozzleId: Number(nozzle.id),
      status: item.status,
      at,
      sourceId: item.sourceId,
    });
  }

  const sampled = firstOfEach(batch.congestionSamples);
  const congestionSamples: Insertable<CongestionSamplesTable>[] = [];
  for (const { item, index } of sampled.items) {
    if (item.lane > lanes) {
      report(
        references,
        where('congestionSamples', index, 'lane', item.sourceId),
        `the station has ${lanes} lanes`,
      );
    }
    congestionSamples.push({
      organizationId,
      stationId,
      lane: item.lane,
      sampledAt: time('congestionSamples', index, 'sampledAt', item.sourceId, item.sampledAt),
      queueLength: item.queueLength,
      waitSeconds: item.waitSeconds,
      sourceId: item.sourceId,
    });
  }

  // Lookups for what the batch itself cannot tell: one query per kind of reference.
  const unique = <T>(values: T[]) => [...new Set(values)];
  const [storedFills, knownFillIds, knownCustomers, knownAttendants] = await Promise.all([
    transactionIdsBySource(db, stationId, unique(fillBySource.map((ref) => ref.sourceId))),
    existingIds(db, 'transactions', { stationId }, unique(fillById.map((ref) => ref.id))),
    existingIds(db, 'customers', { organizationId }, unique(wantedCustomers.map((ref) => ref.id))),
    existingIds(db, 'personnel', { stationId }, unique(wantedAttendants.map((ref) => ref.id))),
  ]);
  for (const ref of fillBySource) {
    if (!storedFills.has(ref.sourceId)) {
      report(
        references,
        ref.at,
        `no fill with source id ${ref.sourceId} at this station (in this batch or before)`,
      );
    }
  }
  for (const ref of fillById) {
    if (!knownFillIds.has(ref.id)) report(references, ref.at, `transaction ${ref.id} is not this station's`);
  }
  for (const ref of wantedCustomers) {
    if (!knownCustomers.has(ref.id))
      report(references, ref.at, `customer ${ref.id} is not this organisation's`);
  }
  for (const ref of wantedAttendants) {
    if (!knownAttendants.has(ref.id))
      report(references, ref.at, `attendant ${ref.id} does not work at this station`);
  }

  if (invalid.count > 0) {
    throw new AppError(
      'VALIDATION_FAILED',
      `${invalid.count} problem(s) with implausible values; nothing was written`,
      invalid.details,
    );
  }
  if (references.count > 0) {
    throw new AppError(
      'INVALID_REFERENCE',
      `${references.count} reference(s) to something that is not this station's; nothing was written`,
      references.details,
    );
  }
  return {
    transactions,
    payments,
    sightings,
    states,
    congestionSamples,
    storedFills,
    repeated: {
      transactions: fills.repeated,
      payments: paid.repeated,
      sightings: seen.repeated,
      dispenserStates: dispenserReports.repeated,
      nozzleStates: nozzleReports.repeated,
      congestionSamples: sampled.repeated,
    },
  };
}
