import '@mantine/charts/styles.css';
import { BarChart, DonutChart, LineChart } from '@mantine/charts';
import type { ReactNode } from 'react';
import { formatStepRange, formatStepTick, type TStepScale } from '../format';
import type { TChartRow, TChartSeries } from '../series';
import { CHART_HEIGHT, ChartCard } from './chart-card';

/**
 * The chart screens' drawings (Mantine charts over recharts, following the theme and dark mode).
 * Only the lazily loaded chart routes import this module, so recharts never reaches the app shell.
 * Legends are drawn by {@link ChartCard} as text; tooltips and axes use the IST step labels.
 */

type TValueFormat = (value: number) => string;

/** A chart with its name for assistive technology. */
function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <figure aria-label={label} style={{ margin: 0 }}>
      {children}
    </figure>
  );
}

export type TTimeSeriesChartProps = {
  kind: 'bar' | 'line';
  /** Series add up (revenue by fuel); otherwise they overlap. */
  stacked?: boolean;
  rows: readonly TChartRow[];
  series: readonly TChartSeries[];
  scale: TStepScale;
  /** Values in the tooltip. */
  valueFormatter: TValueFormat;
  /** Values on the y axis (compact); the tooltip format when absent. */
  tickFormatter?: TValueFormat;
  /** Name of the figure for assistive technology. */
  label: string;
  height?: number;
};

/** Up to this many steps a line chart marks each value with a dot. */
const MAX_DOTTED_STEPS = 60;

/** One figure over the steps of a window. */
export function TimeSeriesChart({
  kind,
  stacked = false,
  rows,
  series,
  scale,
  valueFormatter,
  tickFormatter,
  label,
  height = CHART_HEIGHT,
}: TTimeSeriesChartProps) {
  const shared = {
    h: height,
    data: rows as TChartRow[],
    dataKey: 'at',
    series: series.map(({ name, label: seriesLabel, color, dashed }) => ({
      name,
      label: seriesLabel,
      color,
      ...(dashed ? { strokeDasharray: '6 4' } : {}),
    })),
    valueFormatter,
    xAxisProps: {
      tickFormatter: (at: string) => formatStepTick(at, scale),
      minTickGap: 28,
    },
    yAxisProps: { tickFormatter: tickFormatter ?? valueFormatter, width: 64 },
    tooltipProps: { labelFormatter: (at: unknown) => formatStepRange(String(at), scale) },
    tooltipAnimationDuration: 0,
  };
  return (
    <Figure label={label}>
      {kind === 'bar' && <BarChart {...shared} type={stacked ? 'stacked' : 'default'} maxBarWidth={28} />}
      {kind === 'line' && (
        // A step without a value (nothing sold, no sample) is a gap in the line, never a zero or a
        // bridge. Readable windows have few steps, each drawn as a dot so a lone value still shows.
        <LineChart
          {...shared}
          withDots={rows.length <= MAX_DOTTED_STEPS}
          curveType="monotone"
          connectNulls={false}
          strokeWidth={2}
        />
      )}
    </Figure>
  );
}

/** A titled card with one chart over the window; its legend and figure name come from the chart. */
export function TimeChartCard({
  title,
  description,
  testId,
  ...chart
}: Omit<TTimeSeriesChartProps, 'label'> & { title: string; description: string; testId: string }) {
  return (
    <ChartCard title={title} description={description} series={chart.series} testId={testId}>
      <TimeSeriesChart {...chart} label={title} />
    </ChartCard>
  );
}

/** Bars over named categories (the busiest hours of the day). */
export function CategoryBarChart({
  rows,
  dataKey,
  series,
  valueFormatter,
  label,
  height = CHART_HEIGHT,
}: {
  rows: readonly Record<string, string | number>[];
  dataKey: string;
  series: readonly TChartSeries[];
  valueFormatter: TValueFormat;
  label: string;
  height?: number;
}) {
  return (
    <Figure label={label}>
      <BarChart
        h={height}
        data={rows as Record<string, string | number>[]}
        dataKey={dataKey}
        series={series.map(({ name, label: seriesLabel, color }) => ({ name, label: seriesLabel, color }))}
        valueFormatter={valueFormatter}
        yAxisProps={{ width: 48 }}
        maxBarWidth={48}
        tooltipAnimationDuration={0}
      />
    </Figure>
  );
}

/** Shares of a whole (revenue by payment mode) as a ring, the total in the middle. */
export function ShareDonut({
  slices,
  centre,
  valueFormatter,
  label,
  size = 168,
}: {
  slices: readonly { name: string; value: number; color: string }[];
  centre: string;
  valueFormatter: TValueFormat;
  label: string;
  size?: number;
}) {
  return (
    <Figure label={label}>
      <DonutChart
        data={slices.map((slice) => ({ ...slice }))}
        size={size}
        thickness={26}
        chartLabel={centre}
        valueFormatter={valueFormatter}
        tooltipDataSource="segment"
        paddingAngle={1}
      />
    </Figure>
  );
}
