import type { TDispenserStatus, TFuellingPointState, TNozzleStatus } from '@forecourt/contracts';

/** How dispenser, nozzle and fuelling-point states read and look on screen (Mantine colour names). */
export const DISPENSER_STATUS_LABELS: Record<TDispenserStatus, string> = {
  idle: 'Idle',
  dispensing: 'Dispensing',
  fault: 'Fault',
  offline: 'Offline',
  maintenance: 'Maintenance',
};

export const NOZZLE_STATUS_LABELS: Record<TNozzleStatus, string> = {
  idle: 'Idle',
  dispensing: 'Dispensing',
  fault: 'Fault',
  disabled: 'Disabled',
};

export const FUELLING_POINT_STATE_LABELS: Record<TFuellingPointState, string> = {
  idle: 'Idle',
  fuelling: 'Fuelling',
  fault: 'Fault',
  offline: 'Offline',
};

export const FUELLING_POINT_STATE_COLORS: Record<TFuellingPointState, string> = {
  idle: 'gray',
  fuelling: 'blue',
  fault: 'red',
  offline: 'dark',
};
