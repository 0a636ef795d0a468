import type { TStepMetadata } from '@forecourt/contracts';
import { addTime, valueAtPath } from './delay';
import { nextTimedRun } from './digest-schedule';

/**
 * Digest steps (docs/PRODUCT.md, "Notification workflows"): which kind a step is, the group an event falls in (the digest key), how
 * long a window stays open, and what the steps after a digest read in their templates.
 */

export type DigestKind = 'regular' | 'backoff' | 'timed';

/** `timed` / `scheduled` (or `timed.mode: 'scheduled'`), `backoff` (or `backoff: true`), else regular. */
export function digestKind(metadata: TStepMetadata): DigestKind {
  if (metadata.type === 'timed' || metadata.type === 'scheduled' || metadata.timed?.mode === 'scheduled') {
    return 'timed';
  }
  if (metadata.type === 'backoff' || metadata.backoff === true) return 'backoff';
  return 'regular';
}

/**
 * The group of an event: the payload value at `digestKey` (a path such as `stationId` or
 * `payload.station.id`) as text; null when the step has no digest key (one group per subscriber).
 * A missing value is its own group ('').
 */
export function digestKeyValue(metadata: TStepMetadata, payload: unknown): string | null {
  const path = metadata.digestKey?.trim();
  if (!path) return null;
  const value = valueAtPath(payload, path.startsWith('payload.') ? path.slice('payload.'.length) : path);
  if (value === undefined || value === null) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** When a window opened at `now` closes: `amount` × `unit` later, or the next scheduled time. */
export function digestWindowEnd(metadata: TStepMetadata, now: number): number {
  if (digestKind(metadata) === 'timed') return nextTimedRun(now, metadata);
  return addTime(now, metadata.amount ?? 0, metadata.unit ?? 'minutes');
}

/** Backoff: events at or after this time count as "another event came within the backoff window". */
export function backoffSince(metadata: TStepMetadata, now: number): number {
  return addTime(
    now,
    -(metadata.backoffAmount ?? metadata.amount ?? 0),
    metadata.backoffUnit ?? metadata.unit ?? 'minutes',
  );
}

/** What a fired digest collected, on the lead job of a notification. */
export type DigestResult = { stepIndex: number; events: unknown[] };

/**
 * The `step` variables of a template, as Novu gives them: after a digest, `step.digest` is true,
 * `step.events` the payloads of the digested events (oldest first; the first is the trigger the
 * message's own `payload` comes from) and `step.total_count` how many there are. Elsewhere
 * `step.digest` is false, `step.events` empty and `step.total_count` 0.
 */
export function digestStepVariables(results: readonly DigestResult[] | undefined, stepIndex: number) {
  let latest: DigestResult | undefined;
  for (const result of results ?? []) {
    if (result.stepIndex < stepIndex && (!latest || result.stepIndex > latest.stepIndex)) latest = result;
  }
  return latest
    ? { digest: true, events: latest.events, total_count: latest.events.length }
    : { digest: false, events: [] as unknown[], total_count: 0 };
}
