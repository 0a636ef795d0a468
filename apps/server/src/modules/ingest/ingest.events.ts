import type {
  TDispenserStatus,
  TFuel,
  TLiveTransaction,
  TNozzleStatus,
  TPaymentMode,
  TTransactionStatus,
} from '@forecourt/contracts';
import type { Db } from '../../db/database';
import { HOUR_MS } from '../../lib/time-buckets';
import { getSchematic } from '../assets/schematic.service';
import type { OperationsEvent, OperationsPublisher } from '../realtime/publisher';
import type { Committed } from './ingest.service';

const iso = (ms: number) => new Date(ms).toISOString();
const LATEST_FILLS = 5;
const LISTED_HOURS = 48;

/** The `count` newest fills (by start, then id), newest first, without sorting the whole batch. */
function newest<T extends { startedAt: number }>(
  fills: readonly T[],
  count: number,
  idOf: (fill: T) => number,
): (T & { id: number })[] {
  const top: (T & { id: number })[] = [];
  const newer = (startedAt: number, id: number, than: { startedAt: number; id: number }) =>
    startedAt > than.startedAt || (startedAt === than.startedAt && id > than.id);
  for (const row of fills) {
    const id = idOf(row);
    if (top.length === count && !newer(row.startedAt, id, top[count - 1]!)) continue;
    let at = top.length === count ? count - 1 : top.length;
    while (at > 0 && newer(row.startedAt, id, top[at - 1]!)) {
      top[at] = top[at - 1]!;
      at--;
    }
    top[at] = { ...row, id };
  }
  return top;
}

/** The realtime events of a committed batch: what is new at the station, compactly. */
export async function publishBatchEvents(
  db: Db,
  publisher: OperationsPublisher,
  committed: Committed,
  refreshedHours: readonly number[],
  now: number,
): Promise<void> {
  const { stationId, organizationId } = committed.target;
  const events: OperationsEvent[] = [];
  const event = (name: OperationsEvent['name'], payload: OperationsEvent['payload']) =>
    events.push({ organizationId, stationId, name, payload } as OperationsEvent);

  const fills = committed.transactions;
  if (fills.length > 0) {
    const latest: TLiveTransaction[] = newest(
      fills,
      LATEST_FILLS,
      (fill) => committed.fillIds.get(fill.sourceId as string) ?? 0,
    ).map((fill) => ({
      id: fill.id,
      dispenserId: fill.dispenserId,
      nozzleId: fill.nozzleId,
      fuel: fill.fuel as TFuel,
      startDate: iso(fill.startedAt),
      endDate: iso(fill.endedAt),
      quantity: fill.quantityMilli / 1000,
      amountPaise: fill.amountPaise,
      paymentMode: fill.paymentMode as TPaymentMode,
      status: fill.status as TTransactionStatus,
      vehicleRegistration: fill.vehicleRegistration ?? null,
    }));
    const amountPaise = fills.reduce((sum, fill) => sum + fill.amountPaise, 0);
    event('transactions.created', { stationId, count: fills.length, amountPaise, latest });
  }
  if (committed.payments.length > 0) {
    const failed = committed.payments.filter((payment) => payment.status === 'failed').length;
    event('payments.created', { stationId, count: committed.payments.length, failed });
  }
  if (committed.sightings.length > 0) {
    const served = committed.sightings.filter((sighting) => sighting.transactionId != null).length;
    event('sightings.created', { stationId, count: committed.sightings.length, served });
  }
  if (committed.congestionSamples.length > 0) {
    const newest = new Map<number, (typeof committed.congestionSamples)[number]>();
    for (const sample of committed.congestionSamples) {
      const known = newest.get(sample.lane);
      if (!known || sample.sampledAt > known.sampledAt) newest.set(sample.lane, sample);
    }
    const samples = [...newest.values()]
      .sort((a, b) => a.lane - b.lane)
      .map((sample) => ({
        lane: sample.lane,
        sampledAt: iso(sample.sampledAt),
        queueLength: sample.queueLength,
        waitSeconds: sample.waitSeconds,
      }));
    event('congestion.sampled', { stationId, samples });
  }
  if (committed.appliedStates.length > 0) {
    // What the schematic draws now, for the assets whose status changed.
    const schematic = await getSchematic(db, stationId, now);
    const dispensers = new Map(schematic.lanes.flatMap((lane) => lane.dispensers).map((d) => [d.id, d]));
    for (const report of committed.appliedStates) {
      const dispenser = dispensers.get(report.dispenserId);
      if (!dispenser) continue;
      if (report.kind === 'dispenser') {
        event('dispenser.state', {
          stationId,
          dispenserId: dispenser.id,
          status: report.status as TDispenserStatus,
          state: dispenser.state,
          at: iso(report.at),
        });
        continue;
      }
      const nozzle = dispenser.nozzles.find((n) => n.id === report.nozzleId);
      if (!nozzle) continue;
      event('nozzle.state', {
        stationId,
        dispenserId: dispenser.id,
        nozzleId: nozzle.id,
        status: report.status as TNozzleStatus,
        state: nozzle.state,
        at: iso(report.at),
      });
    }
  }
  if (fills.length > 0 && refreshedHours.length > 0) {
    const first = refreshedHours[0] as number;
    const last = refreshedHours[refreshedHours.length - 1] as number;
    event('sales.updated', {
      stationId,
      from: iso(first),
      to: iso(last + HOUR_MS),
      hours: refreshedHours.slice(-LISTED_HOURS).map(iso),
    });
  }
  for (const item of events) publisher.publish(item);
}
