import { Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { TChartSeries } from '../series';

/** Height of a chart inside a card, in pixels. */
export const CHART_HEIGHT = 260;

/**
 * A titled card around one chart (or table): title, a sentence on what it shows, the legend of its
 * series (as text, so it reads without the drawing) and the content.
 */
export function ChartCard({
  title,
  description,
  series,
  action,
  children,
  testId,
}: {
  title: string;
  description?: ReactNode;
  series?: readonly TChartSeries[];
  /** Shown at the right of the title, e.g. a switch or a link. */
  action?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Paper withBorder p="md" radius="md" data-testid={testId} component="section" aria-label={title}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Title order={3} size="h5">
              {title}
            </Title>
            {description && (
              <Text size="xs" c="dimmed" component="div">
                {description}
              </Text>
            )}
          </Stack>
          {action}
        </Group>
        {series && series.length > 0 && <SeriesLegend series={series} />}
        {children}
      </Stack>
    </Paper>
  );
}

/** Which colour is which series. */
export function SeriesLegend({ series }: { series: readonly TChartSeries[] }) {
  return (
    <Group gap="md" wrap="wrap" data-testid="chart-legend">
      {series.map((item) => (
        <SeriesName key={item.name} label={item.label} color={item.color} dashed={item.dashed} size="xs" />
      ))}
    </Group>
  );
}

/** A Mantine colour with shade (`'blue.6'`) as a CSS value. */
export const cssColor = (color: string) => `var(--mantine-color-${color.replace('.', '-')})`;

/** A series' colour swatch and its name (legends, table rows). */
export function SeriesName({
  label,
  color,
  dashed = false,
  size = 'sm',
}: {
  label: string;
  color: string;
  /** A dashed line instead of a square, as the series is drawn. */
  dashed?: boolean;
  size?: 'xs' | 'sm';
}) {
  return (
    <Group gap={6} wrap="nowrap">
      <span
        aria-hidden
        data-dashed={dashed || undefined}
        style={
          dashed
            ? {
                display: 'inline-block',
                width: 16,
                height: 0,
                flex: 'none',
                borderTop: `2px dashed ${cssColor(color)}`,
              }
            : {
                display: 'inline-block',
                width: 10,
                height: 10,
                borderRadius: 3,
                flex: 'none',
                background: cssColor(color),
              }
        }
      />
      <Text size={size}>{label}</Text>
    </Group>
  );
}

/** A card-sized block while a chart's data loads. */
export function ChartCardSkeleton({ height = CHART_HEIGHT }: { height?: number }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Skeleton height={14} width="35%" />
        <Skeleton height={10} width="55%" />
        <Skeleton height={height} />
      </Stack>
    </Paper>
  );
}

/** A grid of chart cards while their data loads. */
export function ChartsSkeleton({ count, height }: { count: number; height?: number }) {
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
        <ChartCardSkeleton key={index} height={height} />
      ))}
    </SimpleGrid>
  );
}
