import {
  csvDocument,
  FUEL_UNITS,
  IST_OFFSET_MS,
  QUANTITY_UNITS,
  type TCommandCentre,
  type TCsvColumn,
  type TFuel,
  type TMetricsPoint,
  type TSalesKpis,
  type TSalesPoint,
  type TSalesSeries,
  type TStationMetrics,
  type TStationOverview,
  type TTimeWindow,
} from '@forecourt/contracts';
import { PAYMENT_MODE_LABELS } from '../operations';
import { FUEL_LABELS, STATUS_LABELS } from '../stations';
import { COMPARISON_WORDS } from './sales-comparison';

/**
 * CSV files of the figures a report screen shows (sales, metrics, overview, command centre), built
 * in the browser from the answer already on screen, with the same writer and rules as the list
 * exports: rupees, IST with the offset, headers in words, a byte-order mark.
 */

/** A fuel's quantity header with its unit: `Petrol (L)`. */
function quantityHeader(fuel: TFuel): string {
  return `${FUEL_LABELS[fuel]} (${QUANTITY_UNITS[FUEL_UNITS[fuel]].symbol})`;
}

/** The window a report covers, as two instant columns every row of a summary repeats. */
function windowColumns<T>(window: TTimeWindow): TCsvColumn<T>[] {
  return [
    { key: 'fromAt', header: 'From (IST)', kind: 'instant', value: () => window.startDate },
    { key: 'toAt', header: 'To (IST)', kind: 'instant', value: () => window.endDate },
  ];
}

/**
 * Sales over time: one row per step, revenue and transactions, then each fuel and payment mode and,
 * with a comparison, the compared step's start, revenue and transactions.
 */
export function salesReportCsv(series: TSalesSeries): string {
  const columns: TCsvColumn<TSalesPoint>[] = [
    { key: 'at', header: 'Step start (IST)', kind: 'instant', value: (point) => point.at },
    { key: 'revenuePaise', value: (point) => point.amountPaise },
    { key: 'transactions', value: (point) => point.transactions },
  ];
  for (const { fuel } of series.fuels) {
    columns.push(
      {
        key: `${fuel}Quantity`,
        header: quantityHeader(fuel),
        value: (point) => point.fuels[fuel]?.quantity ?? 0,
      },
      {
        key: `${fuel}Paise`,
        header: `${FUEL_LABELS[fuel]} revenue (₹)`,
        kind: 'money',
        value: (point) => point.fuels[fuel]?.amountPaise ?? 0,
      },
    );
  }
  for (const { mode } of series.paymentMix) {
    columns.push({
      key: `${mode}Paise`,
      header: `${PAYMENT_MODE_LABELS[mode]} (₹)`,
      kind: 'money',
      value: (point) => point.modes[mode]?.amountPaise ?? 0,
    });
  }
  const comparison = series.comparison;
  if (comparison) {
    // The compared step paired with each row; empty where no data is kept (not zero).
    const words = COMPARISON_WORDS[comparison.kind].series;
    const pairs = new Map(series.points.map((point, index) => [point, comparison.points[index]]));
    const compared = (point: TSalesPoint) => pairs.get(point);
    columns.push(
      {
        key: 'comparedAt',
        header: `${words}: step start (IST)`,
        kind: 'instant',
        value: (point) => compared(point)?.at ?? null,
      },
      {
        key: 'comparedRevenuePaise',
        header: `${words}: revenue (₹)`,
        kind: 'money',
        value: (point) => compared(point)?.amountPaise ?? null,
      },
      {
        key: 'comparedTransactions',
        header: `${words}: transactions`,
        value: (point) => compared(point)?.transactions ?? null,
      },
    );
  }
  return csvDocument(columns, series.points);
}

