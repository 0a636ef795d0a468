/**
 * `new Date(ms).toISOString()` for the epoch milliseconds list rows carry, without a Date per call.
 *
 * A 40-row page formats 80–120 timestamps, and `toISOString` was the larger part of presenting a
 * page (~0.35 µs each). Rows of a page fall on a few days, so the `YYYY-MM-DDT` prefix is computed
 * once per UTC day (a small cache) and the time of day by arithmetic. Anything outside years
 * 1970–9999, or not a whole number of milliseconds, takes the `Date` path, so the output is always
 * exactly what `toISOString` gives (and it throws the same RangeError for invalid times).
 */
const DAY_MS = 86_400_000;
const MAX_MS = 253_402_300_799_999; // 9999-12-31T23:59:59.999Z
const DAY_PREFIXES_KEPT = 64;

const dayPrefixes = new Map<number, string>();

function dayPrefix(day: number): string {
  let prefix = dayPrefixes.get(day);
  if (prefix === undefined) {
    prefix = new Date(day * DAY_MS).toISOString().slice(0, 11);
    if (dayPrefixes.size >= DAY_PREFIXES_KEPT) dayPrefixes.clear();
    dayPrefixes.set(day, prefix);
  }
  return prefix;
}

const two = (n: number) => (n < 10 ? `0${n}` : `${n}`);
const three = (n: number) => (n < 10 ? `00${n}` : n < 100 ? `0${n}` : `${n}`);

export function isoTime(ms: number): string {
  if (!Number.isInteger(ms) || ms < 0 || ms > MAX_MS) return new Date(ms).toISOString();
  const day = Math.floor(ms / DAY_MS);
  let rest = ms - day * DAY_MS;
  const hours = Math.floor(rest / 3_600_000);
  rest -= hours * 3_600_000;
  const minutes = Math.floor(rest / 60_000);
  rest -= minutes * 60_000;
  const seconds = Math.floor(rest / 1000);
  return `${dayPrefix(day)}${two(hours)}:${two(minutes)}:${two(seconds)}.${three(rest - seconds * 1000)}Z`;
}
