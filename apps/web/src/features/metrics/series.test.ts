import { describe, expect, it } from 'vitest';
import { formatHourRange, formatStepRange, formatStepTick, formatWait, stepScale } from './format';
import { busiestHourRows, isQuietWindow, laneChartData, salesChartData, volumeGroups } from './series';
import { congestionSummary, metricsPoint, QUIET_POINT, salesSeries, WINDOW } from './test-fixtures';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('chart labels', () => {
  it('labels steps on the axis in IST, by step and span', () => {
    const at = '2026-11-01T12:30:00.000Z'; // 6:00 pm IST
    expect(formatStepTick(at, { stepMs: HOUR, spanMs: DAY })).toBe('6:00 pm');
    expect(formatStepTick(at, { stepMs: HOUR, spanMs: 7 * DAY })).toBe('1 Nov, 6:00 pm');
    expect(formatStepTick(at, { stepMs: DAY, spanMs: 30 * DAY })).toBe('1 Nov');
  });

  it('spells a step out in the tooltip', () => {
    const at = '2026-11-01T12:30:00.000Z';
    expect(formatStepRange(at, { stepMs: HOUR, spanMs: DAY })).toBe('1 Nov 2026, 6:00 pm – 7:00 pm');
    expect(formatStepRange('2026-10-31T18:30:00.000Z', { stepMs: DAY, spanMs: 30 * DAY })).toBe('1 Nov 2026');
    expect(formatStepRange('2026-11-01T18:30:00.000Z', { stepMs: 7 * DAY, spanMs: 90 * DAY })).toBe(
      'Week from 2 Nov 2026',
    );
    expect(stepScale(WINDOW)).toEqual({ stepMs: HOUR, spanMs: DAY });
  });

  it('names IST hours and waits', () => {
    expect(formatHourRange(0)).toBe('12 am – 1 am');
    expect(formatHourRange(11)).toBe('11 am – 12 pm');
    expect(formatHourRange(23)).toBe('11 pm – 12 am');
    expect(formatWait(0)).toBe('0s');
    expect(formatWait(416.4)).toBe('6m 56s');
    expect(formatWait(null)).toBe('—');
  });
});

describe('chart rows', () => {
  it('stacks litres together and keeps kilograms and kWh apart', () => {
    const groups = volumeGroups([metricsPoint(0), metricsPoint(1, { volume: { ev: 30 } })]);
    expect(groups.map((group) => [group.unit, group.series.map((series) => series.name)])).toEqual([
      ['l', ['petrol', 'diesel']],
      ['kg', ['cng']],
      ['kWh', ['ev']],
    ]);
    expect(groups[0]?.rows[1]).toEqual({ at: metricsPoint(1).at, petrol: 0, diesel: 0 });
  });

  it('finds a window with nothing in it', () => {
    expect(isQuietWindow([metricsPoint(0, QUIET_POINT)])).toBe(true);
    expect(isQuietWindow([metricsPoint(0, QUIET_POINT), metricsPoint(1)])).toBe(false);
  });

  it('splits revenue per step by fuel and by payment mode, zero where nothing was sold', () => {
    const chart = salesChartData(salesSeries());
    expect(chart.fuelSeries.map((series) => series.label)).toEqual(['Diesel', 'CNG']);
    expect(chart.byFuel[0]).toMatchObject({ diesel: 4_500_000, cng: 0 });
    expect(chart.byMode[0]).toMatchObject({ upi: 3_703_703, cash: 0 });
  });

  it('lines lanes up by step, with gaps for lanes without a sample', () => {
    const summary = congestionSummary();
    const lane2 = summary.lanes[1];
    if (lane2) lane2.points = lane2.points.slice(1);
    const lanes = laneChartData(summary);
    expect(lanes.series.map((series) => series.label)).toEqual(['Lane 1', 'Lane 2']);
    expect(lanes.queue[0]).toMatchObject({ lane1: 1, lane2: null });
    expect(lanes.wait[1]).toMatchObject({ lane1: 2, lane2: 4 });
    expect(busiestHourRows(summary)[0]).toEqual({ hour: '6 pm – 7 pm', queueLength: 6.2, waitMinutes: 9 });
  });
});
