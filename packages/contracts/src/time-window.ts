import { z } from 'zod';
import { ERROR_CODES, type TApiError } from './errors';
import { formatNumber } from './format/number';
import { IST_OFFSET_MS, type TDateInput, toDate } from './format/time';

/**
 * Time-window state of the chart and list screens (docs/PRODUCT.md, "Time windows"): `startDate`/`endDate` (ISO 8601),
 * `frequency` (the chart step, a duration token such as `5m`), `update` (live: the window follows
 * "now") and `minInterval`/`maxInterval` (the shortest and longest span the screen allows).
 *
 * Duration tokens are a positive integer and one unit: `s` second, `m` minute (never month),
 * `h` hour, `d` day, `w` week: `'30s'`, `'5m'`, `'6h'`, `'180d'`, `'1w'`.
 */

const UNIT_MS = { w: 604_800_000, d: 86_400_000, h: 3_600_000, m: 60_000, s: 1_000 } as const;
const UNIT_NAMES = { w: 'week', d: 'day', h: 'hour', m: 'minute', s: 'second' } as const;

/** A unit of a duration token. */
export type TDurationUnit = keyof typeof UNIT_MS;
/** A duration token such as `'30m'`. */
export type TDurationToken = `${number}${TDurationUnit}`;

/** At most six digits, so every token stays far inside the safe-integer range of milliseconds. */
const TOKEN_PATTERN = /^([1-9]\d{0,5})([smhdw])$/;

/** Parses a duration token to milliseconds: `'30m'` → `1_800_000`; `null` when malformed. */
export function parseDurationToken(token: string): number | null {
  const match = TOKEN_PATTERN.exec(token);
  if (!match) return null;
  return Number(match[1]) * UNIT_MS[match[2] as TDurationUnit];
}

/**
 * Milliseconds → the token in the largest unit that divides them exactly: `3_600_000` → `'1h'`,
 * `90_000` → `'90s'`, 14 days → `'2w'`. `null` unless a positive whole number of seconds.
 */
export function toDurationToken(ms: number): TDurationToken | null {
  if (!Number.isSafeInteger(ms) || ms <= 0 || ms % 1000 !== 0) return null;
  for (const [unit, size] of Object.entries(UNIT_MS) as [TDurationUnit, number][]) {
    if (ms % size === 0) return `${ms / size}${unit}`;
  }
  return null;
}

/** Spells a token out for messages: `'180d'` → `'180 days'`, `'1w'` → `'1 week'`. */
export function describeDurationToken(token: string): string {
  const match = TOKEN_PATTERN.exec(token);
  if (!match) return token;
  const count = Number(match[1]);
  return `${formatNumber(count)} ${UNIT_NAMES[match[2] as TDurationUnit]}${count === 1 ? '' : 's'}`;
}

const TOKEN_HINT = 'Use a number and a unit: 30s, 5m, 1h, 1d or 1w';

/** A duration token on the wire or in a query string (a plain string, so it maps to JSON Schema). */
export const ZDurationToken = z.string().regex(TOKEN_PATTERN, TOKEN_HINT);

/** Limits of one screen's window. */
export type TTimeWindowConfig = {
  /** Span of a window opened without dates. */
  defaultSpan: TDurationToken;
  /** Longest span allowed (the window's `maxInterval`); longer windows fail with WINDOW_TOO_LONG. */
  maxSpan: TDurationToken;
  /** Shortest span allowed (the window's `minInterval`). */
  minInterval: TDurationToken;
  /** Finest chart step; the default frequency is the finest ladder step at or above it that keeps a chart within {@link DEFAULT_MAX_POINTS}. */
  step: TDurationToken;
};

/**
 * Per-screen windows: default span, maximum span, step. Values the product leaves open
 * come from the `default` row (step 1m, minimum 1h) unless a comment says otherwise.
 */
