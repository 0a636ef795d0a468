import { formatNumber, MISSING_VALUE } from './number';

const SECOND = 1;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * Units of {@link formatDuration}, largest first, in seconds: a year is 365 days and
 * a month 30 days, so `365 days` reads `1 year`, not `12 months 5 days`.
 */
export const DURATION_UNITS = [
  { name: 'year', short: 'y', seconds: 365 * DAY },
  { name: 'month', short: 'mo', seconds: 30 * DAY },
  { name: 'week', short: 'w', seconds: 7 * DAY },
  { name: 'day', short: 'd', seconds: DAY },
  { name: 'hour', short: 'h', seconds: HOUR },
  { name: 'minute', short: 'm', seconds: MINUTE },
  { name: 'second', short: 's', seconds: SECOND },
] as const;

/** Options of {@link formatDuration}. */
export type TFormatDurationOptions = {
  /** Most units shown, largest first (default 10, i.e. all of them). Smaller units are dropped, not rounded. */
  maxUnits?: number;
  /** `long` (default) → `'1 day 2 hours'`; `short` → `'1d 2h'`. */
  style?: 'long' | 'short';
};

/**
 * Formats milliseconds as a human duration: `formatDuration(93_600_000)` → `'1 day 2 hours'`.
 * Units that are zero are skipped and do not count towards `maxUnits`; fractions of a second are
 * dropped, so anything under 1 s reads `'0'`. Negative durations get a leading `-`.
 */
export function formatDuration(ms: number, options: TFormatDurationOptions = {}): string {
  if (!Number.isFinite(ms)) return MISSING_VALUE;
  const maxUnits = Math.max(1, Math.floor(options.maxUnits ?? 10));
  let remaining = Math.floor(Math.abs(ms) / 1000);
  if (remaining === 0) return '0';
  const parts: string[] = [];
  for (const unit of DURATION_UNITS) {
    if (parts.length >= maxUnits) break;
    const count = Math.floor(remaining / unit.seconds);
    if (count === 0) continue;
    remaining -= count * unit.seconds;
    const amount = formatNumber(count, { maximumFractionDigits: 0 });
    parts.push(
      options.style === 'short'
        ? `${amount}${unit.short}`
        : `${amount} ${unit.name}${count === 1 ? '' : 's'}`,
    );
  }
  return `${ms < 0 ? '-' : ''}${parts.join(' ')}`;
}
