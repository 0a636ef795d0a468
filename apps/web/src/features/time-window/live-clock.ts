import { useEffect, useState, useSyncExternalStore } from 'react';

/**
 * "Now" for live windows. Each live screen reads it through {@link useLiveNow}; it moves on a timer
 * suited to the window and whenever new data is announced ({@link nudgeLiveWindows}, called by the
 * realtime connection), so open screens move to the latest data without polling too often.
 */
let nudges = 0;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Moves every live window to now (new data has arrived). */
export function nudgeLiveWindows(): void {
  nudges += 1;
  for (const listener of listeners) listener();
}

/**
 * The page's shared "now": route loaders and the screens they load read the same value, so a
 * loader's query is the screen's first query (same window, same cache entry) even when the
 * screen's code arrives later or the screen is reused for another station. It is taken afresh
 * when older than this, and moves on whenever a live screen's clock ticks.
 */
const SHARED_NOW_TTL_MS = 60_000;
let shared: { at: number; value: number } | undefined;

const secondNow = () => Math.floor(Date.now() / 1000) * 1000;

function freshNow(): number {
  const value = secondNow();
  shared = { at: Date.now(), value };
  return value;
}

/** "Now" for a route loader that starts a windowed query before its screen has loaded. */
export function loaderPageNow(): number {
  return shared && Date.now() - shared.at < SHARED_NOW_TTL_MS ? shared.value : freshNow();
}

/**
 * The current time in milliseconds, to the second. While `live` it advances every `intervalMs`
 * and on every nudge; otherwise it stays where the page opened, so fixed windows keep their queries.
 */
export function useLiveNow(live: boolean, intervalMs: number): number {
  const nudge = useSyncExternalStore(subscribe, () => nudges);
  const [now, setNow] = useState(loaderPageNow);

  useEffect(() => {
    if (!live) return;
    const timer = setInterval(() => setNow(freshNow()), intervalMs);
    return () => clearInterval(timer);
  }, [live, intervalMs]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a nudge is the trigger, not an input.
  useEffect(() => {
    if (live && nudge > 0) setNow(freshNow());
  }, [nudge]);

  return now;
}