export const TIME_WINDOWS = {
  default: { defaultSpan: '1h', maxSpan: '1w', minInterval: '1h', step: '1m' },
  command: { defaultSpan: '24h', maxSpan: '180d', minInterval: '1h', step: '1m' },
  // No window of its own: the default row, but opened on a day, because lane samples come every
  // few minutes and the busiest hours of the day need one (docs/DECISIONS.md).
  congestion: { defaultSpan: '24h', maxSpan: '1w', minInterval: '1h', step: '1m' },
  // Spec gives only the default span; the maximum is the default row's week.
  stationMetrics: { defaultSpan: '24h', maxSpan: '1w', minInterval: '1h', step: '1m' },
  stationVehicles: { defaultSpan: '24h', maxSpan: '180d', minInterval: '1h', step: '1m' },
  vehicle: { defaultSpan: '24h', maxSpan: '180d', minInterval: '1h', step: '1m' },
  challans: { defaultSpan: '30d', maxSpan: '60d', minInterval: '1h', step: '1m' },
  customers: { defaultSpan: '14d', maxSpan: '180d', minInterval: '1h', step: '30m' },
  // Spec gives only the maximum; a day of fills is what an operator checks first.
  transactions: { defaultSpan: '24h', maxSpan: '366d', minInterval: '1h', step: '1m' },
  // Spec gives only the maximum; a week shows the weekday pattern of sales.
  sales: { defaultSpan: '7d', maxSpan: '180d', minInterval: '1h', step: '1m' },
  payments: { defaultSpan: '7d', maxSpan: '93d', minInterval: '1h', step: '1m' },
  loyalty: { defaultSpan: '24h', maxSpan: '366d', minInterval: '1h', step: '1m' },
  // Spec gives only the default span (longer than the default row's week); settlements sit under
  // loyalty, so they share its 366-day maximum (a full financial year).
  settlements: { defaultSpan: '30d', maxSpan: '366d', minInterval: '1h', step: '1m' },
} as const satisfies Record<string, TTimeWindowConfig>;

/** A screen with its own window limits. */
export type TTimeWindowScreen = keyof typeof TIME_WINDOWS;

/** An ISO 8601 date-time with `Z` or an offset (`2024-04-01T00:00:00+05:30`). */
const ZIsoInstant = z.iso.datetime({ offset: true });

/** A complete time window, as the web keeps it and the server echoes it. */
export const ZTimeWindow = z.object({
  startDate: ZIsoInstant,
  endDate: ZIsoInstant,
  frequency: ZDurationToken,
  update: z.boolean(),
  minInterval: ZDurationToken,
  maxInterval: ZDurationToken,
});
export type TTimeWindow = z.infer<typeof ZTimeWindow>;

/**
 * Window part of a query string. Each field is optional: a missing `endDate` means "up to now"
 * (a live window), a missing `startDate` means "one default span before the end". Per-screen
 * limits are checked afterwards by {@link validateWindow}; list queries `.extend()` this shape.
 */
export const ZTimeWindowQuery = z.object({
  startDate: ZIsoInstant.optional(),
  endDate: ZIsoInstant.optional(),
  frequency: ZDurationToken.optional(),
});
export type TTimeWindowQuery = z.infer<typeof ZTimeWindowQuery>;

/** Nice chart steps, finest first, from which {@link autoFrequency} picks. */
export const FREQUENCY_LADDER = ['1m', '5m', '15m', '30m', '1h', '3h', '6h', '12h', '1d', '1w'] as const;

/** Points per chart that {@link autoFrequency} aims to stay within. */
export const DEFAULT_MAX_POINTS = 300;

/**
 * Points a chart aims for when a person has not picked the step: few enough to read each bar
 * (24 hours hourly, 7 days 6-hourly, 30 days daily). The API's own default stays
 * {@link DEFAULT_MAX_POINTS}; the web app asks for this step explicitly.
 */
export const READABLE_CHART_POINTS = 36;

/** Points per chart beyond which {@link validateWindow} rejects an explicit frequency. */
export const MAX_WINDOW_POINTS = 5000;

const tokenMs = (token: TDurationToken): number => parseDurationToken(token) as number;

/**
 * Picks the finest step of {@link FREQUENCY_LADDER} that is at least `minStepMs` and splits `spanMs`
 * into at most `maxPoints` buckets; the coarsest allowed step when none does. A minimum beyond the
 * ladder is returned as is (rounded up to whole seconds).
 */
export function autoFrequency(
  spanMs: number,
  options: { minStepMs?: number; maxPoints?: number } = {},
): TDurationToken {
  const minStepMs = options.minStepMs ?? 0;
  const maxPoints = Math.max(1, options.maxPoints ?? DEFAULT_MAX_POINTS);
  const allowed = FREQUENCY_LADDER.filter((token) => tokenMs(token) >= minStepMs);
  const coarsest = allowed.at(-1);
  if (!coarsest) return toDurationToken(Math.ceil(minStepMs / 1000) * 1000) as TDurationToken;
  if (!(spanMs > 0)) return allowed[0] as TDurationToken;
  return allowed.find((token) => Math.ceil(spanMs / tokenMs(token)) <= maxPoints) ?? coarsest;
}

/** Input of {@link resolveWindow}; every field may be missing or come straight from a query string. */
export type TResolveWindowInput = {
  startDate?: string;
  endDate?: string;
  frequency?: string;
  /** Live flag; defaults to true exactly when `endDate` is missing. */
  update?: boolean;
  /** Reference time (default: the current time). */
  now?: TDateInput;
};

