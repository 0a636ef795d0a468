import type { TFuel } from '@forecourt/contracts';
import { Badge } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { FUEL_COLORS, FUEL_LABELS } from '../../stations/labels';

/** A value of an enum as a small badge, with the label and colour tables of `labels.ts`. */
export function EnumBadge<T extends string>({
  value,
  labels,
  colors,
  variant = 'light',
}: {
  value: T;
  labels: Record<T, string>;
  colors: Record<T, string>;
  variant?: 'light' | 'dot' | 'outline';
}) {
  return (
    <Badge variant={variant} color={colors[value]} size="sm" tt="none" fw={600} style={{ flexShrink: 0 }}>
      {labels[value]}
    </Badge>
  );
}

export function FuelBadge({ fuel }: { fuel: TFuel }) {
  return <EnumBadge value={fuel} labels={FUEL_LABELS} colors={FUEL_COLORS} />;
}

/** Marks a vehicle on the ANPR watch list (a sighting raises an incident). */
export function WatchlistBadge({ size = 'sm' }: { size?: 'sm' | 'md' }) {
  return (
    <Badge
      color="red"
      variant="filled"
      size={size}
      tt="none"
      leftSection={<IconEye size={12} aria-hidden />}
      data-testid="watchlist-badge"
    >
      Watch list
    </Badge>
  );
}
