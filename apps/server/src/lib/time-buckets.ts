import { IST_OFFSET_MS } from '@forecourt/contracts';

/**
 * Time grid of the rollups and charts. `sales_hourly.bucket` is the instant an IST clock hour
 * starts (docs/DECISIONS.md). Chart steps are aligned to IST too: a day starts at IST midnight and
 * a week on Monday, so every hourly bucket falls inside exactly one step of 1 h or more.
 */
export const HOUR_MS = 3_600_000;

/** Origin of the chart grid: Monday 5 January 1970, 00:00 IST. */
const GRID_ORIGIN = 4 * 86_400_000 - IST_OFFSET_MS;

/** Start of the IST hour containing `ms`. */
export const hourBucket = (ms: number): number =>
  Math.floor((ms + IST_OFFSET_MS) / HOUR_MS) * HOUR_MS - IST_OFFSET_MS;

/** Start of the step of `stepMs` containing `ms`. */
export const stepStart = (ms: number, stepMs: number): number =>
  Math.floor((ms - GRID_ORIGIN) / stepMs) * stepMs + GRID_ORIGIN;

/** Every step start from the one containing `startMs` up to (excluding) `endMs`. */
export function stepStarts(startMs: number, endMs: number, stepMs: number): number[] {
  const starts: number[] = [];
  for (let at = stepStart(startMs, stepMs); at < endMs; at += stepMs) starts.push(at);
  return starts;
}

export const DAY_MS = 86_400_000;

/** Start of the IST day containing `ms` (the `sales_daily.day` of a time). */
export const dayBucket = (ms: number): number =>
  Math.floor((ms + IST_OFFSET_MS) / DAY_MS) * DAY_MS - IST_OFFSET_MS;

export const WEEK_MS = 7 * DAY_MS;

/** Start of the IST week (Monday 00:00) containing `ms` (the `customer_sales_weekly.week` of a time). */
export const weekBucket = (ms: number): number => stepStart(ms, WEEK_MS);

/** Epoch ms of the grid origin, for SQL that buckets weeks the same way as {@link weekBucket}. */
export const WEEK_GRID_ORIGIN = GRID_ORIGIN;

const ceilTo = (ms: number, floor: (ms: number) => number, size: number) =>
  floor(ms) === ms ? ms : floor(ms) + size;

/**
 * How a window splits between the rollups and raw rows: whole IST days from `sales_daily`, whole
 * hours at the partial days from `sales_hourly`, and the partial hours at either edge (each under
 * an hour, read through the station/organisation time index) from `transactions`. `finest` limits
 * the coarsest source a chart step can use: a 3-hour step cannot take whole days.
 */
export type WindowSplit = {
  days: [number, number][];
  hours: [number, number][];
  raw: [number, number][];
};

export function splitWindow(
  startMs: number,
  endMs: number,
  finest: 'day' | 'hour' | 'raw' = 'day',
): WindowSplit {
  const split: WindowSplit = { days: [], hours: [], raw: [] };
  const push = (list: [number, number][], from: number, to: number) => {
    if (from < to) list.push([from, to]);
  };
  const hoursFrom = ceilTo(startMs, hourBucket, HOUR_MS);
  const hoursTo = hourBucket(endMs);
  if (finest === 'raw' || hoursFrom >= hoursTo) {
    push(split.raw, startMs, endMs);
    return split;
  }
  push(split.raw, startMs, hoursFrom);
  push(split.raw, hoursTo, endMs);
  const daysFrom = ceilTo(hoursFrom, dayBucket, DAY_MS);
  const daysTo = dayBucket(hoursTo);
  if (finest === 'hour' || daysFrom >= daysTo) {
    push(split.hours, hoursFrom, hoursTo);
    return split;
  }
  push(split.hours, hoursFrom, daysFrom);
  push(split.hours, daysTo, hoursTo);
  push(split.days, daysFrom, daysTo);
  return split;
}
