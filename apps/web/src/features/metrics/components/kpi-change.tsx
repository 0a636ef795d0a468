import { Group, Text, VisuallyHidden } from '@mantine/core';
import type { TChange } from '../change';

/** The theme's readable text shades (app/theme: 4.5:1 on the page in both schemes). */
const TONE_COLORS: Record<TChange['tone'], string> = {
  good: 'var(--mantine-color-teal-text)',
  bad: 'var(--mantine-color-red-text)',
  neutral: 'dimmed',
};
const ARROWS: Record<TChange['direction'], string> = { up: '▲', down: '▼', flat: '■' };

/** ▲ 12.3% (teal when good news, red when bad), with the sentence screen readers hear. */
export function KpiChange({
  change,
  testId,
  versus = 'vs previous',
}: {
  change: TChange;
  testId?: string;
  /** The short name of the compared period shown after the figure. */
  versus?: string;
}) {
  return (
    <Group
      gap={4}
      wrap="nowrap"
      data-testid={testId}
      data-tone={change.tone}
      data-direction={change.direction}
    >
      <Text component="span" size="xs" fw={700} c={TONE_COLORS[change.tone]} aria-hidden>
        {ARROWS[change.direction]} {change.percent}
      </Text>
      <Text component="span" size="xs" c="dimmed" aria-hidden>
        {versus}
      </Text>
      <VisuallyHidden>{change.description}</VisuallyHidden>
    </Group>
  );
}

/**
 * A small line of the values over the window, drawn as SVG (no chart library on the tiles).
 * Decorative: the tile's figure and change say what it shows.
 */
export function Sparkline({ values, testId }: { values: readonly number[]; testId?: string }) {
  if (values.length < 2) return null;
  const width = 120;
  const height = 28;
  const max = Math.max(...values);
  const min = Math.min(...values);
  const span = max - min || 1;
  const points = values
    .map((value, index) => {
      const x = (index / (values.length - 1)) * width;
      const y = height - 2 - ((value - min) / span) * (height - 4);
      return `${x.toFixed(1)},${y.toFixed(1)}`;
    })
    .join(' ');
  return (
    <svg
      width="100%"
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      preserveAspectRatio="none"
      aria-hidden
      data-testid={testId}
      style={{ display: 'block' }}
    >
      <polyline
        points={points}
        fill="none"
        stroke="var(--mantine-color-blue-filled)"
        strokeWidth={1.5}
        vectorEffect="non-scaling-stroke"
      />
    </svg>
  );
}