const iso = (ms: number): string => new Date(ms).toISOString();
const instant = (value: string | undefined): number | null =>
  value ? (toDate(value)?.getTime() ?? null) : null;

/**
 * Completes a window with the screen's defaults: a missing `endDate` is `now` (and the window is
 * live), a missing `startDate` is one default span before the end, a missing frequency is
 * {@link autoFrequency} of the span. Unparseable dates or frequency count as missing; the result is
 * not checked against the limits (see {@link validateWindow}).
 */
export function resolveWindow(screen: TTimeWindowScreen, input: TResolveWindowInput = {}): TTimeWindow {
  const config: TTimeWindowConfig = TIME_WINDOWS[screen];
  const nowMs = toDate(input.now ?? Date.now())?.getTime() ?? Date.now();
  const spanMs = tokenMs(config.defaultSpan);
  const start = instant(input.startDate);
  const end = instant(input.endDate);
  const endMs = end ?? nowMs;
  const startMs = start ?? endMs - spanMs;
  const given = input.frequency && parseDurationToken(input.frequency) ? input.frequency : null;
  return {
    startDate: iso(startMs),
    endDate: iso(endMs),
    frequency: given ?? autoFrequency(endMs - startMs, { minStepMs: tokenMs(config.step) }),
    update: input.update ?? end === null,
    minInterval: config.minInterval,
    maxInterval: config.maxSpan,
  };
}

function windowError(
  code: 'VALIDATION_FAILED' | 'WINDOW_TOO_LONG',
  path: string,
  message: string,
): TApiError {
  return { statusCode: ERROR_CODES[code], code, message, details: [{ path, message }] };
}

/**
 * Checks a window against its screen's limits; `null` when it is acceptable. Errors, first match wins:
 * unparseable dates, end not after start, frequency malformed → VALIDATION_FAILED; span above the
 * maximum → WINDOW_TOO_LONG ("The window can be at most 180 days for this screen"); span below the
 * minimum interval, step finer than the screen's step, or more than {@link MAX_WINDOW_POINTS}
 * points → VALIDATION_FAILED.
 */
export function validateWindow(
  screen: TTimeWindowScreen,
  window: { startDate: string; endDate: string; frequency?: string },
): TApiError | null {
  const config: TTimeWindowConfig = TIME_WINDOWS[screen];
  const start = instant(window.startDate);
  const end = instant(window.endDate);
  if (start === null) return windowError('VALIDATION_FAILED', 'startDate', 'startDate is not a valid date');
  if (end === null) return windowError('VALIDATION_FAILED', 'endDate', 'endDate is not a valid date');
  if (end <= start) return windowError('VALIDATION_FAILED', 'endDate', 'The window must end after it starts');
  const span = end - start;
  if (span > tokenMs(config.maxSpan)) {
    const limit = describeDurationToken(config.maxSpan);
    return windowError('WINDOW_TOO_LONG', 'endDate', `The window can be at most ${limit} for this screen`);
  }
  if (span < tokenMs(config.minInterval)) {
    const limit = describeDurationToken(config.minInterval);
    return windowError(
      'VALIDATION_FAILED',
      'endDate',
      `The window must be at least ${limit} for this screen`,
    );
  }
  if (window.frequency === undefined) return null;
  const step = parseDurationToken(window.frequency);
  if (step === null) {
    return windowError('VALIDATION_FAILED', 'frequency', TOKEN_HINT);
  }
  if (step < tokenMs(config.step)) {
    const limit = describeDurationToken(config.step);
    return windowError(
      'VALIDATION_FAILED',
      'frequency',
      `The step can be no finer than ${limit} for this screen`,
    );
  }
  const points = Math.ceil(span / step);
  if (points > MAX_WINDOW_POINTS) {
    const message = `This step gives ${formatNumber(points)} points; choose a coarser step (at most ${formatNumber(MAX_WINDOW_POINTS)})`;
    return windowError('VALIDATION_FAILED', 'frequency', message);
  }
  return null;
}

/** Quick choices of the window picker. Calendar presets are whole IST days, months or years. */
export const TIME_WINDOW_PRESETS = [
  'last1h',
  'last24h',
  'last7d',
  'last30d',
  'today',
  'yesterday',
  'thisMonth',
  'financialYear',
] as const;
export type TTimeWindowPreset = (typeof TIME_WINDOW_PRESETS)[number];

/** Picker labels of the presets. */
export const TIME_WINDOW_PRESET_LABELS: Record<TTimeWindowPreset, string> = {
  last1h: 'Last hour',
  last24h: 'Last 24 hours',
  last7d: 'Last 7 days',
  last30d: 'Last 30 days',
  today: 'Today',
  yesterday: 'Yesterday',
  thisMonth: 'This month',
  financialYear: 'This financial year',
};

