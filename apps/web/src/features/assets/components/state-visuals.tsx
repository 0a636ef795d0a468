import type { TDispenserStatus, TFuel, TFuellingPointState, TNozzleStatus } from '@forecourt/contracts';
import { Badge } from '@mantine/core';
import {
  IconAlertTriangle,
  IconDroplet,
  IconPlayerPause,
  IconPlugConnectedX,
  IconTool,
  type TablerIcon,
} from '@tabler/icons-react';
import type { CSSProperties } from 'react';
import { FUEL_COLORS, FUEL_LABELS } from '../../stations';
import {
  DISPENSER_STATUS_LABELS,
  FUELLING_POINT_STATE_COLORS,
  FUELLING_POINT_STATE_LABELS,
  NOZZLE_STATUS_LABELS,
} from '../labels';

/**
 * How a state looks wherever it is shown: a colour *and* an icon (and in the drawing a ring style
 * or pattern), so nothing depends on telling colours apart.
 */
export const FUELLING_POINT_STATE_ICONS: Record<TFuellingPointState, TablerIcon> = {
  idle: IconPlayerPause,
  fuelling: IconDroplet,
  fault: IconAlertTriangle,
  offline: IconPlugConnectedX,
};

const DISPENSER_STATUS_ICONS: Record<TDispenserStatus, TablerIcon> = {
  idle: IconPlayerPause,
  dispensing: IconDroplet,
  fault: IconAlertTriangle,
  offline: IconPlugConnectedX,
  maintenance: IconTool,
};
const DISPENSER_STATUS_COLORS: Record<TDispenserStatus, string> = {
  idle: FUELLING_POINT_STATE_COLORS.idle,
  dispensing: FUELLING_POINT_STATE_COLORS.fuelling,
  fault: FUELLING_POINT_STATE_COLORS.fault,
  offline: FUELLING_POINT_STATE_COLORS.offline,
  maintenance: 'orange',
};

const NOZZLE_STATUS_ICONS: Record<TNozzleStatus, TablerIcon> = {
  idle: IconPlayerPause,
  dispensing: IconDroplet,
  fault: IconAlertTriangle,
  disabled: IconPlugConnectedX,
};
const NOZZLE_STATUS_COLORS: Record<TNozzleStatus, string> = {
  idle: FUELLING_POINT_STATE_COLORS.idle,
  dispensing: FUELLING_POINT_STATE_COLORS.fuelling,
  fault: FUELLING_POINT_STATE_COLORS.fault,
  disabled: FUELLING_POINT_STATE_COLORS.offline,
};

function StatusBadge({ color, Icon, label }: { color: string; Icon: TablerIcon; label: string }) {
  return (
    <Badge
      variant="light"
      color={color}
      tt="none"
      fw={600}
      leftSection={<Icon size={12} stroke={2.2} aria-hidden />}
      style={{ flexShrink: 0 }}
    >
      {label}
    </Badge>
  );
}

export function FuellingPointStateBadge({ state }: { state: TFuellingPointState }) {
  return (
    <StatusBadge
      color={FUELLING_POINT_STATE_COLORS[state]}
      Icon={FUELLING_POINT_STATE_ICONS[state]}
      label={FUELLING_POINT_STATE_LABELS[state]}
    />
  );
}

export function DispenserStatusBadge({ status }: { status: TDispenserStatus }) {
  return (
    <StatusBadge
      color={DISPENSER_STATUS_COLORS[status]}
      Icon={DISPENSER_STATUS_ICONS[status]}
      label={DISPENSER_STATUS_LABELS[status]}
    />
  );
}

export function NozzleStatusBadge({ status }: { status: TNozzleStatus }) {
  return (
    <StatusBadge
      color={NOZZLE_STATUS_COLORS[status]}
      Icon={NOZZLE_STATUS_ICONS[status]}
      label={NOZZLE_STATUS_LABELS[status]}
    />
  );
}

/**
 * A fuel's colours for the drawing as CSS custom properties: shade 7 on the light theme, shade 6 on
 * the dark one (schematic.module.css picks), so grey diesel stays visible on a dark background.
 */
export function fuelStyle(fuel: TFuel): CSSProperties {
  const color = FUEL_COLORS[fuel];
  return {
    '--fuel-light': `var(--mantine-color-${color}-7)`,
    '--fuel-dark': `var(--mantine-color-${color}-6)`,
  } as CSSProperties;
}

/** A fuel as a light badge, as in the station header. */
export function FuelBadge({ fuel }: { fuel: TFuel }) {
  return (
    <Badge variant="light" color={FUEL_COLORS[fuel]} tt="none" style={{ flexShrink: 0 }}>
      {FUEL_LABELS[fuel]}
    </Badge>
  );
}

/** Text that stays readable on the fuel's swatch. */
export function fuelTextColor(fuel: TFuel): string {
  return fuel === 'ev' ? 'var(--mantine-color-black)' : 'var(--mantine-color-white)';
}
