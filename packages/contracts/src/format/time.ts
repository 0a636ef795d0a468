import { MISSING_VALUE } from './number';

/** Every date is shown in India Standard Time unless a caller passes another IANA zone. */
export const DEFAULT_TIME_ZONE = 'Asia/Kolkata';

/** IST is UTC+05:30 all year (India has no daylight saving), so fixed-offset arithmetic is exact. */
export const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Anything a formatter accepts as an instant: a Date, epoch milliseconds or an ISO 8601 string. */
export type TDateInput = Date | number | string;

/** Parses a {@link TDateInput}; `null` when it does not name a valid instant. */
export function toDate(input: TDateInput): Date | null {
  const date = input instanceof Date ? new Date(input.getTime()) : new Date(input);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Options shared by the date and time formatters. */
export type TFormatTimeOptions = {
  /** IANA time zone of the wall clock shown (default Asia/Kolkata). */
  timeZone?: string;
  /** 12-hour clock with am/pm (default); `false` for a 24-hour clock. */
  hour12?: boolean;
};

type TWallClock = { day: string; month: string; year: string; time: string };

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

/** Wall-clock parts of `date` in `timeZone`, from one cached en-IN formatter. */
function wallClock(date: Date, timeZone: string, hour12: boolean): TWallClock {
  const key = `${timeZone}|${hour12}`;
  let format = dateTimeFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-IN', {
      timeZone,
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: hour12 ? 'numeric' : '2-digit',
      minute: '2-digit',
      hourCycle: hour12 ? 'h12' : 'h23',
    });
    dateTimeFormats.set(key, format);
  }
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const part of format.formatToParts(date)) parts[part.type] = part.value;
  const clock = `${parts.hour}:${parts.minute}`;
  return {
    day: parts.day ?? '',
    month: parts.month ?? '',
    year: parts.year ?? '',
    // Engines differ on "pm" vs "PM" for en-IN; settle on lower case.
    time: hour12 ? `${clock} ${(parts.dayPeriod ?? '').toLowerCase()}` : clock,
  };
}

/** Formats the time of day: `'3:05 pm'` (or `'15:05'` with `hour12: false`). */
export function formatTime(input: TDateInput, options: TFormatTimeOptions = {}): string {
  const date = toDate(input);
  if (!date) return MISSING_VALUE;
  return wallClock(date, options.timeZone ?? DEFAULT_TIME_ZONE, options.hour12 ?? true).time;
}

/** Formats the calendar date with its year: `'5 Mar 2024'`. */
export function formatDate(input: TDateInput, options: Pick<TFormatTimeOptions, 'timeZone'> = {}): string {
  const date = toDate(input);
  if (!date) return MISSING_VALUE;
  const clock = wallClock(date, options.timeZone ?? DEFAULT_TIME_ZONE, true);
  return `${clock.day} ${clock.month} ${clock.year}`;
}

/** Options of {@link formatDateTime}. */
export type TFormatDateTimeOptions = TFormatTimeOptions & {
  /** The reference "now" (default: the current time); pass it for stable output in tests and SSR. */
  now?: TDateInput;
};

/**
 * Formats an instant relative to `now`:
 * - same calendar day (in `timeZone`) and less than 24 h away → the time only: `'3:05 pm'`;
 * - same year → day and month: `'5 Mar, 3:05 pm'`;
 * - another year → with the year: `'5 Mar 2023, 3:05 pm'`.
 */
export function formatDateTime(input: TDateInput, options: TFormatDateTimeOptions = {}): string {
  const date = toDate(input);
  const now = toDate(options.now ?? Date.now());
  if (!date || !now) return MISSING_VALUE;
  const timeZone = options.timeZone ?? DEFAULT_TIME_ZONE;
  const hour12 = options.hour12 ?? true;
  const at = wallClock(date, timeZone, hour12);
  const reference = wallClock(now, timeZone, hour12);
  const sameDay = at.day === reference.day && at.month === reference.month && at.year === reference.year;
  if (sameDay && Math.abs(now.getTime() - date.getTime()) < DAY_MS) return at.time;
  const year = at.year === reference.year ? '' : ` ${at.year}`;
  return `${at.day} ${at.month}${year}, ${at.time}`;
}
