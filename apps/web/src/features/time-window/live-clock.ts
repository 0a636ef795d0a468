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

/** How long a "now" fixed by a route loader stays the page's starting "now". */
const LOADER_NOW_TTL_MS = 30_000;
let loaderNow: { at: number; value: number } | undefined;

const secondNow = () => Math.floor(Date.now() / 1000) * 1000;

/**
 * "Now" for a route loader that starts a windowed query before the screen's code has loaded. The
 * screen then opens at the same instant, so its first query is the one the loader started (same
 * window, same cache entry) instead of a second request a second or two later.
 */
export function loaderPageNow(): number {
  const value = secondNow();
  loaderNow = { at: Date.now(), value };
  return value;
}

function initialNow(): number {
  const fixed = loaderNow;
  return fixed && Date.now() - fixed.at < LOADER_NOW_TTL_MS ? fixed.value : secondNow();
}

/**
 * The current time in milliseconds, to the second. While `live` it advances every `intervalMs`
 * and on every nudge; otherwise it stays where the page opened, so fixed windows keep their queries.
 */
export function useLiveNow(live: boolean, intervalMs: number): number {
  const nudge = useSyncExternalStore(subscribe, () => nudges);
  const [now, setNow] = useState(initialNow);

  useEffect(() => {
    if (!live) return;
    const timer = setInterval(() => setNow(secondNow()), intervalMs);
    return () => clearInterval(timer);
  }, [live, intervalMs]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a nudge is the trigger, not an input.
  useEffect(() => {
    if (live && nudge > 0) setNow(secondNow());
  }, [nudge]);

  return now;
}
