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
 * The current time in milliseconds, to the second. While `live` it advances every `intervalMs`
 * and on every nudge; otherwise it stays where the page opened, so fixed windows keep their queries.
 */
export function useLiveNow(live: boolean, intervalMs: number): number {
  const nudge = useSyncExternalStore(subscribe, () => nudges);
  const [now, setNow] = useState(() => Math.floor(Date.now() / 1000) * 1000);

  useEffect(() => {
    if (!live) return;
    const timer = setInterval(() => setNow(Math.floor(Date.now() / 1000) * 1000), intervalMs);
    return () => clearInterval(timer);
  }, [live, intervalMs]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a nudge is the trigger, not an input.
  useEffect(() => {
    if (live && nudge > 0) setNow(Math.floor(Date.now() / 1000) * 1000);
  }, [nudge]);

  return now;
}
