import type { TFuel, TIncidentStatus, TPaymentMode } from '@forecourt/contracts';
import { PAYMENT_MODE_COLORS } from '../operations';
import { FUEL_COLORS } from '../stations';

/** Colours of the chart screens (Mantine colour names with a shade, as the charts take them). */

/** Shade that reads on both the light and the dark background. */
const SHADE = 6;

/** Chart colour of a fuel; diesel's grey badge colour is darkened a step so its bars stay visible. */
export function fuelChartColor(fuel: TFuel): string {
  return fuel === 'diesel' ? 'dark.3' : `${FUEL_COLORS[fuel]}.${SHADE}`;
}

export function paymentModeChartColor(mode: TPaymentMode): string {
  return `${PAYMENT_MODE_COLORS[mode]}.${SHADE}`;
}

const LANE_COLORS = ['blue', 'orange', 'teal', 'grape', 'red', 'cyan', 'lime', 'pink', 'indigo', 'yellow'];

/** A distinct colour per forecourt lane (lanes are numbered from 1). */
export function laneChartColor(lane: number): string {
  return `${LANE_COLORS[Math.abs(lane - 1) % LANE_COLORS.length]}.${SHADE}`;
}

export const INCIDENT_STATUS_LABELS: Record<TIncidentStatus, string> = {
  open: 'Open',
  acknowledged: 'Acknowledged',
  resolved: 'Resolved',
  closed: 'Closed',
};
