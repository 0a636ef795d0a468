import {
  FUEL_UNITS,
  FUELS,
  type TCongestionSummary,
  type TFuel,
  type TMetricsPoint,
  type TPaymentMode,
  type TQuantityUnit,
  type TSalesSeries,
} from '@forecourt/contracts';
import { PAYMENT_MODE_LABELS } from '../operations';
import { FUEL_LABELS } from '../stations';
import { formatHourRange } from './format';
import { fuelChartColor, laneChartColor, paymentModeChartColor } from './labels';

/**
 * API answers → chart rows. Every row has `at` (the step's start, ISO) for the time axis and one
 * key per series; a series is `{name, label, color}` as the charts and legends take it.
 */

/** `dashed`: drawn as a dashed line (a compared period), so it is told apart without its colour. */
export type TChartSeries = { name: string; label: string; color: string; dashed?: boolean };
export type TChartRow = { at: string } & Record<string, number | string | null>;

export const fuelSeries = (fuel: TFuel): TChartSeries => ({
  name: fuel,
  label: FUEL_LABELS[fuel],
  color: fuelChartColor(fuel),
});

export const paymentModeSeries = (mode: TPaymentMode): TChartSeries => ({
  name: mode,
  label: PAYMENT_MODE_LABELS[mode],
  color: paymentModeChartColor(mode),
});

/** Revenue (paise) per step by fuel and by payment mode, biggest earners stacked first. */
export function salesChartData(series: TSalesSeries) {
  const fuels = series.fuels.map((row) => row.fuel);
  const modes = series.paymentMix.map((row) => row.mode);
  const byFuel: TChartRow[] = series.points.map((point) => ({
    at: point.at,
    ...Object.fromEntries(fuels.map((fuel) => [fuel, point.fuels[fuel]?.amountPaise ?? 0])),
  }));
  const byMode: TChartRow[] = series.points.map((point) => ({
    at: point.at,
    ...Object.fromEntries(modes.map((mode) => [mode, point.modes[mode]?.amountPaise ?? 0])),
  }));
  return {
    byFuel,
    fuelSeries: fuels.map(fuelSeries),
    byMode,
    modeSeries: modes.map(paymentModeSeries),
  };
}

/** One chart of quantities sold: the fuels sold in the same unit, stacked. */
export type TVolumeGroup = { unit: TQuantityUnit; series: TChartSeries[]; rows: TChartRow[] };

const UNIT_ORDER: readonly TQuantityUnit[] = ['l', 'kg', 'kWh'];

/**
 * Volume by fuel, one group per unit: litres of petrol, diesel and premium stack together; CNG (kg)
 * and EV charging (kWh) are not added to litres and get their own charts. Fuels never sold in the
 * window are left out.
 */
export function volumeGroups(points: readonly TMetricsPoint[]): TVolumeGroup[] {
  const sold = FUELS.filter((fuel) => points.some((point) => (point.volume[fuel] ?? 0) > 0));
  return UNIT_ORDER.flatMap((unit) => {
    const fuels = sold.filter((fuel) => FUEL_UNITS[fuel] === unit);
    if (fuels.length === 0) return [];
    const rows = points.map((point) => ({
      at: point.at,
      ...Object.fromEntries(fuels.map((fuel) => [fuel, point.volume[fuel] ?? 0])),
    }));
    return [{ unit, series: fuels.map(fuelSeries), rows }];
  });
}

/** Counts, ticket and queue per step, with the wait in minutes for its axis. */
export function metricsRows(points: readonly TMetricsPoint[]): TChartRow[] {
  return points.map((point) => ({
    at: point.at,
    transactions: point.transactions,
    vehicles: point.vehicles,
    averageTicketPaise: point.averageTicketPaise,
    queueLength: point.queueLength,
    maxQueueLength: point.maxQueueLength,
    waitMinutes: point.waitSeconds === null ? null : point.waitSeconds / 60,
  }));
}

/** Nothing sold, seen or sampled in any step. */
export function isQuietWindow(points: readonly TMetricsPoint[]): boolean {
  return points.every(
    (point) => point.transactions === 0 && point.vehicles === 0 && point.queueLength === null,
  );
}

export const laneKey = (lane: number) => `lane${lane}`;

export const laneSeries = (lane: number): TChartSeries => ({
  name: laneKey(lane),
  label: `Lane ${lane}`,
  color: laneChartColor(lane),
});

/** Queue length and wait (minutes) per lane, one row per sampled step, one key per lane. */
export function laneChartData(summary: TCongestionSummary) {
  const steps = new Map<string, { queue: TChartRow; wait: TChartRow }>();
  for (const lane of summary.lanes) {
    for (const point of lane.points) {
      const step = steps.get(point.at) ?? { queue: { at: point.at }, wait: { at: point.at } };
      step.queue[laneKey(lane.lane)] = point.queueLength;
      step.wait[laneKey(lane.lane)] = point.waitSeconds / 60;
      steps.set(point.at, step);
    }
  }
  const ordered = [...steps.entries()].sort(([a], [b]) => Date.parse(a) - Date.parse(b));
  // A lane without a sample in a step is a gap in its line, not a zero.
  const lanes = summary.lanes.map((lane) => laneKey(lane.lane));
  const fill = (row: TChartRow): TChartRow => {
    for (const key of lanes) row[key] ??= null;
    return row;
  };
  return {
    series: summary.lanes.map((lane) => laneSeries(lane.lane)),
    queue: ordered.map(([, step]) => fill(step.queue)),
    wait: ordered.map(([, step]) => fill(step.wait)),
  };
}

/** The busiest IST hours, busiest first, labelled as ranges ('6 pm – 7 pm'). */
export function busiestHourRows(summary: TCongestionSummary) {
  return summary.busiestHours.map((hour) => ({
    hour: formatHourRange(hour.hour),
    queueLength: hour.averageQueueLength,
    waitMinutes: hour.averageWaitSeconds / 60,
  }));
}
