import type { TFuel } from '@forecourt/contracts';
import { Badge } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { EnumBadge } from '../../../components/enum-badge';
import { FUEL_COLORS, FUEL_LABELS } from '../../stations';

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
