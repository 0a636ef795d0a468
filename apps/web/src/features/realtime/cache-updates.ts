import type { TFuellingPointState, TStationSchematic } from '@forecourt/contracts';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { assetKeys } from '../assets';
import { metricsKeys } from '../metrics';
import { operationsKeys } from '../operations';
import type { TOperationsEvent } from './realtime-client';

/**
 * What a live event does to the query cache, as pure functions:
 *
 * - {@link patchSchematic}: `nozzle.state`, `dispenser.state` and `transactions.created` change the
 *   cached schematic in place (states, statuses, last transaction times) — no request;
 * - {@link invalidationsFor}: the station queries whose answers the event makes stale, by the key
 *   factories of their features (prefixes: every window, filter and page of that station's list
 *   or chart). Windowed screens also move to now through `nudgeLiveWindows()`
 *   (use-station-live.ts), which is what fetches their new data.
 */

type TSchematicDispenser = TStationSchematic['lanes'][number]['dispensers'][number];

/** A dispenser shows its worst nozzle (the server's rule, modules/assets/schematic.service.ts). */
export function dispenserState(
  status: TSchematicDispenser['status'],
  nozzleStates: readonly TFuellingPointState[],
): TFuellingPointState {
  if (status === 'fault' || nozzleStates.includes('fault')) return 'fault';
  if (status === 'offline' || status === 'maintenance') return 'offline';
  if (nozzleStates.includes('fuelling')) return 'fuelling';
  if (nozzleStates.length > 0 && nozzleStates.every((state) => state === 'offline')) return 'offline';
  return 'idle';
}

function mapDispensers(
  schematic: TStationSchematic,
  update: (dispenser: TSchematicDispenser) => TSchematicDispenser,
): TStationSchematic {
  let changed = false;
  const lanes = schematic.lanes.map((lane) => {
    let laneChanged = false;
    const dispensers = lane.dispensers.map((dispenser) => {
      const next = update(dispenser);
      if (next !== dispenser) laneChanged = true;
      return next;
    });
    if (!laneChanged) return lane;
    changed = true;
    return { ...lane, dispensers };
  });
  return changed ? { ...schematic, lanes } : schematic;
}

/**
 * The schematic after `event`; the same object when the event changes nothing in it (another
 * station, an unknown nozzle, nothing new), so TanStack Query keeps its subscribers quiet.
 */
export function patchSchematic(schematic: TStationSchematic, event: TOperationsEvent): TStationSchematic {
  if (event.payload.stationId !== schematic.stationId) return schematic;
  switch (event.name) {
    case 'nozzle.state': {
      const { dispenserId, nozzleId, state } = event.payload;
      return mapDispensers(schematic, (dispenser) => {
        if (dispenser.id !== dispenserId) return dispenser;
        const target = dispenser.nozzles.find((nozzle) => nozzle.id === nozzleId);
        if (!target || target.state === state) return dispenser;
        const nozzles = dispenser.nozzles.map((nozzle) =>
          nozzle.id === nozzleId ? { ...nozzle, state } : nozzle,
        );
        return {
          ...dispenser,
          nozzles,
          state: dispenserState(
            dispenser.status,
            nozzles.map((nozzle) => nozzle.state),
          ),
        };
      });
    }
    case 'dispenser.state': {
      const { dispenserId, status, state } = event.payload;
      return mapDispensers(schematic, (dispenser) =>
        dispenser.id !== dispenserId || (dispenser.status === status && dispenser.state === state)
          ? dispenser
          : { ...dispenser, status, state },
      );
    }
    case 'transactions.created': {
      // The newest fill start per nozzle.
      const latest = new Map<number, string>();
      for (const fill of event.payload.latest) {
        const known = latest.get(fill.nozzleId);
        if (!known || Date.parse(fill.startDate) > Date.parse(known))
          latest.set(fill.nozzleId, fill.startDate);
      }
      if (latest.size === 0) return schematic;
      return mapDispensers(schematic, (dispenser) => {
        let changed = false;
        const nozzles = dispenser.nozzles.map((nozzle) => {
          const startDate = latest.get(nozzle.id);
          if (
            !startDate ||
            (nozzle.lastTransactionAt && Date.parse(nozzle.lastTransactionAt) >= Date.parse(startDate))
          )
            return nozzle;
          changed = true;
          return { ...nozzle, lastTransactionAt: startDate };
        });
        return changed ? { ...dispenser, nozzles } : dispenser;
      });
    }
    default:
      return schematic;
  }
}

/** The query-key prefixes of `slug`'s screens that `event` makes stale. */
export function invalidationsFor(event: TOperationsEvent, slug: string): QueryKey[] {
  const list = (resource: 'transactions' | 'payments' | 'vehicles' | 'customers') =>
    [...operationsKeys.station(slug), resource] as const;
  const registry = assetKeys.stationRegistries(slug);
  switch (event.name) {
    case 'transactions.created':
      return [
        list('transactions'),
        list('customers'),
        metricsKeys.overview(slug),
        metricsKeys.sales(slug),
        metricsKeys.series(slug),
        registry,
      ];
    case 'payments.created':
      return [list('payments'), metricsKeys.overview(slug)];
    case 'sightings.created':
      return [list('vehicles'), metricsKeys.overview(slug), metricsKeys.series(slug)];
    case 'nozzle.state':
      // The schematic is patched in place; the registry shows nozzle statuses.
      return [registry];
    case 'dispenser.state':
      // A dispenser's status changes its nozzles' states too, which the event does not carry.
      return [registry, assetKeys.schematic(slug), metricsKeys.overview(slug)];
    case 'congestion.sampled':
      return [metricsKeys.congestion(slug), metricsKeys.congestionSamples(slug), metricsKeys.series(slug)];
    case 'sales.updated':
      return [metricsKeys.sales(slug), metricsKeys.overview(slug), metricsKeys.series(slug)];
  }
}

/**
 * Applies `event` to the cache at once (schematic patches, for every cached schematic of the
 * event's station) and returns the prefixes to invalidate (the caller batches those).
 */
export function applyOperationsEvent(
  queryClient: QueryClient,
  event: TOperationsEvent,
  slug: string,
): QueryKey[] {
  queryClient.setQueriesData<TStationSchematic>({ queryKey: assetKeys.schematics() }, (schematic) =>
    schematic ? patchSchematic(schematic, event) : schematic,
  );
  return invalidationsFor(event, slug);
}
