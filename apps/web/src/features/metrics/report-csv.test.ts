import { describe, expect, it } from 'vitest';
import {
  commandReportCsv,
  metricsReportCsv,
  overviewReportCsv,
  reportFileName,
  salesReportCsv,
} from './report-csv';
import {
  commandCentre,
  metricsPoint,
  overview,
  QUIET_POINT,
  salesSeries,
  stationMetrics,
  WINDOW,
} from './test-fixtures';

/** The records of a file, after checking its byte-order mark; cells split on commas (none are quoted here). */
function records(file: string): string[][] {
  expect(file.startsWith('\uFEFF')).toBe(true);
  return file
    .slice(1)
    .trimEnd()
    .split('\r\n')
    .map((line) => line.split(','));
}

describe('report CSV files', () => {
  it('sales: a row per step in IST, revenue in rupees, then each fuel and payment mode', () => {
    const [header, first] = records(salesReportCsv(salesSeries()));
    expect(header).toEqual([
      'Step start (IST)',
      'Revenue (₹)',
      'Transactions',
      'Diesel (L)',
      'Diesel revenue (₹)',
      'CNG (kg)',
      'CNG revenue (₹)',
      'UPI (₹)',
      'Cash (₹)',
    ]);
    // A step the fuel or mode had no sales in is 0, not empty.
    expect(first).toEqual([
      '2026-11-01 05:30:00 +05:30',
      '61728.39',
      '160',
      '617.25',
      '45000.00',
      '0',
      '0.00',
      '37037.03',
      '0.00',
    ]);
  });

  it('sales with a comparison: the compared step, its revenue and fills, empty where no data is kept', () => {
    const series = salesSeries();
    const comparison = {
      kind: 'lastWeek' as const,
      window: { startDate: '2026-10-25T00:00:00.000Z', endDate: '2026-10-25T02:00:00.000Z' },
      dataFrom: '2026-10-25T01:00:00.000Z',
      coverage: 'partial' as const,
      totals: null,
      points: [
        { at: '2026-10-25T00:00:00.000Z', amountPaise: null, transactions: null },
        { at: '2026-10-25T01:00:00.000Z', amountPaise: 123_450, transactions: 7 },
      ],
    };
    const [header, first, second] = records(salesReportCsv({ ...series, comparison }));
    expect(header?.slice(-3)).toEqual([
      'Same days last week: step start (IST)',
      'Same days last week: revenue (₹)',
      'Same days last week: transactions',
    ]);
    expect(first?.slice(-3)).toEqual(['2026-10-25 05:30:00 +05:30', '', '']);
    expect(second?.slice(-3)).toEqual(['2026-10-25 06:30:00 +05:30', '1234.50', '7']);
    expect(records(salesReportCsv(series))[0]).not.toContain('Same days last week: revenue (₹)');
  });

  it('metrics: volume per fuel, money in rupees, wait in minutes, and gaps left empty', () => {
    const file = metricsReportCsv(stationMetrics([metricsPoint(0), metricsPoint(1, QUIET_POINT)]));
    const [header, busy, quiet] = records(file);
    expect(header).toEqual([
      'Step start (IST)',
      'Diesel (L)',
      'Petrol (L)',
      'CNG (kg)',
      'Transactions',
      'Revenue (₹)',
      'Average ticket (₹)',
      'Vehicles at the entrance',
      'Mean queue',
      'Longest queue',
      'Mean wait (minutes)',
    ]);
    expect(busy).toEqual([
      '2026-11-01 05:30:00 +05:30',
      '120.5',
      '40',
      '12',
      '14',
      '14000.00',
      '1000.00',
      '18',
      '2.5',
      '4',
      '4',
    ]);
    expect(quiet).toEqual(['2026-11-01 06:30:00 +05:30', '0', '0', '0', '0', '0.00', '', '0', '', '', '']);
  });

  it('overview: the window on every line, one figure a line, money in its own rupee column', () => {
    const rows = records(overviewReportCsv(overview()));
    expect(rows[0]).toEqual(['From (IST)', 'To (IST)', 'Figure', 'Amount (₹)', 'Quantity', 'Unit']);
    expect(rows[1]).toEqual([
      '2026-11-01 05:30:00 +05:30',
      '2026-11-02 05:30:00 +05:30',
      'Revenue',
      '123456.78',
      '',
      '',
    ]);
    expect(rows.find((row) => row[2] === 'Diesel sold')?.slice(3)).toEqual(['', '1234.5', 'L']);
    expect(rows.find((row) => row[2] === 'UPI takings')?.[3]).toBe('74074.07');
  });

  it('command centre: every station, highest takings first', () => {
    const rows = records(commandReportCsv(commandCentre()));
    expect(rows[0]).toEqual([
      'From (IST)',
      'To (IST)',
      'Station',
      'City',
      'Status',
      'Revenue (₹)',
      'Transactions',
      'Open incidents (now)',
    ]);
    expect(rows.slice(1).map((row) => [row[2], row[5]])).toEqual([
      ['Baner Road', '90000.00'],
      ['Hinjewadi Phase 1', '70000.00'],
      ['Kothrud Depot', '5000.00'],
      ['Wakad Bridge', '1200.00'],
    ]);
  });

  it('names the file for the day the window ends in India', () => {
    expect(reportFileName('ring-road/sales', WINDOW)).toBe('ring-road-sales-20261102.csv');
    expect(reportFileName('x', { ...WINDOW, endDate: '2026-11-01T19:00:00.000Z' })).toBe('x-20261102.csv');
  });
});
