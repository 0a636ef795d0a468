import {
  DEFAULT_TIME_ZONE,
  describeDurationToken,
  FUEL_UNITS,
  formatCompact,
  formatDate,
  formatDuration,
  formatNumber,
  formatPercent,
  formatQuantity,
  formatTime,
  MISSING_VALUE,
  parseDurationToken,
  type TFuel,
} from '@forecourt/contracts';

export { formatMoneyCompact } from '../../lib/money';
/**
 * Labels of the chart screens: chart steps on the time axis and in tooltips (IST), compact money
 * and quantity on axes, queue and wait figures. Values come from the contracts formatters.
 */
export { formatCompact };

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

const dayMonthFormat = new Intl.DateTimeFormat('en-IN', {
  timeZone: DEFAULT_TIME_ZONE,
  day: 'numeric',
  month: 'short',
});

/** `'5 Mar'` in IST. */
export function formatDayMonth(at: string | number): string {
  const date = new Date(at);
  return Number.isNaN(date.getTime()) ? MISSING_VALUE : dayMonthFormat.format(date);
}

/** How a chart's steps read: the step length and the span of the window, in milliseconds. */
export type TStepScale = { stepMs: number; spanMs: number };

/** The step and span of a window, for {@link formatStepTick} and {@link formatStepRange}. */
/** How often a chart has a point, in words: "every 5 minutes", "every hour", "every 6 hours". */
export function everyStep(frequency: string): string {
  const step = describeDurationToken(frequency);
  return `every ${step.startsWith('1 ') ? step.slice(2) : step}`;
}

export function stepScale(window: { startDate: string; endDate: string; frequency: string }): TStepScale {
  return {
    stepMs: parseDurationToken(window.frequency) ?? HOUR_MS,
    spanMs: Date.parse(window.endDate) - Date.parse(window.startDate),
  };
}

/**
 * A time-axis tick: `'3:00 pm'` for steps within a day's window, `'5 Mar, 3:00 pm'` when the window
 * spans days, `'5 Mar'` for daily and weekly steps.
 */
export function formatStepTick(at: string, scale: TStepScale): string {
  if (scale.stepMs >= DAY_MS) return formatDayMonth(at);
  if (scale.spanMs <= DAY_MS) return formatTime(at);
  return `${formatDayMonth(at)}, ${formatTime(at)}`;
}

/** A step in a tooltip: `'5 Mar 2026, 3:00 pm – 4:00 pm'`, `'5 Mar 2026'`, `'Week from 2 Mar 2026'`. */
export function formatStepRange(at: string, scale: TStepScale): string {
  const start = Date.parse(at);
  if (Number.isNaN(start)) return MISSING_VALUE;
  if (scale.stepMs >= 7 * DAY_MS) return `Week from ${formatDate(start)}`;
  if (scale.stepMs >= DAY_MS) {
    return scale.stepMs === DAY_MS
      ? formatDate(start)
      : `${formatDate(start)} – ${formatDate(start + scale.stepMs)}`;
  }
  return `${formatDate(start)}, ${formatTime(start)} – ${formatTime(start + scale.stepMs)}`;
}

/** An IST clock hour as a range: `18` → `'6 pm – 7 pm'`. */
export function formatHourRange(hour: number): string {
  const name = (value: number) => {
    const clock = value % 24;
    const twelve = clock % 12 === 0 ? 12 : clock % 12;
    return `${twelve} ${clock < 12 ? 'am' : 'pm'}`;
  };
  return `${name(hour)} – ${name(hour + 1)}`;
}

/** A quantity of a fuel in its unit: `'1,234.5 L'`, `'86.2 kg'`, `'310 kWh'`. */
export function formatFuelQuantity(fuel: TFuel, quantity: number, maximumFractionDigits = 1): string {
  return formatQuantity(quantity, FUEL_UNITS[fuel], { maximumFractionDigits });
}

/** A count with Indian grouping: `'12,345'`. */
export function formatCount(value: number): string {
  return formatNumber(value, { maximumFractionDigits: 0 });
}

/** Vehicles waiting (a mean, so one decimal): `'2.4'`; missing when no lane was sampled. */
export function formatQueue(value: number | null | undefined): string {
  return value === null || value === undefined
    ? MISSING_VALUE
    : formatNumber(value, { maximumFractionDigits: 1 });
}

/** A wait in seconds, to the second: `'4m 30s'`; `'0s'` for no wait; missing when not sampled. */
export function formatWait(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return MISSING_VALUE;
  const text = formatDuration(Math.round(seconds) * 1000, { style: 'short', maxUnits: 2 });
  return text === '0' ? '0s' : text;
}

/** Wait in minutes for a chart axis: `'4.5 min'`. */
export function formatWaitMinutes(minutes: number): string {
  return `${formatNumber(minutes, { maximumFractionDigits: 1 })} min`;
}

/** A share of a whole: `'39.7%'`; a sliver that would round to nothing reads `'<0.1%'`. */
export function formatShare(ratio: number): string {
  return ratio > 0 && ratio < 0.0005 ? '<0.1%' : formatPercent(ratio);
}