/** The metrics chart: one row per step; a queue figure is empty where no lane was sampled. */
export function metricsReportCsv(metrics: TStationMetrics): string {
  const fuels = [...new Set(metrics.points.flatMap((point) => Object.keys(point.volume) as TFuel[]))];
  const columns: TCsvColumn<TMetricsPoint>[] = [
    { key: 'at', header: 'Step start (IST)', kind: 'instant', value: (point) => point.at },
    ...fuels.map(
      (fuel): TCsvColumn<TMetricsPoint> => ({
        key: `${fuel}Quantity`,
        header: quantityHeader(fuel),
        value: (point) => point.volume[fuel] ?? 0,
      }),
    ),
    { key: 'transactions', value: (point) => point.transactions },
    { key: 'revenuePaise', value: (point) => point.amountPaise },
    { key: 'averageTicketPaise', value: (point) => point.averageTicketPaise },
    { key: 'vehicles', header: 'Vehicles at the entrance', value: (point) => point.vehicles },
    { key: 'queueLength', header: 'Mean queue', value: (point) => point.queueLength },
    { key: 'maxQueueLength', header: 'Longest queue', value: (point) => point.maxQueueLength },
    {
      key: 'waitMinutes',
      header: 'Mean wait (minutes)',
      value: (point) => (point.waitSeconds === null ? null : Math.round((point.waitSeconds / 60) * 10) / 10),
    },
  ];
  return csvDocument(columns, metrics.points);
}

/** One line of a summary: a figure and either its amount (paise) or a quantity with its unit. */
type TSummaryLine = { figure: string; amountPaise?: number | null; quantity?: number | null; unit?: string };

/** The lines of a window's headline figures: revenue, transactions, ticket, each fuel and mode. */
function kpiLines(kpis: TSalesKpis): TSummaryLine[] {
  return [
    { figure: 'Revenue', amountPaise: kpis.revenuePaise },
    { figure: 'Transactions', quantity: kpis.transactions },
    { figure: 'Average ticket', amountPaise: kpis.averageTicketPaise },
    { figure: 'Vehicles served', quantity: kpis.vehiclesServed },
    { figure: 'Open incidents (now)', quantity: kpis.openIncidents },
    ...kpis.fuels.flatMap((fuel): TSummaryLine[] => [
      {
        figure: `${FUEL_LABELS[fuel.fuel]} sold`,
        quantity: fuel.quantity,
        unit: QUANTITY_UNITS[FUEL_UNITS[fuel.fuel]].symbol,
      },
      { figure: `${FUEL_LABELS[fuel.fuel]} revenue`, amountPaise: fuel.amountPaise },
    ]),
    ...kpis.paymentMix.map(
      (mode): TSummaryLine => ({
        figure: `${PAYMENT_MODE_LABELS[mode.mode]} takings`,
        amountPaise: mode.amountPaise,
      }),
    ),
  ];
}

/** A summary file: the window, then one figure per row, money in rupees in its own column. */
function summaryCsv(window: TTimeWindow, lines: readonly TSummaryLine[]): string {
  return csvDocument<TSummaryLine>(
    [
      ...windowColumns<TSummaryLine>(window),
      { key: 'figure', value: (line) => line.figure },
      { key: 'amountPaise', value: (line) => line.amountPaise },
      { key: 'quantity', value: (line) => line.quantity },
      { key: 'unit', value: (line) => line.unit },
    ],
    lines,
  );
}

/** The station overview: the window's headline figures. */
export function overviewReportCsv(overview: TStationOverview): string {
  return summaryCsv(overview.window, kpiLines(overview.kpis));
}

/** The command centre: every visible station with its takings in the window, largest first. */
export function commandReportCsv(command: TCommandCentre): string {
  type TRow = TCommandCentre['stations'][number];
  return csvDocument<TRow>(
    [
      ...windowColumns<TRow>(command.window),
      { key: 'station', value: (row) => row.name },
      { key: 'city', value: (row) => row.city },
      { key: 'status', value: (row) => STATUS_LABELS[row.status] },
      { key: 'revenuePaise', value: (row) => row.revenuePaise },
      { key: 'transactions', value: (row) => row.transactions },
      { key: 'openIncidents', header: 'Open incidents (now)', value: (row) => row.openIncidents },
    ],
    [...command.stations].sort((a, b) => b.revenuePaise - a.revenuePaise),
  );
}

/** `<name>-<yyyymmdd>.csv` for the day the window ends, in IST. */
export function reportFileName(name: string, window: TTimeWindow): string {
  const end = new Date(Date.parse(window.endDate) + IST_OFFSET_MS).toISOString().slice(0, 10);
  return `${name.replace(/[^A-Za-z0-9_-]+/g, '-')}-${end.replaceAll('-', '')}.csv`;
}
