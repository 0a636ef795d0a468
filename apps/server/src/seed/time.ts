/** Time helpers. Stored times are epoch milliseconds; calendar days are Indian Standard Time (UTC+05:30, no DST). */

export const MINUTE = 60_000;
export const HOUR = 3_600_000;
export const DAY = 86_400_000;
export const IST_OFFSET = 5 * HOUR + 30 * MINUTE;

/** Start (epoch ms) of the IST calendar day containing `ms`. */
export function istDayStart(ms: number): number {
  return Math.floor((ms + IST_OFFSET) / DAY) * DAY - IST_OFFSET;
}

/** The IST calendar date of `ms` as YYYY-MM-DD. */
export function istDate(ms: number): string {
  return new Date(ms + IST_OFFSET).toISOString().slice(0, 10);
}

/** IST hour of day (0–23) of `ms`. */
export function istHour(ms: number): number {
  return Math.floor(((ms + IST_OFFSET) % DAY) / HOUR);
}

/** Day of week in IST, 0 = Sunday. */
export function istWeekday(ms: number): number {
  return new Date(ms + IST_OFFSET).getUTCDay();
}

/**
 * The `sales_hourly.bucket` of a time: the epoch milliseconds at which its IST clock hour starts.
 * IST is UTC+05:30, so buckets begin at hh:30 UTC and every bucket lies inside one IST day —
 * daily totals are exact sums of 24 hourly buckets.
 */
export function hourBucket(ms: number): number {
  return Math.floor((ms + IST_OFFSET) / HOUR) * HOUR - IST_OFFSET;
}

/** Default `now`: the current time floored to the hour, so a seed started twice in an hour matches. */
export function defaultNow(): number {
  return hourBucket(Date.now());
}
