const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/**
 * "5 minutes ago", "yesterday", "now" in `locale`, for a timestamp relative to `now`.
 * Unparseable dates give an empty string.
 */
export function relativeTime(date: string | number | Date, locale: string, now: number = Date.now()): string {
  const time = new Date(date).getTime();
  if (Number.isNaN(time)) return '';
  const seconds = Math.round((time - now) / 1000);
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  const abs = Math.abs(seconds);
  for (const [unit, size] of UNITS) {
    if (abs >= size) return format.format(Math.trunc(seconds / size), unit);
  }
  return format.format(abs < 10 ? 0 : seconds, 'second');
}
