import { type QueryClient, type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { metricsKeys } from '../metrics';
import { nudgeLiveWindows } from '../time-window';
import { applyOperationsEvent } from './cache-updates';
import { realtime, type TOperationsEvent, type TStationLiveStatus } from './realtime-client';

/** Events arriving within this long are handled together (a busy station sends several a second). */
export const EVENT_BATCH_MS = 300;
/** Time for live windows to move to now before the rest is invalidated. */
export const WINDOW_SETTLE_MS = 200;

/**
 * Handles one station's events: schematic patches at once; then, per batch, every live window moves
 * to now (`nudgeLiveWindows`: those screens fetch their new window) and a moment later the stale
 * prefixes are invalidated without cancelling requests already running, so a screen whose window
 * just moved is not asked twice while fixed windows and lists without a window refetch.
 */
export function createEventBatcher(
  queryClient: QueryClient,
  slug: string,
  timing: { batchMs?: number; settleMs?: number } = {},
) {
  const batchMs = timing.batchMs ?? EVENT_BATCH_MS;
  const settleMs = timing.settleMs ?? WINDOW_SETTLE_MS;
  const pending = new Map<string, QueryKey>();
  let batchTimer: ReturnType<typeof setTimeout> | null = null;
  let settleTimer: ReturnType<typeof setTimeout> | null = null;

  const invalidate = (keys: QueryKey[]) => {
    for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey }, { cancelRefetch: false });
  };

  const flush = () => {
    batchTimer = null;
    const keys = [...pending.values()];
    pending.clear();
    nudgeLiveWindows();
    settleTimer = setTimeout(() => {
      settleTimer = null;
      invalidate(keys);
    }, settleMs);
  };

  return {
    handle(event: TOperationsEvent) {
      for (const key of applyOperationsEvent(queryClient, event, slug)) pending.set(JSON.stringify(key), key);
      batchTimer ??= setTimeout(flush, batchMs);
    },
    dispose() {
      if (batchTimer) clearTimeout(batchTimer);
      if (settleTimer) clearTimeout(settleTimer);
      batchTimer = null;
      settleTimer = null;
      pending.clear();
    },
  };
}

/**
 * Live updates for a station while the calling component is mounted (the station header, so every
 * station page): joins the station's room on the shared connection and applies its events to the
 * cache. Returns the feed's status for the indicator. `stationId` may be unknown while loading.
 */
export function useStationLive(stationId: number | undefined, slug: string): TStationLiveStatus {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (stationId === undefined) return;
    const batcher = createEventBatcher(queryClient, slug);
    const stop = realtime.watch(stationId, batcher.handle);
    return () => {
      stop();
      batcher.dispose();
    };
  }, [queryClient, stationId, slug]);
  return useSyncExternalStore(realtime.subscribe, () =>
    stationId === undefined ? 'idle' : realtime.getStationStatus(stationId),
  );
}

/**
 * Live updates for the command centre: it watches every station it shows and, per batch of events
 * from any of them, moves live windows to now and refreshes the network figures (a fixed window
 * refetches too: late fills can land in it).
 */
export function useNetworkLive(stationIds: readonly number[]): void {
  const queryClient = useQueryClient();
  const ids = [...stationIds].sort((a, b) => a - b).join(',');
  useEffect(() => {
    if (!ids) return;
    let batchTimer: ReturnType<typeof setTimeout> | null = null;
    let settleTimer: ReturnType<typeof setTimeout> | null = null;
    const handle = () => {
      batchTimer ??= setTimeout(() => {
        batchTimer = null;
        nudgeLiveWindows();
        settleTimer = setTimeout(() => {
          settleTimer = null;
          void queryClient.invalidateQueries({ queryKey: metricsKeys.command() }, { cancelRefetch: false });
        }, WINDOW_SETTLE_MS);
      }, EVENT_BATCH_MS);
    };
    const stops = ids.split(',').map((id) => realtime.watch(Number(id), handle));
    return () => {
      for (const stop of stops) stop();
      if (batchTimer) clearTimeout(batchTimer);
      if (settleTimer) clearTimeout(settleTimer);
    };
  }, [queryClient, ids]);
}
