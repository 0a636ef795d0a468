import type { TFuel, TStationStatus } from '@forecourt/contracts';
import { Badge, Group } from '@mantine/core';
import { FUEL_COLORS, FUEL_LABELS, STATUS_COLORS, STATUS_LABELS } from '../labels';

export function StationStatusBadge({ status }: { status: TStationStatus }) {
  return (
    <Badge variant="dot" color={STATUS_COLORS[status]} tt="none" fw={600}>
      {STATUS_LABELS[status]}
    </Badge>
  );
}

export function FuelBadges({ fuels }: { fuels: readonly TFuel[] }) {
  return (
    <Group gap={4} wrap="wrap">
      {fuels.map((fuel) => (
        <Badge key={fuel} variant="light" color={FUEL_COLORS[fuel]} size="sm" tt="none">
          {FUEL_LABELS[fuel]}
        </Badge>
      ))}
    </Group>
  );
}
