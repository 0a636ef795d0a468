import type {
  TDispenserRegistry,
  TDispenserRegistryQuery,
  TDispenserStatus,
  TFuel,
  TNozzleStatus,
  TRegistryDispenser,
} from '@forecourt/contracts';
import type { Db } from '../../db/database';
import { keysetOrder, listPage, type SortColumn } from '../../lib/paging/list-page';
import { resolveRequestWindow } from '../../lib/windows/request-window';
import {
  type DispenserRow,
  dispensersQuery,
  faultsPerDispenser,
  lastFills,
  nozzleHealth,
  nozzlesOf,
} from './assets.repository';

const SORTS: Record<'code' | 'lane' | 'status', SortColumn<DispenserRow>> = {
  code: { column: 'dispensers.code', kind: 'string', value: (row) => row.code },
  lane: { column: 'dispensers.lane', kind: 'number', value: (row) => row.lane },
  status: { column: 'dispensers.status', kind: 'string', value: (row) => row.status },
};

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * A station's dispenser → nozzle registry: each nozzle with its latest fill and its health over the
 * window (fills, quantity, mean flow per minute of nozzle time), and the dispenser faults opened in
 * the window. Dispensers have no window of their own: the default one (an hour by default, at most
 * a week; docs/DECISIONS.md).
 */
export async function getDispenserRegistry(
  db: Db,
  stationId: number,
  query: TDispenserRegistryQuery,
  now: number,
): Promise<TDispenserRegistry> {
  const { window, startMs, endMs } = resolveRequestWindow('default', query, now);
  const filters = {
    ...(query.status ? { status: query.status } : {}),
    ...(query.fuel ? { fuel: query.fuel } : {}),
  };
  const page = await listPage(
    db,
    dispensersQuery(db, stationId, filters),
    keysetOrder(query.sort, SORTS, 'dispensers.id'),
    query,
    (row) => row,
    window,
  );
  const nozzles = await nozzlesOf(
    db,
    page.results.map((row) => row.id),
  );
  const [last, health, faults] = await Promise.all([
    lastFills(
      db,
      nozzles.map((row) => row.id),
    ),
    nozzleHealth(db, stationId, { startMs, endMs }),
    faultsPerDispenser(db, stationId, { startMs, endMs }),
  ]);
  const results: TRegistryDispenser[] = page.results.map((dispenser) => {
    const own = nozzles.filter((nozzle) => nozzle.dispenserId === dispenser.id);
    const fills = own.map((nozzle) => last.get(nozzle.id)).filter((fill) => fill !== undefined);
    const latest = fills.reduce<number | null>((max, fill) => Math.max(max ?? 0, fill.startedAt), null);
    return {
      id: dispenser.id,
      stationId: dispenser.stationId,
      code: dispenser.code,
      lane: dispenser.lane,
      make: dispenser.make,
      status: dispenser.status as TDispenserStatus,
      installedOn: dispenser.installedOn,
      faults: faults.get(dispenser.id) ?? 0,
      lastTransactionAt: latest === null ? null : iso(latest),
      nozzles: own.map((nozzle) => {
        const fill = last.get(nozzle.id);
        const used = health.get(nozzle.id);
        return {
          id: nozzle.id,
          dispenserId: nozzle.dispenserId,
          number: nozzle.number,
          side: nozzle.side === 'B' ? 'B' : 'A',
          fuel: nozzle.fuel as TFuel,
          status: nozzle.status as TNozzleStatus,
          totalizer: nozzle.totalizerMilli / 1000,
          lastTransaction: fill
            ? {
                id: fill.id,
                startDate: iso(fill.startedAt),
                quantity: fill.quantityMilli / 1000,
                amountPaise: fill.amountPaise,
              }
            : null,
          health: {
            transactions: used?.transactions ?? 0,
            quantity: (used?.quantityMilli ?? 0) / 1000,
            flowRatePerMinute:
              used && used.busyMs > 0
                ? Math.round((used.quantityMilli / 1000 / (used.busyMs / 60_000)) * 100) / 100
                : null,
          },
        };
      }),
    };
  });
  return { ...page, results };
}
