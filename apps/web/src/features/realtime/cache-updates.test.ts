import type { TStationSchematic } from '@forecourt/contracts';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SCHEMATIC } from '../assets/fixtures';
import { assetKeys } from '../assets/queries';
import { listFuellingPoints } from '../assets/schematic-model';
import { metricsKeys } from '../metrics/keys';
import { operationsKeys } from '../operations/keys';
import { nudgeLiveWindows } from '../time-window/live-clock';
import { applyOperationsEvent, invalidationsFor, patchSchematic } from './cache-updates';
import type { TOperationsEvent } from './realtime-client';
import { createEventBatcher } from './use-station-live';

vi.mock('../time-window/live-clock', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../time-window/live-clock')>()),
  nudgeLiveWindows: vi.fn(),
}));

const SLUG = 'ring-road-surat';
const AT = '2026-04-01T06:31:00.000Z';

const nozzleState = (
  nozzleId: number,
  dispenserId: number,
  state: 'idle' | 'fuelling' | 'fault' | 'offline',
) =>
  ({
    name: 'nozzle.state',
    payload: {
      stationId: 7,
      dispenserId,
      nozzleId,
      status: state === 'fuelling' ? 'dispensing' : 'idle',
      state,
      at: AT,
    },
  }) as const satisfies TOperationsEvent;

function pointOf(schematic: TStationSchematic, nozzleId: number) {
  return listFuellingPoints(schematic).find((point) => point.nozzle.id === nozzleId);
}

describe('patchSchematic', () => {
  it('sets a nozzle state and recomputes its dispenser (worst nozzle)', () => {
    // D1: nozzle 101 fuelling, 102 idle → 101 goes idle: the dispenser is idle.
    const next = patchSchematic(SCHEMATIC, nozzleState(101, 11, 'idle'));
    expect(pointOf(next, 101)?.nozzle.state).toBe('idle');
    expect(pointOf(next, 101)?.dispenser.state).toBe('idle');
    // Nothing else is touched, and the original is not mutated.
    expect(next.lanes[1]).toBe(SCHEMATIC.lanes[1]);
    expect(pointOf(SCHEMATIC, 101)?.nozzle.state).toBe('fuelling');

    const faulty = patchSchematic(SCHEMATIC, nozzleState(102, 11, 'fault'));
    expect(pointOf(faulty, 102)?.dispenser.state).toBe('fault');
  });

  it('returns the same object when nothing changes', () => {
    expect(patchSchematic(SCHEMATIC, nozzleState(101, 11, 'fuelling'))).toBe(SCHEMATIC);
    expect(patchSchematic(SCHEMATIC, nozzleState(999, 11, 'fault'))).toBe(SCHEMATIC);
    const otherStation = nozzleState(101, 11, 'idle');
    expect(
      patchSchematic(SCHEMATIC, { ...otherStation, payload: { ...otherStation.payload, stationId: 8 } }),
    ).toBe(SCHEMATIC);
    expect(
      patchSchematic(SCHEMATIC, {
        name: 'sales.updated',
        payload: { stationId: 7, from: AT, to: AT, hours: [] },
      }),
    ).toBe(SCHEMATIC);
  });

  it('applies a dispenser status and state', () => {
    const next = patchSchematic(SCHEMATIC, {
      name: 'dispenser.state',
      payload: { stationId: 7, dispenserId: 13, status: 'idle', state: 'idle', at: AT },
    });
    const dispenser = next.lanes[1]?.dispensers[0];
    expect(dispenser?.status).toBe('idle');
    expect(dispenser?.state).toBe('idle');
  });

  it('moves the last transaction time forward on new fills, never back', () => {
    const fill = {
      id: 1,
      dispenserId: 11,
      nozzleId: 102,
      fuel: 'diesel',
      startDate: '2026-04-01T06:30:30.000Z',
      endDate: '2026-04-01T06:32:00.000Z',
      quantity: 20,
      amountPaise: 180_000,
      paymentMode: 'upi',
      status: 'completed',
      vehicleRegistration: null,
    } as const;
    const older = { ...fill, id: 2, nozzleId: 101, startDate: '2026-04-01T06:00:00.000Z' };
    const next = patchSchematic(SCHEMATIC, {
      name: 'transactions.created',
      payload: { stationId: 7, count: 2, amountPaise: 360_000, latest: [fill, older] },
    });
    expect(pointOf(next, 102)?.nozzle.lastTransactionAt).toBe(fill.startDate);
    expect(pointOf(next, 101)?.nozzle.lastTransactionAt).toBe('2026-04-01T06:28:00.000Z');
  });
});

