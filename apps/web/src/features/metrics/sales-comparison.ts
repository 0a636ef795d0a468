import { formatDate, type TSalesComparisonKind, type TSalesSeries } from '@forecourt/contracts';
import type { TChartRow, TChartSeries } from './series';

/**
 * The sales screen's "Compare with" choice: how each compared period is named in the control, the
 * chart's legend, the tiles ("vs last week") and the sentences screen readers hear.
 */
export type TComparisonWords = {
  /** In the "Compare with" control. */
  option: string;
  /** The chart series and CSV columns: what the compared figures truly are. */
  series: string;
  /** After a change on a tile. */
  versus: string;
  /** In a sentence: "up 12% on the same days last week". */
  against: string;
};

export const COMPARISON_WORDS: Record<TSalesComparisonKind, TComparisonWords> = {
  previous: {
    option: 'Previous period',
    series: 'Previous period',
    versus: 'vs previous period',
    against: 'the previous period',
  },
  lastWeek: {
    option: 'Same period last week',
    series: 'Same days last week',
    versus: 'vs last week',
    against: 'the same days last week',
  },
  lastYear: {
    // 52 weeks earlier, so weekdays meet weekdays (a Monday is compared with a Monday).
    option: 'Same period last year',
    series: 'Same weekdays last year',
    versus: 'vs last year',
    against: 'the same weekdays last year',
  },
};

/** The two lines of the comparison chart: this window, and the compared one dashed. */
export const comparisonSeries = (kind: TSalesComparisonKind): TChartSeries[] => [
  { name: 'current', label: 'This period', color: 'blue.6' },
  { name: 'compared', label: COMPARISON_WORDS[kind].series, color: 'gray.6', dashed: true },
];

/**
 * Revenue per step of this window beside the compared window's same step (paired by position). A
 * compared step without data is null: a gap in its line, never a zero.
 */
export function comparisonRows(series: TSalesSeries): TChartRow[] {
  const compared = series.comparison?.points ?? [];
  return series.points.map((point, index) => ({
    at: point.at,
    current: point.amountPaise,
    compared: compared[index]?.amountPaise ?? null,
  }));
}

/** "Compared with 12 Nov – 19 Nov 2026" and, without full data, why some or all of it is missing. */
export function comparisonNote(series: TSalesSeries): string | null {
  const comparison = series.comparison;
  if (!comparison) return null;
  const range = `${formatDate(comparison.window.startDate)} – ${formatDate(
    new Date(Date.parse(comparison.window.endDate) - 1).toISOString(),
  )}`;
  if (comparison.coverage === 'full') return `Compared with ${range}.`;
  const since = comparison.dataFrom ? `Sales are kept from ${formatDate(comparison.dataFrom)}.` : '';
  if (comparison.coverage === 'none') return `No data for ${range}. ${since}`.trim();
  return `Compared with ${range}; no data before ${formatDate(comparison.dataFrom ?? comparison.window.startDate)}.`;
}

/** What a tile says when there is nothing full to compare with ("No data for last week"). */
export function noComparisonText(kind: TSalesComparisonKind, coverage: 'partial' | 'none'): string {
  const words = COMPARISON_WORDS[kind].against;
  return coverage === 'none' ? `No data for ${words}` : `Only part of ${words} has data`;
}
