import { Group, Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { TChange } from '../change';
import { KpiChange, Sparkline } from './kpi-change';

/** A headline figure: what it is, the value, and a line of context under it. */
export function KpiTile({
  label,
  value,
  hint,
  icon,
  testId,
  exact,
  change,
  versus,
  noChange,
  trend,
}: {
  label: string;
  value: ReactNode;
  /** The exact figure when `value` is rounded (shown on hover, kept in `data-exact`). */
  exact?: string;
  hint?: ReactNode;
  icon?: ReactNode;
  /** `data-testid` of the tile; its value is `${testId}-value`. */
  testId?: string;
  /** The change against the previous period (`${testId}-change`). */
  change?: TChange | null;
  /** The short name of the compared period after the change ("vs last week"). */
  versus?: string;
  /** Said instead of a change when there is nothing to compare with ("No data last year"). */
  noChange?: string;
  /** The figure over the window's steps, drawn as a sparkline. */
  trend?: readonly number[];
}) {
  return (
    <Paper
      withBorder
      p={{ base: 'sm', sm: 'md' }}
      radius="md"
      data-testid={testId}
      role="group"
      aria-label={label}
    >
      <Stack gap={4}>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text size="xs" c="dimmed" tt="uppercase" fw={600} lh={1.3}>
            {label}
          </Text>
          {icon && (
            <Text c="dimmed" component="span" lh={0} aria-hidden>
              {icon}
            </Text>
          )}
        </Group>
        <Text
          component="div"
          fz={{ base: 18, sm: 24 }}
          fw={700}
          lh={1.2}
          style={{ fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' }}
          data-testid={testId ? `${testId}-value` : undefined}
          title={exact}
          data-exact={exact}
        >
          {value}
        </Text>
        {change && (
          <KpiChange change={change} versus={versus} testId={testId ? `${testId}-change` : undefined} />
        )}
        {!change && noChange && (
          <Text size="xs" c="dimmed" data-testid={testId ? `${testId}-no-change` : undefined}>
            {noChange}
          </Text>
        )}
        {trend && <Sparkline values={trend} testId={testId ? `${testId}-sparkline` : undefined} />}
        {hint && (
          <Text size="xs" c="dimmed" component="div">
            {hint}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

/** Tiles in a grid that folds to three columns, then two on phones. */
export function KpiGrid({ children, columns = 5 }: { children: ReactNode; columns?: number }) {
  return (
    <SimpleGrid cols={{ base: 2, md: Math.min(columns, 3), lg: columns }} spacing={{ base: 'xs', sm: 'md' }}>
      {children}
    </SimpleGrid>
  );
}

/** The grid while its figures load. */
export function KpiGridSkeleton({ count = 5, columns = count }: { count?: number; columns?: number }) {
  return (
    <KpiGrid columns={columns}>
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
        <Paper key={index} withBorder p="md" radius="md">
          <Stack gap={8}>
            <Skeleton height={10} width="55%" />
            <Skeleton height={24} width="75%" />
            <Skeleton height={10} width="40%" />
          </Stack>
        </Paper>
      ))}
    </KpiGrid>
  );
}