describe('invalidationsFor', () => {
  it('names the station screens each event makes stale', () => {
    const fills = invalidationsFor(
      { name: 'transactions.created', payload: { stationId: 7, count: 1, amountPaise: 1, latest: [] } },
      SLUG,
    );
    expect(fills).toContainEqual([...operationsKeys.station(SLUG), 'transactions']);
    expect(fills).toContainEqual(metricsKeys.overview(SLUG));
    expect(fills).toContainEqual(metricsKeys.sales(SLUG));
    expect(fills).toContainEqual(assetKeys.stationRegistries(SLUG));
    // The schematic is patched, not refetched.
    expect(fills).not.toContainEqual(assetKeys.schematic(SLUG));

    expect(invalidationsFor(nozzleState(101, 11, 'idle'), SLUG)).toEqual([assetKeys.stationRegistries(SLUG)]);
    expect(
      invalidationsFor({ name: 'congestion.sampled', payload: { stationId: 7, samples: [] } }, SLUG),
    ).toContainEqual(metricsKeys.congestion(SLUG));
    expect(
      invalidationsFor({ name: 'payments.created', payload: { stationId: 7, count: 1, failed: 0 } }, SLUG),
    ).toContainEqual([...operationsKeys.station(SLUG), 'payments']);
    expect(
      invalidationsFor(
        {
          name: 'dispenser.state',
          payload: { stationId: 7, dispenserId: 13, status: 'idle', state: 'idle', at: AT },
        },
        SLUG,
      ),
    ).toContainEqual(assetKeys.schematic(SLUG));
  });
});

describe('applying events to the query cache', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.mocked(nudgeLiveWindows).mockClear();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('patches the cached schematic of the event’s station only', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(assetKeys.schematic(SLUG), SCHEMATIC);
    const other = { ...SCHEMATIC, stationId: 8 };
    queryClient.setQueryData(assetKeys.schematic('elsewhere'), other);

    applyOperationsEvent(queryClient, nozzleState(102, 11, 'fuelling'), SLUG);
    const patched = queryClient.getQueryData<TStationSchematic>(assetKeys.schematic(SLUG));
    expect(patched && pointOf(patched, 102)?.nozzle.state).toBe('fuelling');
    expect(queryClient.getQueryData(assetKeys.schematic('elsewhere'))).toBe(other);
  });

  it('batches events: one nudge of the live windows, then one invalidation per stale prefix', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(assetKeys.schematic(SLUG), SCHEMATIC);
    const overview = [...metricsKeys.overview(SLUG), { startDate: 'a', endDate: 'b' }];
    const unrelated = [...metricsKeys.overview('elsewhere'), { startDate: 'a', endDate: 'b' }];
    queryClient.setQueryData(overview, { ok: true });
    queryClient.setQueryData(unrelated, { ok: true });
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const batcher = createEventBatcher(queryClient, SLUG, { batchMs: 300, settleMs: 200 });

    batcher.handle(nozzleState(102, 11, 'fuelling'));
    batcher.handle({ name: 'sales.updated', payload: { stationId: 7, from: AT, to: AT, hours: [AT] } });
    batcher.handle({ name: 'sales.updated', payload: { stationId: 7, from: AT, to: AT, hours: [AT] } });
    // The schematic changed at once; nothing else yet.
    const patched = queryClient.getQueryData<TStationSchematic>(assetKeys.schematic(SLUG));
    expect(patched && pointOf(patched, 102)?.nozzle.state).toBe('fuelling');
    expect(nudgeLiveWindows).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(300);
    expect(nudgeLiveWindows).toHaveBeenCalledTimes(1);
    expect(invalidate).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(200);
    const keys = invalidate.mock.calls.map(([filters]) => filters?.queryKey);
    // Registry (nozzle.state) + sales, overview, series (sales.updated, twice but once each).
    expect(keys).toHaveLength(4);
    expect(new Set(keys.map((key) => JSON.stringify(key))).size).toBe(4);
    expect(invalidate.mock.calls.every(([, options]) => options?.cancelRefetch === false)).toBe(true);
    expect(queryClient.getQueryState(overview)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(unrelated)?.isInvalidated).toBe(false);

    batcher.handle(nozzleState(102, 11, 'idle'));
    batcher.dispose();
    await vi.advanceTimersByTimeAsync(1000);
    expect(nudgeLiveWindows).toHaveBeenCalledTimes(1);
  });
});
