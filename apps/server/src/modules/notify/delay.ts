import type { TStepMetadata, TTimeUnit } from '@forecourt/contracts';

/**
 * Time arithmetic of the delay and digest steps (seconds to months), in UTC epoch milliseconds.
 * Seconds to weeks are fixed lengths; months are calendar months (31 January + 1 month is the
 * last day of February), so "in one month" lands on the same day and time of the next month.
 */

const FIXED_MS: Record<Exclude<TTimeUnit, 'months'>, number> = {
  seconds: 1_000,
  minutes: 60_000,
  hours: 3_600_000,
  days: 86_400_000,
  weeks: 604_800_000,
};

/** `at` plus `amount` units (negative amounts go back). */
export function addTime(at: number, amount: number, unit: TTimeUnit): number {
  if (unit !== 'months') return at + amount * FIXED_MS[unit];
  const date = new Date(at);
  const day = date.getUTCDate();
  const target = new Date(at);
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + amount);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target.getTime();
}

/** Reads `a.b.c` from a payload; undefined when any part is missing. */
export function valueAtPath(payload: unknown, path: string): unknown {
  let value: unknown = payload;
  for (const part of path.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

export type DelayDue = { ok: true; runAt: number } | { ok: false; error: string };

/**
 * When a delay step lets the workflow continue: `amount` × `unit` after `now` (no amount: at once),
 * or, for a scheduled delay (`type: 'scheduled'` with `delayPath`), at the date the payload holds
 * at that path (ISO 8601 text or epoch milliseconds; a past date means at once).
 */
export function delayDueAt(metadata: TStepMetadata, payload: unknown, now: number): DelayDue {
  if (metadata.type === 'scheduled' || (metadata.delayPath && metadata.amount === undefined)) {
    const path = metadata.delayPath ?? '';
    const raw = path === '' ? undefined : valueAtPath(payload, path);
    const at = typeof raw === 'number' ? raw : typeof raw === 'string' ? Date.parse(raw) : Number.NaN;
    if (!Number.isFinite(at)) {
      return { ok: false, error: `The payload has no date at "${path}" for the scheduled delay` };
    }
    return { ok: true, runAt: Math.max(now, at) };
  }
  return { ok: true, runAt: addTime(now, metadata.amount ?? 0, metadata.unit ?? 'seconds') };
}