/** A window's dates and live flag, without screen limits or frequency. */
export type TWindowRange = { startDate: string; endDate: string; update: boolean };

/** Calendar date of an instant in IST (month 0-based), by fixed-offset arithmetic. */
function istCalendar(ms: number): { year: number; month: number; day: number } {
  const shifted = new Date(ms + IST_OFFSET_MS);
  return { year: shifted.getUTCFullYear(), month: shifted.getUTCMonth(), day: shifted.getUTCDate() };
}

/** Instant of 00:00 IST on a calendar date; out-of-range months and days roll over like `Date.UTC`. */
const istMidnight = (year: number, month: number, day: number): number =>
  Date.UTC(year, month, day) - IST_OFFSET_MS;

/** First year of the Indian financial year (1 April – 31 March) containing `now`: March 2025 → 2024. */
export function financialYearStart(now: TDateInput): number {
  const date = toDate(now);
  if (!date) throw new RangeError(`Not a date: ${String(now)}`);
  const { year, month } = istCalendar(date.getTime());
  return month >= 3 ? year : year - 1;
}

/** Label of the financial year containing `now`: `'FY 2024–25'`. */
export function financialYearLabel(now: TDateInput): string {
  const start = financialYearStart(now);
  return `FY ${start}–${String((start + 1) % 100).padStart(2, '0')}`;
}

/**
 * Dates of a preset at `now`. Rolling presets end at `now` and are live. Calendar presets cover whole
 * IST periods: `today` runs to the coming midnight (so it is never shorter than a screen's minimum),
 * `thisMonth` to the 1st of next month, `financialYear` from 1 April to the next 1 April; those that
 * contain `now` are live.
 */
export function presetRange(preset: TTimeWindowPreset, now: TDateInput): TWindowRange {
  const date = toDate(now);
  if (!date) throw new RangeError(`Not a date: ${String(now)}`);
  const nowMs = date.getTime();
  const rolling = (token: TDurationToken): TWindowRange => ({
    startDate: iso(nowMs - tokenMs(token)),
    endDate: iso(nowMs),
    update: true,
  });
  const { year, month, day } = istCalendar(nowMs);
  const calendar = (startMs: number, endMs: number): TWindowRange => ({
    startDate: iso(startMs),
    endDate: iso(endMs),
    update: startMs <= nowMs && nowMs < endMs,
  });
  switch (preset) {
    case 'last1h':
      return rolling('1h');
    case 'last24h':
      return rolling('24h');
    case 'last7d':
      return rolling('7d');
    case 'last30d':
      return rolling('30d');
    case 'today':
      return calendar(istMidnight(year, month, day), istMidnight(year, month, day + 1));
    case 'yesterday':
      return calendar(istMidnight(year, month, day - 1), istMidnight(year, month, day));
    case 'thisMonth':
      return calendar(istMidnight(year, month, 1), istMidnight(year, month + 1, 1));
    case 'financialYear': {
      const start = financialYearStart(nowMs);
      return calendar(istMidnight(start, 3, 1), istMidnight(start + 1, 3, 1));
    }
  }
}

/** The presets whose span at `now` fits the screen's minimum and maximum. */
export function presetsFor(screen: TTimeWindowScreen, now: TDateInput): TTimeWindowPreset[] {
  const config: TTimeWindowConfig = TIME_WINDOWS[screen];
  return TIME_WINDOW_PRESETS.filter((preset) => {
    const range = presetRange(preset, now);
    const span = Date.parse(range.endDate) - Date.parse(range.startDate);
    return span >= tokenMs(config.minInterval) && span <= tokenMs(config.maxSpan);
  });
}

/**
 * Moves a window one span back or forward; a moved window is no longer live. With `now`, a window
 * that already reaches `now` does not move forward, and one that would pass `now` is pinned to end
 * at `now` (same span) and becomes live again.
 */
export function stepWindow<T extends TWindowRange>(
  window: T,
  direction: 'back' | 'forward',
  options: { now?: TDateInput } = {},
): T {
  const start = Date.parse(window.startDate);
  const end = Date.parse(window.endDate);
  const span = end - start;
  if (!(span > 0)) return window;
  const nowMs = options.now === undefined ? null : (toDate(options.now)?.getTime() ?? null);
  if (direction === 'back') {
    return { ...window, startDate: iso(start - span), endDate: iso(end - span), update: false };
  }
  if (nowMs !== null && end >= nowMs) return window;
  if (nowMs !== null && end + span >= nowMs) {
    return { ...window, startDate: iso(nowMs - span), endDate: iso(nowMs), update: true };
  }
  return { ...window, startDate: iso(start + span), endDate: iso(end + span), update: false };
}
